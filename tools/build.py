#!/usr/bin/env python3
"""Build the served site into dist/ (gitignored).

    site/*                        -> dist/
    workers/*                     -> dist/worker/
    node_modules/pyodide/<5 files> -> dist/pyodide/
    PeerJS client, qrcode-generator, jsQR, fflate -> dist/vendor/  (the phone table; same origin, no CDN)
    micropip 0.11.1 wheel          -> dist/wheels/   (downloaded once into vendor/)
    the engine wheel (from source) -> dist/wheels/   (rebuilt only when its sources change)
    the engine's memory snapshot   -> dist/wheels/engine-<hash>.snapshot.gz  (tools/snapshot.mjs,
                                      Node; rebuilt only when Pyodide or the wheel changes)
    dist/wheels/manifest.json      {"engine", "micropip", "engine_version", ...}
    dist/simple/tabletop-engine/   a PEP 503 index naming the wheel (micropip's `latest`)
    @pyscript/core dist (no .map)  -> dist/vendor/pyscript/  (for PyScript pages: site/pyscript-demo.html)
    site/sw.js + precache list     -> dist/sw.js     (tools/precache.py; docs/offline.md)

Standard library only, plus `pip` for the two wheels. A second run with nothing changed
copies nothing and builds nothing. Files in dist/ that the build did not produce are
removed, so dist/ is always exactly the current site.

Usage: python tools/build.py [--dist DIR] [--quiet]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import precache  # tools/precache.py: the service worker's precache list

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"  # gitignored cache: downloaded and built wheels
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
# Browser libraries of the phone table (site/js/net/), from npm, served as they are.
VENDOR_FILES = {
    "peerjs.min.js": ROOT / "node_modules" / "peerjs" / "dist" / "peerjs.min.js",  # global `Peer`
    "peerjs.LICENSE.txt": ROOT / "node_modules" / "peerjs" / "LICENSE",  # MIT (qrcode-generator: MIT, in its header)
    "qrcode.mjs": ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.mjs",  # ES module
    # reads QR codes where the browser has no BarcodeDetector (site/js/net/scan.js); global `jsQR`
    "jsqr.js": ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js",
    "jsqr.LICENSE.txt": ROOT / "node_modules" / "jsqr" / "LICENSE",  # Apache-2.0
    # deflate-raw in one task for packed texts on the link (site/js/net/packing.js); ES module
    "fflate.mjs": ROOT / "node_modules" / "fflate" / "esm" / "browser.js",
    "fflate.LICENSE.txt": ROOT / "node_modules" / "fflate" / "LICENSE",  # MIT
}
PYSCRIPT_DIR = ROOT / "node_modules" / "@pyscript" / "core" / "dist"  # served for PyScript pages
PYODIDE_PYTHON = "3.14"  # the Python of the vendored Pyodide (npm pyodide@314.0.7)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
# What goes into the engine wheel (a change to any of these rebuilds it).
ENGINE_SOURCES = ["pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in", "README.md", "engine"]

QUIET = False


def log(msg: str) -> None:
    if not QUIET:
        print(f"build: {msg}", flush=True)


def fail(msg: str) -> None:
    print(f"build: error: {msg}", file=sys.stderr, flush=True)
    raise SystemExit(1)


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def source_files(top: Path):
    """Files below top, skipping caches and build leftovers, in a stable order."""
    if top.is_file():
        yield top
        return
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.endswith(".egg-info"))
        for name in sorted(filenames):
            if not name.endswith((".pyc", ".pyo")):
                yield Path(dirpath) / name


# ---------------------------------------------------------------------------------------
def micropip_wheel() -> Path:
    """The micropip wheel for Pyodide's Python, downloaded once into vendor/."""
    wheel = VENDOR / MICROPIP_WHEEL
    if wheel.is_file():
        return wheel
    VENDOR.mkdir(exist_ok=True)
    log(f"downloading {MICROPIP_WHEEL} (Python {PYODIDE_PYTHON})")
    # --python-version matters: a plain download on this CPython silently picks an old
    # micropip that does not run on Pyodide's Python.
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
           "--python-version", PYODIDE_PYTHON, f"micropip=={MICROPIP_VERSION}", "-d", str(VENDOR)]
    if subprocess.run(cmd).returncode != 0 or not wheel.is_file():
        fail("could not download the micropip wheel (see pip's message above)")
    return wheel


