"""The bytes of every update a phone table sends, per device, over a seeded random game.

A table of ``players`` seats, every one a human on its own phone (the host is seat 0's device,
``phone1``… the others), plays random listed moves chosen by a seeded generator until the game
ends; every `update` a seat's device receives is measured as the compact JSON text the host
sends (``separators=(",", ":")``, UTF-8). ``full`` is the same update with its listing written
out move by move (`expand`), i.e. what it weighed before the compact listing (issue 18), and
``wire`` what the link carries to a phone: a text of more than `PACK_OVER_BYTES` bytes goes packed
(site/js/net/packing.js: PACK_MARK + base64 of deflate-raw; here zlib's deflate-raw at its default
level, as the browser's CompressionStream). Shared by tests/test_update_size.py and
bench/bench.py's section (r).
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

from engine.games.listing import expand
from engine.protocol import Session, handle

PACK_OVER_BYTES = 7000
"""site/js/net/framing.js's PACK_OVER_BYTES: texts of this many UTF-8 bytes or fewer go as they are."""


def _bytes(message: dict[str, Any]) -> int:
    return len(json.dumps(message, separators=(",", ":")).encode())


def packed(text: str) -> str:
    """The text the link sends for ``text``: as it is if short, else PACK_MARK + base64 of its
    deflate-raw bytes."""
    if len(text.encode()) <= PACK_OVER_BYTES:
        return text
    squeeze = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
    raw = squeeze.compress(text.encode()) + squeeze.flush()
    return "\u0002" + base64.b64encode(raw).decode()


def wire_bytes(message: dict[str, Any]) -> int:
    """The bytes of ``message`` on the link to a phone (packed if long)."""
    return len(packed(json.dumps(message, separators=(",", ":"))).encode())


def update_sizes(game: str, players: int, seed: int, max_moves: int = 2000,
                 texts: list[str] | None = None) -> dict[str, dict[str, list[int]]]:
    """Per device ("host", "phone1", …): ``{"sent": [bytes…], "full": […], "wire": […]}`` of each
    update (the host's own seat gets its updates in the page: they never cross a link); the
    texts of the phones' updates are added to ``texts`` if given."""
    session = Session()

    def ask(op: str, **fields: Any) -> dict[str, Any]:
        reply = json.loads(handle(json.dumps({"v": 1, "id": 1, "op": op, **fields}), session))
        assert reply["ok"], reply
        return reply

    rng = random.Random(seed)
    room = f"sizes-{game}-{players}-{seed}"
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
    made = ask("room_create", room=room, game=game, players=players, seats=seats, seed=seed)
    creds = {"host": made["credential"]}
    latest: dict[str, dict[str, Any]] = {}
    sizes: dict[str, dict[str, list[int]]] = {}

    def take(outbox: list[dict[str, Any]]) -> None:
        for entry in outbox:
            msg = entry["message"]
            if msg.get("type") == "update":
                latest[entry["to"]] = msg
                got = sizes.setdefault(entry["to"], {"sent": [], "full": [], "wire": []})
                got["sent"].append(_bytes(msg))
                got["wire"].append(wire_bytes(msg))
                if texts is not None and entry["to"] != "host":
                    texts.append(json.dumps(msg, separators=(",", ":")))
                got["full"].append(_bytes({**msg, "legal_moves": expand(msg["legal_moves"])}))

    take(made["outbox"])
    for i in range(1, players):
        device = f"phone{i}"
        take(ask("room_connect", room=room, device=device)["outbox"])
        out = ask("room_message", room=room, device=device,
                  message={"v": 1, "type": "join", "seat": i, "name": f"P{i}"})["outbox"]
        creds[device] = next(e["message"]["credential"] for e in out
                             if e["to"] == device and e["message"].get("type") == "seated")
        take(out)
    for _ in range(max_moves):
        if any(u.get("over") for u in latest.values()):
            break
        ready = [d for d in creds if latest.get(d, {}).get("legal_moves")]
        if not ready:
            break
        device = rng.choice(ready)
        update = latest[device]
        move = rng.choice(expand(update["legal_moves"]))
        message = {"v": 1, "type": "move", "credential": creds[device], "version": update["version"], "move": move}
        take(ask("room_message", room=room, device=device, message=message)["outbox"])
    return sizes
