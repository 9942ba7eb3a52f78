#!/usr/bin/env bash
# README command 1: set up everything, build the site into dist/ and serve it on loopback,
# with the PeerJS signalling server of the phone tables next to it (both stop on Ctrl-C).
#   bash scripts/serve.sh            # http://127.0.0.1:8000/ and the signalling server on :9000
#   PORT=8080 bash scripts/serve.sh
#   HOST=0.0.0.0 bash scripts/serve.sh   # phones on the local network can reach both
# PEER_PORT (default 9000) must match "signalling.port" in site/config.json (docs/net.md).
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
setup_python
setup_node
build_site
exec "$PY" tools/serve.py --host "${HOST:-127.0.0.1}" --port "${PORT:-8000}" --dir "$ROOT/dist" \
  --peer-port "${PEER_PORT:-9000}"