def engine_wheel() -> Path:
    """The engine wheel built from source; cached in vendor/ under a hash of its sources."""
    if not (ROOT / "pyproject.toml").is_file() or not (ROOT / "engine").is_dir():
        fail("no pyproject.toml or engine/ at the repository root: nothing to build the engine wheel from")
    h = hashlib.sha256()
    for name in ENGINE_SOURCES:
        top = ROOT / name
        if not top.exists():
            continue
        for f in source_files(top):
            h.update(f.relative_to(ROOT).as_posix().encode() + b"\0")
            h.update(f.read_bytes() + b"\0")
    key = h.hexdigest()[:16]
    cache = VENDOR / "engine-wheel" / key
    found = sorted(cache.glob("*.whl")) if cache.is_dir() else []
    if len(found) == 1:
        return found[0]
    log("building the engine wheel from source")
    t = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="engine-wheel-") as tmp:
        # Build from a clean copy of the sources: setuptools reuses build/ otherwise, and a
        # module deleted from engine/ would live on in the wheel.
        src = Path(tmp) / "src"
        for name in ENGINE_SOURCES:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, src / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
            elif (ROOT / name).is_file():
                src.mkdir(exist_ok=True)
                shutil.copy2(ROOT / name, src / name)
        out = Path(tmp) / "out"
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(src), "-w", str(out)]
        if subprocess.run(cmd, cwd=tmp).returncode != 0:
            fail("`pip wheel` failed to build the engine wheel (see pip's message above)")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1:
            fail(f"expected one wheel from `pip wheel`, got {[w.name for w in wheels]}")
        wheel = wheels[0]
        if not wheel.name.endswith("-py3-none-any.whl"):
            fail(f"the engine wheel must be pure Python (py3-none-any), got {wheel.name}")
        # keep only the current wheel in the cache
        shutil.rmtree(VENDOR / "engine-wheel", ignore_errors=True)
        cache.mkdir(parents=True)
        shutil.move(str(wheel), cache / wheel.name)
    log(f"built {wheel.name} in {time.perf_counter() - t:.1f} s")
    return cache / wheel.name


def engine_snapshot(wheel: Path) -> Path:
    """Pyodide's memory with the engine imported, gzipped (tools/snapshot.mjs; docs/worker.md
    "The memory snapshot"); cached in vendor/ under a hash of Pyodide's files, the wheel and
    the script that makes it."""
    h = hashlib.sha256()
    for f in [*(PYODIDE_DIR / name for name in PYODIDE_FILES), wheel, ROOT / "tools" / "snapshot.mjs"]:
        h.update(f.name.encode() + b"\0" + sha256(f).encode() + b"\0")
    key = h.hexdigest()[:16]
    out = VENDOR / "engine-snapshot" / f"engine-{key}.snapshot.gz"
    if out.is_file():
        return out
    node = shutil.which("node")
    if node is None:
        fail("Node.js is needed to make the engine snapshot (tools/snapshot.mjs)")
    log("making the engine's memory snapshot (Pyodide in Node)")
    t = time.perf_counter()
    shutil.rmtree(VENDOR / "engine-snapshot", ignore_errors=True)  # keep only the current one
    out.parent.mkdir(parents=True)
    tmp = out.with_suffix(".part")
    cmd = [node, str(ROOT / "tools" / "snapshot.mjs"), str(PYODIDE_DIR), str(wheel), str(tmp)]
    if subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL if QUIET else None).returncode != 0 or not tmp.is_file():
        fail("tools/snapshot.mjs failed to make the engine snapshot (see its message above)")
    tmp.rename(out)
    log(f"made {out.name} ({out.stat().st_size / 1e6:.1f} MB) in {time.perf_counter() - t:.1f} s")
    return out


def wheel_version(wheel: Path) -> str:
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA") and n.count("/") == 1)
        for line in z.read(meta).decode("utf-8").splitlines():
            if line.startswith("Version:"):
                return line.split(":", 1)[1].strip()
    fail(f"no Version in {wheel.name}")


def simple_index(dist: Path, wheel: Path, digest: str) -> dict[Path, bytes]:
    """A PEP 503 package index naming the engine wheel: the `latest` alias of its URL.

    `micropip.install("tabletop-engine", index_urls=["<site>/simple/{package_name}/"])` takes the
    newest version listed here; `<site>/wheels/<wheel file>` is the stable URL of one version
    (docs/embed.md "The wheel from other sites"). Static files only: any static host serves them.
    """
    project = wheel.name.split("-")[0].replace("_", "-").lower()
    link = f'<a href="../../wheels/{wheel.name}#sha256={digest}">{wheel.name}</a>'
    def html(title: str, body: str) -> bytes:
        head = f'<!doctype html>\n<html><head><meta charset="utf-8"><title>{title}</title></head>\n'
        return (head + f"<body>\n{body}<br>\n</body></html>\n").encode()

    page = html(f"Links for {project}", link)
    root = html("Simple index", f'<a href="{project}/">{project}</a>')
    return {dist / "simple" / project / "index.html": page, dist / "simple" / "index.html": root}


