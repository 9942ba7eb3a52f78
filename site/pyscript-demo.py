# The Python of site/pyscript-demo.html, run by PyScript in Pyodide (both from this site).
# ruff: noqa: F704, PLE1142, S112  (top-level await: PyScript runs this file as a coroutine)
# It does what any rules website written in Python could do with our engine: install the
# wheel with micropip, then call the documented API (README "Engine API").
import html
import importlib.metadata
import json
from urllib.parse import urljoin

import pyodide_js
from pyscript import document, fetch, when, window

PAGE = str(window.location.href)
EXAMPLES = ["splendor-noble", "guild-commission", "stars-constellation", "station-install"]


def el(element_id):
    return document.getElementById(element_id)


def say(text, error=False):
    el("status").innerText = text
    el("status").className = "error" if error else ""


async def get_json(path):
    response = await fetch(urljoin(PAGE, path))
    if not response.ok:
        raise RuntimeError(f"{path}: HTTP {response.status}")
    return json.loads(await response.text())


# ---- install: micropip (by URL: Pyodide's lock file names a rebuilt micropip), then the engine
manifest = await get_json("wheels/manifest.json")
say("Loading micropip…")
errors = []
await pyodide_js.loadPackage(urljoin(PAGE, "wheels/" + manifest["micropip"]), errorCallback=errors.append)
if errors:
    raise RuntimeError("loading micropip failed: " + "; ".join(map(str, errors)))
import micropip

say("Installing the engine wheel with micropip…")
await micropip.install(urljoin(PAGE, "wheels/" + manifest["engine"]))
import engine

dist = importlib.metadata.distribution(importlib.metadata.packages_distributions()["engine"][0])
installer = (dist.read_text("INSTALLER") or "").strip()
el("installed").innerText = f"Installed {dist.metadata['Name']} {dist.version} with {installer}; games: {', '.join(engine.GAMES)}."

# ---- the form: a new game of any engine.GAMES entry, or one of the demo positions
positions = {"": None}
for name in EXAMPLES:
    try:
        example = await get_json(f"examples/{name}.json")
    except Exception:  # noqa: BLE001 - a missing example is simply not offered
        continue
    if example["game"] in engine.GAMES:
        positions[name] = example

el("position").innerHTML = "".join(
    f'<option value="{html.escape(k)}">{html.escape(v["title"] + " (" + engine.GAMES[v["game"]]["title"] + ")") if v else "The start of a new game"}</option>'
    for k, v in positions.items())
el("game").innerHTML = "".join(
    f'<option value="{html.escape(gid)}">{html.escape(info["title"])}</option>' for gid, info in engine.GAMES.items())


def list_moves(*_):
    chosen = positions.get(el("position").value)
    if chosen:
        match = engine.replay(chosen["game"], chosen["players"], chosen.get("options") or {}, chosen["seed"], chosen["moves"])
        what = f"{chosen['title']} ({engine.GAMES[chosen['game']]['title']})"
    else:
        game, players, seed = el("game").value, int(el("players").value), int(el("seed").value)
        match = engine.new_match(game, players, seed=seed)
        what = f"a new game of {engine.GAMES[game]['title']}, {players} players, seed {seed}"
    seat = match.to_act()[0]
    moves = match.legal_moves(seat)
    el("legal-title").innerText = f"{len(moves)} legal moves for seat {seat + 1} in {what}:"
    el("moves").innerHTML = "".join(f"<li>{html.escape(json.dumps(m))}</li>" for m in moves)
    document.body.dataset.result = json.dumps({
        "game": match.game, "seat": seat, "count": len(moves), "moves": moves,
        "installer": installer, "version": dist.version, "games": list(engine.GAMES),
    })
    document.body.dataset.state = "done"


when("click", "#go")(list_moves)
when("change", "#position")(list_moves)
el("position-form").hidden = False
list_moves()
say("Done: the engine was installed with micropip; the moves below were listed by engine.Match.legal_moves.")
