"""The page's packing module (site/js/net/packing.js) laid out for node as the site serves it:
js/net/packing.js and framing.js beside vendor/fflate.mjs (npm fflate, dist/vendor/ in the site)."""

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def stage_packing(into: Path) -> Path:
    """Copies the modules under ``into``; answers the path of packing.js there."""
    (into / "js" / "net").mkdir(parents=True, exist_ok=True)
    (into / "vendor").mkdir(exist_ok=True)
    for name in ("packing.js", "framing.js"):
        shutil.copy(ROOT / "site" / "js" / "net" / name, into / "js" / "net" / name)
    shutil.copy(ROOT / "node_modules" / "fflate" / "esm" / "browser.js", into / "vendor" / "fflate.mjs")
    return into / "js" / "net" / "packing.js"
