#!/usr/bin/env python3
"""Serve a built site (dist/) on loopback with the right MIME types.

    python tools/serve.py [--port 8000] [--dir dist] [--host 127.0.0.1] [--peer-port 9000]

--port 0 picks a free port. The first line printed is the URL ("Serving <dir> at <url>"),
which the e2e fixtures read. Standard library only.

--peer-port N also starts the PeerJS signalling server of the phone tables (npm `peer`,
`node node_modules/peer/dist/bin/peerjs.js`) on the same host, path --peer-path (/peerjs),
as site/config.json expects by default; it is stopped with this server (Ctrl-C, SIGTERM, or
this process dying). `PeerServer` runs one on a free port for the e2e tests and benchmarks.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


# What other sites may fetch (CORS: `Access-Control-Allow-Origin: *`, docs/embed.md "Deployment"):
# the wheels and their manifest (micropip.install from a PyScript or Pyodide page elsewhere),
# the package index that names the latest wheel (simple/), Pyodide's own files (a page elsewhere
# may load Pyodide from here too), the example positions, and the one-line embed's script
# (embed/board.js, a module script: browsers load those in CORS mode). Everything else
# (pages, the app's scripts, the workers) stays same-origin only.
CORS_PREFIXES = ("/wheels/", "/simple/", "/pyodide/", "/examples/", "/embed/")


def cors_path(path: str) -> bool:
    """True if the URL path (query ignored) is one other origins may read."""
    return path.split("?", 1)[0].split("#", 1)[0].startswith(CORS_PREFIXES)


class Link:
    """One shared link of a fixed rate, for benchmarks (`--rate`): every response's bytes,
    from every connection together, leave no faster than `bits_per_s`, after `rtt_s` of
    latency per response — as a phone on a mobile network would see a site."""

    def __init__(self, bits_per_s: float, rtt_s: float) -> None:
        self.bytes_per_s = bits_per_s / 8
        self.rtt_s = rtt_s
        self.lock = threading.Lock()
        self.free_at = 0.0  # when the link has sent everything queued so far

    def send(self, out, data: bytes) -> None:
        """Write data to out at the link's rate (in 16 KiB slices, shared fairly)."""
        for i in range(0, len(data), 16384):
            piece = data[i:i + 16384]
            with self.lock:
                start = max(time.monotonic(), self.free_at)
                self.free_at = start + len(piece) / self.bytes_per_s
                done = self.free_at
            time.sleep(max(0.0, done - time.monotonic()))
            out.write(piece)


