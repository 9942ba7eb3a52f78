"""Runs a small node driver over JSON: the page's pure modules tested under node (listing, packing)."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

NODE = shutil.which("node")


def run_driver(folder: Path, source: str, data: Any, timeout: int = 120) -> Any:
    """Writes ``source`` as folder/driver.mjs and ``data`` as folder/input.json, runs node on them
    (the input's path is ``process.argv[2]``, relative imports resolve from ``folder``) and answers
    the JSON the driver printed; a driver that fails fails the test with its stderr."""
    (folder / "driver.mjs").write_text(source)
    (folder / "input.json").write_text(json.dumps(data))
    assert NODE is not None, "node is not installed"
    done = subprocess.run([NODE, str(folder / "driver.mjs"), str(folder / "input.json")],
                          capture_output=True, text=True, timeout=timeout, cwd=folder)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
