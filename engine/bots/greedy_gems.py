"""Heuristic scores of gem-game moves (Splendor, Guild), computed from one seat's view.

The bot aims at the card it can get soonest for the most value, takes the gems that
card still needs, buys what scores, and gives back what it needs least.
"""

from __future__ import annotations

from typing import Any

COLORS = ("white", "blue", "green", "red", "black")


def _me(view: dict[str, Any]) -> dict[str, Any]:
    me: dict[str, Any] = view["seats"][view["seat"]]
    return me


def _missing(card: dict[str, Any], me: dict[str, Any]) -> dict[str, int]:
    """Gems still missing for a card after bonuses and held gems (gold counted as wild)."""
    out = {}
    for c in COLORS:
        need = card["cost"].get(c, 0) - me["bonuses"][c] - me["tokens"][c]
        if need > 0:
            out[c] = need
    return out


def _candidates(view: dict[str, Any]) -> list[dict[str, Any]]:
    me = _me(view)
    cards = [c for row in view["market"] for c in row if c]
    cards += [c for c in me["reserved"] if "id" in c]
    return cards


def _noble_value(view: dict[str, Any], color: str) -> float:
    """How much one more bonus of ``color`` helps toward the nobles still on the table."""
    me = _me(view)
    value = 0.0
    for noble in view["nobles"]:
        short = sum(max(0, n - me["bonuses"][c]) for c, n in noble["needs"].items())
        if noble["needs"].get(color, 0) > me["bonuses"][color]:
            value += 3.0 / (1 + short)
    return value


def _targets(view: dict[str, Any]) -> list[tuple[float, dict[str, Any], dict[str, int]]]:
    """Cards worth aiming at, best first: (value per missing gem, card, missing)."""
    me = _me(view)
    gold = me["tokens"]["gold"]
    out = []
    for card in _candidates(view):
        missing = _missing(card, me)
        short = max(0, sum(missing.values()) - gold)
        value = card["points"] * 2 + 1 + _noble_value(view, card["color"])
        out.append((value / (1 + short), card, missing))
    out.sort(key=lambda t: -t[0])
    return out


def score(view: dict[str, Any], move: dict[str, Any]) -> float:
    """Higher is better."""
    me = _me(view)
    kind = move["type"]
    if kind == "buy":
        card = next(c for c in _candidates(view) if c["id"] == move["card"])
        gold = move["pay"].get("gold", 0)
        return float(100 + card["points"] * 10 + _noble_value(view, card["color"]) * 4 - gold * 2
                     - sum(move["pay"].values()) * 0.1)
    if kind == "take":
        targets = _targets(view)[:3]
        value = 0.0
        for rank, (worth, _card, missing) in enumerate(targets):
            weight = worth / (1 + rank)
            for c, n in move["gems"].items():
                value += weight * min(n, missing.get(c, 0))
        room = 10 - me["token_count"]
        over = sum(move["gems"].values()) - room
        return 10 + value - (3 * over if over > 0 else 0)
    if kind == "reserve":
        if "card" not in move:
            return 1.0 + (0.5 if len(me["reserved"]) < 2 and me["token_count"] < 9 else 0)
        card = next(c for row in view["market"] for c in row if c and c["id"] == move["card"])
        return float(2.0 + card["points"] * 1.5 - len(me["reserved"]) * 2)
    if kind == "return":
        targets = _targets(view)[:2]
        keep = {c: 0.0 for c in COLORS}
        for worth, _card, missing in targets:
            for c in missing:
                keep[c] += worth
        cost = 0.0
        for c, n in move["gems"].items():
            cost += n * (5.0 if c == "gold" else keep.get(c, 0) + 0.1 * me["tokens"][c] * -1)
        return -cost
    if kind == "noble":
        return 1.0
    if kind == "gem":
        targets = _targets(view)[:3]
        return 5 + sum(worth / (1 + rank) * (1 if move["gem"] in missing else 0)
                       for rank, (worth, _card, missing) in enumerate(targets))
    if kind == "keep":
        card = next(c for c in view["pending"]["keep"]["cards"] if c["id"] == move["card"])
        return float(card["points"] * 2 + _noble_value(view, card["color"]))
    if kind == "stronghold":
        return _stronghold_score(view, move)
    if kind == "skip":
        return -1.0
    if kind == "post":
        return 1.0
    return 0.0


def _stronghold_score(view: dict[str, Any], move: dict[str, Any]) -> float:
    """Guard the cards the bot aims at; pile up for a conquest; break up a rival's guard."""
    if move["action"] == "remove":
        return 4.0
    ranks = {card["id"]: worth for worth, card, _missing in _targets(view)}
    held = view.get("strongholds", {}).get(move["card"])
    stacking = 1.0 if held and held["seat"] == view["seat"] else 0.0
    value = ranks.get(move["card"], 0.0) + stacking
    if move["action"] == "move":
        value -= ranks.get(move["from"], 0.0) + 0.5
    return value


def guild_view_as_splendor(view: dict[str, Any]) -> dict[str, Any]:
    """A Guild view in Splendor's words (pouch → tokens, commissions → nobles), same facts."""
    seats = []
    for seat in view["seats"]:
        pouch = seat.get("pouch")
        tokens = {("gold" if k == "star_sand" else k): n for k, n in (pouch or {}).items()}
        seats.append({**seat, "tokens": tokens, "token_count": seat["pouch_total"],
                      "reserved": seat.get("reserved", [])})
    return {**view, "seats": seats, "nobles": view["commissions"], "bank": view["supply"]}


def guild_move_as_splendor(view: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    """A Guild move in Splendor's words; a build gets the payment Guild makes automatically."""
    kind = move["type"]
    if kind == "collect":
        return {"type": "take", "gems": move["gems"]}
    if kind == "reserve":
        return {"type": "reserve", "card": move["workshop"]}
    if kind == "build":
        me = _me(view)
        card = next(c for c in _candidates(view) if c["id"] == move["workshop"])
        short = sum(_missing(card, me).values())
        paid = {c: max(0, card["cost"].get(c, 0) - me["bonuses"][c]) for c in COLORS}
        return {"type": "buy", "card": move["workshop"], "pay": {**paid, "gold": short}}
    if kind == "return":
        return {"type": "return", "gems": {("gold" if k == "star_sand" else k): n for k, n in move["gems"].items()}}
    return move