class Handler(http.server.SimpleHTTPRequestHandler):
    # not ClassVar: the base class declares extensions_map as an instance variable (mypy would refuse)
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012
    quiet = True
    isolate = False
    link: Link | None = None  # --rate: a slow shared link (benchmarks only)

    def copyfile(self, source, outputfile):
        if self.link is None:
            super().copyfile(source, outputfile)
            return
        time.sleep(self.link.rtt_s)
        self.link.send(outputfile, source.read())

    def end_headers(self):
        # Revalidate every time (a 304 when unchanged): a rebuilt wheel with the same
        # version is never served stale from the browser's cache during development.
        self.send_header("Cache-Control", "no-cache")
        if cors_path(self.path):
            # public files, read without credentials: any origin may read them, and a
            # cross-origin-isolated page (COEP require-corp) may load them too
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Cross-Origin-Resource-Policy", "cross-origin")
        if self.isolate:
            # cross-origin isolation (SharedArrayBuffer, measureUserAgentSpecificMemory)
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def do_OPTIONS(self):
        """A CORS preflight (a page elsewhere sending headers beyond the simple ones)."""
        if not cors_path(self.path):
            self.send_error(405)
            return
        self.send_response(204)
        self.send_header("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS")
        self.send_header("Access-Control-Allow-Headers", self.headers.get("Access-Control-Request-Headers") or "*")
        self.send_header("Access-Control-Max-Age", "86400")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class BackgroundServer:
    """This script in a `timeout`-bounded subprocess on a free loopback port (for the e2e
    fixtures and the benchmark). `.url` is its root URL; call `.stop()` when done."""

    def __init__(self, folder: Path | str, lifetime_s: int = 3600, extra_args: list[str] | None = None):
        cmd = ["timeout", str(lifetime_s), sys.executable, "-u", str(Path(__file__).resolve()),
               "--port", "0", "--dir", str(folder), *(extra_args or [])]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        lines: queue.Queue[str] = queue.Queue()
        self.output: list[str] = []  # every line the server printed (its request log with --log)

        def read() -> None:
            for line in self.proc.stdout:
                self.output.append(line)
                lines.put(line)

        threading.Thread(target=read, daemon=True).start()
        try:
            first = lines.get(timeout=30)
        except queue.Empty:
            self.stop()
            raise RuntimeError("tools/serve.py printed nothing in 30 s") from None
        m = re.search(r"(http://127\.0\.0\.1:\d+/)", first)
        if not m:
            self.stop()
            raise RuntimeError(f"tools/serve.py did not start: {first.strip()}")
        self.url = m.group(1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


PEER_SERVER = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    """In the child: get SIGTERM when the parent dies (Linux), so no server outlives us."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class PeerServer:
    """The PeerJS signalling server (npm `peer`) on loopback, bounded by `timeout`.
    `.port`, `.path`; call `.stop()` when done."""

    def __init__(self, port: int = 0, host: str = "127.0.0.1", path: str = "/peerjs", lifetime_s: int | None = 3600):
        if not PEER_SERVER.is_file():
            raise RuntimeError(f"{PEER_SERVER.relative_to(ROOT)} is missing: run `npm ci`")
        self.host, self.path = host, path
        self.port = port or free_port(host)
        cmd = ["node", str(PEER_SERVER), "--port", str(self.port), "--host", host, "--path", path]
        if lifetime_s:
            cmd = ["timeout", str(lifetime_s), *cmd]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     preexec_fn=_die_with_parent)
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.proc.stdout], daemon=True).start()
        seen = []
        while True:
            try:
                line = lines.get(timeout=20)
            except queue.Empty:
                self.stop()
                raise RuntimeError(f"the PeerJS server did not start: {''.join(seen)}") from None
            seen.append(line)
            if "Started PeerServer" in line:
                break
            if self.proc.poll() is not None or "Error" in line:
                self.stop()
                raise RuntimeError(f"the PeerJS server did not start: {''.join(seen)}")
        self.url = f"http://{host}:{self.port}{path}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve the built site on loopback.")
    ap.add_argument("--port", type=int, default=8000, help="port (0 = any free port; default 8000)")
    ap.add_argument("--dir", default=str(ROOT / "dist"), help="folder to serve (default: dist/)")
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--log", action="store_true", help="log every request")
    ap.add_argument("--isolate", action="store_true", help="send COOP/COEP headers (cross-origin isolation)")
    ap.add_argument("--rate", type=float, default=0,
                    help="benchmarks: send at most this many Mbit/s over all connections together (0: no limit)")
    ap.add_argument("--rtt", type=float, default=0.05, help="with --rate: seconds of latency per response")
    ap.add_argument("--peer-port", type=int, default=0,
                    help="also run the PeerJS signalling server on this port (0: no)")
    ap.add_argument("--peer-path", default="/peerjs",
                    help="the PeerJS server's path (default /peerjs, as in site/config.json)")
    args = ap.parse_args(argv)
    folder = Path(args.dir).resolve()
    if not (folder / "index.html").is_file() and not (folder / "wheels").is_dir():
        print(f"serve: {folder} does not look like a built site; run `python tools/build.py`", file=sys.stderr)
        return 1
    Handler.quiet = not args.log
    Handler.isolate = args.isolate
    Handler.link = Link(args.rate * 1e6, args.rtt) if args.rate > 0 else None
    server = Server((args.host, args.port), functools.partial(Handler, directory=str(folder)))
    host, port = server.server_address[:2]
    print(f"Serving {folder} at http://{host}:{port}/", flush=True)
    peers = None
    # SIGTERM stops everything like Ctrl-C does
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        if args.peer_port:
            peers = PeerServer(args.peer_port, args.host, args.peer_path, lifetime_s=None)
            print(f"PeerJS signalling server (phone tables) at {peers.url}", flush=True)
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    except RuntimeError as exc:
        print(f"serve: {exc}", file=sys.stderr, flush=True)
        return 1
    finally:
        server.server_close()
        if peers:
            peers.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
