#!/usr/bin/env bash
# README command 2: set up everything (venv, npm ci, Debian's Chromium if missing), build
# the site and run every test: pytest tests (engine, CPython) and e2e (real Chromium).
#   bash scripts/test.sh            # the whole suite
#   bash scripts/test.sh -k boot    # extra arguments go to pytest
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
setup_python
setup_node
build_site
say "pytest tests e2e $*"
export E2E_NO_BUILD=1  # just built
exec "$PY" -m pytest tests e2e "$@"
