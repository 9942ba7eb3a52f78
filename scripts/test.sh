#!/usr/bin/env bash
# README command 2: set up everything (venv, npm ci, Debian's Chromium if missing), build
# the site and run every test: pytest tests (engine, CPython) and e2e (real Chromium).
#   bash scripts/test.sh            # the whole suite in 2 processes (pytest-xdist's `load`: each takes
#                                   # two tests at a time as it frees up: the browser tests marked `long` first,
#                                   # then the other browser tests, then the engine tests, which fill the
#                                   # end (e2e/conftest.py); one Chromium a process); prints the 30
#                                   # slowest tests
#   bash scripts/test.sh e2e -k boot   # arguments replace the default `tests e2e`
source "$(dirname "${BASH_SOURCE[0]}")/_setup.sh"
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium
fi
setup_python
setup_node
build_site
# `load`, not `loadgroup` with xdist_group marks: with pytest 9.2 and pytest-xdist 3.8 a mark
# never reached the scheduler (xdist renames `item._nodeid`, which pytest 9.2 no longer reads),
# so the groups e2e/conftest.py used to set ran as `load` all along; its two processes were busy
# 1,269 and 1,239 s in a run of 1,286 s (2026-12-07). Three processes were no faster: 1,306 s.
# --maxschedchunk 2: `load` would otherwise hand each process a quarter of its share at once (277
# consecutive tests here), all of the long browser tests to the first process.
[ $# -gt 0 ] || set -- tests e2e -n 2 --dist load --maxschedchunk 2 --durations=30
say "pytest $*"
export E2E_NO_BUILD=1  # just built
# WebRTC in Chromium needs a network namespace with an interface and a default route
# (../shared/TESTING.md). pytest runs inside a private one made here: loopback plus a veth
# pair that leads nowhere, so nothing the tests start can reach outside this machine. As root
# (CI), or through an unprivileged user namespace; elsewhere the WebRTC tests skip and say why.
# addrgenmode none: no IPv6 link-local addresses appear on the veths a second later (Chromium
# counts an address change as a network change and fails the page loads then in flight,
# net::ERR_NETWORK_CHANGED, so the first e2e test of a run could hang at "Starting…").
NETNS='ip link set lo up && ip link add v0 type veth peer name v1 &&
  ip link set v0 addrgenmode none && ip link set v1 addrgenmode none && ip addr add 198.51.100.1/24 dev v0 &&
  ip link set v0 up && ip link set v1 up && ip route add default via 198.51.100.2 dev v0 && exec "$@"'
command -v ip >/dev/null || [ "$(id -u)" -ne 0 ] || apt_install iproute2
if command -v ip >/dev/null; then
  if [ "$(id -u)" -eq 0 ] && unshare -n true 2>/dev/null; then
    exec unshare -n sh -c "$NETNS" sh "$PY" -m pytest "$@"
  elif unshare -rn true 2>/dev/null; then
    exec unshare -rn sh -c "$NETNS" sh "$PY" -m pytest "$@"
  fi
fi
say "no private network namespace here (needs root or user namespaces, and iproute2): the WebRTC tests will skip"
exec "$PY" -m pytest "$@"
