#!/usr/bin/env bash
# README command 2: set up everything (venv, npm ci, Debian's Chromium if missing), build
# the site and run every test: pytest tests (engine, CPython) and e2e (real Chromium).
#   bash scripts/test.sh            # the whole suite (2 processes: engine tests on both cores,
#                                   # the browser tests together on one)
#   bash scripts/test.sh e2e -k boot   # arguments replace the default `tests e2e`
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
setup_python
setup_node
build_site
[ $# -gt 0 ] || set -- tests e2e -n 2 --dist loadgroup
say "pytest $*"
export E2E_NO_BUILD=1  # just built
exec "$PY" -m pytest "$@"
