# Shared set-up for scripts/serve.sh and scripts/test.sh (sourced, not run).
# Idempotent: each step is skipped when what it made is still current.
#   .venv/         Python venv with the engine (editable) and requirements-dev.txt
#   node_modules/  `npm ci` from package-lock.json (Pyodide)
#   dist/          the built site (tools/build.py; fast when nothing changed)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="$ROOT/.venv"
PY="$VENV/bin/python"

say() { printf '== %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# root runs apt-get itself; anyone else goes through sudo
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  say "installing $* with apt-get"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

fingerprint() { cat "$@" 2>/dev/null | sha256sum | cut -d' ' -f1; }

setup_python() {
  command -v python3 >/dev/null || apt_install python3 python3-venv
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || die "Python 3.11 or newer is needed (python3 is $(python3 -V))"
  if [ ! -x "$PY" ]; then
    say "creating the Python venv in .venv"
    if ! python3 -m venv "$VENV" 2>/dev/null; then
      rm -rf "$VENV"
      apt_install python3-venv
      python3 -m venv "$VENV"
    fi
  fi
  local want; want="$(fingerprint pyproject.toml requirements-dev.txt)"
  if [ "$(cat "$VENV/.setup-stamp" 2>/dev/null)" != "$want" ]; then
    say "installing the engine (editable) and the test tools into .venv"
    "$PY" -m pip install --quiet --disable-pip-version-check -e . -r requirements-dev.txt
    echo "$want" > "$VENV/.setup-stamp"
  fi
}

setup_node() {
  command -v npm >/dev/null || apt_install nodejs npm
  local want; want="$(fingerprint package.json package-lock.json)"
  if [ ! -f node_modules/pyodide/pyodide.mjs ] || [ "$(cat node_modules/.setup-stamp 2>/dev/null)" != "$want" ]; then
    say "npm ci (Pyodide)"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > node_modules/.setup-stamp
  fi
}

build_site() {
  "$PY" tools/build.py
}
