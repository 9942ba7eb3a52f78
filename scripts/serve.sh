#!/usr/bin/env bash
# README command 1: set up everything, build the site into dist/ and serve it on loopback.
#   bash scripts/serve.sh            # http://127.0.0.1:8000/
#   PORT=9000 bash scripts/serve.sh
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
setup_python
setup_node
build_site
exec "$PY" tools/serve.py --port "${PORT:-8000}" --dir "$ROOT/dist"
