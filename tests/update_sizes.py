"""The bytes of every update a phone table sends, per device, over a seeded random game.

A table of ``players`` seats, every one a human on its own phone (the host is seat 0's device,
``phone1``… the others), plays random listed moves chosen by a seeded generator until the game
ends; every `update` a seat's device receives is measured as the compact JSON text the host
sends (``separators=(",", ":")``, UTF-8). ``full`` is the same update with its listing written
out move by move (`expand`), i.e. what it weighed before the compact listing (issue 18).
Shared by tests/test_update_size.py and bench/bench.py's section (r).
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine.games.listing import expand
from engine.protocol import Session, handle


def _bytes(message: dict[str, Any]) -> int:
    return len(json.dumps(message, separators=(",", ":")).encode())


def update_sizes(game: str, players: int, seed: int, max_moves: int = 2000) -> dict[str, dict[str, list[int]]]:
    """Per device ("host", "phone1", …): ``{"sent": [bytes…], "full": [bytes…]}`` of each update."""
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
                got = sizes.setdefault(entry["to"], {"sent": [], "full": []})
                got["sent"].append(_bytes(msg))
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