# ---------------------------------------------------------------------------------------
def same(src: Path, dst: Path) -> bool:
    try:
        a, b = src.stat(), dst.stat()
    except FileNotFoundError:
        return False
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def sync(plan: dict[Path, Path], generated: dict[Path, bytes], dist: Path) -> int:
    """Make dist/ hold exactly plan (dest -> source) plus generated (dest -> bytes)."""
    changed = 0
    for dst, src in plan.items():
        if not same(src, dst):
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
            changed += 1
    for dst, data in generated.items():
        if not (dst.is_file() and dst.read_bytes() == data):
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(data)
            changed += 1
    wanted = set(plan) | set(generated)
    for f in sorted(dist.rglob("*"), reverse=True):
        if f.is_file() and f not in wanted:
            f.unlink()
            changed += 1
        elif f.is_dir() and not any(f.iterdir()):
            f.rmdir()
    return changed


def build(dist: Path) -> dict:
    t = time.perf_counter()
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_DIR / f).is_file()]
    if missing:
        fail(f"node_modules/pyodide lacks {missing}: run `npm ci` first")
    for folder in ("site", "workers"):
        if not (ROOT / folder).is_dir():
            fail(f"no {folder}/ folder")

    plan: dict[Path, Path] = {}
    for folder, target in (("site", dist), ("workers", dist / "worker")):
        for f in source_files(ROOT / folder):
            plan[target / f.relative_to(ROOT / folder)] = f
    for name in PYODIDE_FILES:
        plan[dist / "pyodide" / name] = PYODIDE_DIR / name
    if not (PYSCRIPT_DIR / "core.js").is_file():
        fail("node_modules/@pyscript/core/dist lacks core.js: run `npm ci` first")
    for f in source_files(PYSCRIPT_DIR):
        if not f.name.endswith(".map"):
            plan[dist / "vendor" / "pyscript" / f.relative_to(PYSCRIPT_DIR)] = f
    for name, src in VENDOR_FILES.items():
        if src.is_file():
            plan[dist / "vendor" / name] = src
        elif not name.endswith(".LICENSE.txt"):
            fail(f"{src.relative_to(ROOT)} is missing: run `npm ci` first")
    mp = micropip_wheel()
    eng = engine_wheel()
    plan[dist / "wheels" / mp.name] = mp
    plan[dist / "wheels" / eng.name] = eng
    snap = engine_snapshot(eng)
    plan[dist / "wheels" / snap.name] = snap

    manifest = {
        "engine": eng.name,
        "micropip": mp.name,
        "engine_version": wheel_version(eng),
        "engine_sha256": sha256(eng),
        # uncompressed sizes, so the worker can show byte progress whatever the server does
        "pyodide_bytes": {name: (PYODIDE_DIR / name).stat().st_size for name in PYODIDE_FILES},
        # the engine's memory snapshot (workers/engine-snapshot.js) and its size as served
        "snapshot": snap.name,
        "snapshot_bytes": snap.stat().st_size,
    }
    text = (json.dumps(manifest, indent=2) + "\n").encode()
    generated = {dist / "wheels" / "manifest.json": text, **simple_index(dist, eng, manifest["engine_sha256"])}
    if dist / precache.SW_NAME in plan:  # the service worker carries the precache list and version
        sw_source = plan.pop(dist / precache.SW_NAME).read_bytes()
        generated[dist / precache.SW_NAME] = precache.service_worker(sw_source, precache.hashes(plan, generated, dist))
    changed = sync(plan, generated, dist)
    log(f"dist/ ready ({len(plan) + len(generated)} files, {changed} changed) in {time.perf_counter() - t:.2f} s")
    return manifest


def main(argv: list[str] | None = None) -> int:
    global QUIET
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="output folder (default: dist/)")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    QUIET = args.quiet
    dist = Path(args.dist).resolve()
    dist.mkdir(parents=True, exist_ok=True)
    # the build deletes what it did not produce: only ever in an empty or built folder
    if any(dist.iterdir()) and not (dist / "wheels" / "manifest.json").is_file():
        fail(f"{dist} is neither empty nor a previous build; refusing to write into it")
    build(dist)
    return 0


if __name__ == "__main__":
    sys.exit(main())
