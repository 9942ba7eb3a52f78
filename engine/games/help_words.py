"""The words of "What can I do now?": a seat's listing grouped by kind, one line a group.

`describe(game, moves)` is a pure function of the listing ("Take 3 gems of different colours
(white, blue, green)…"); nothing here decides legality, every line is a summary of listed moves.
It sits with the games' catalogue (the words differ by game) below the table, because the Room
sends it in each seat's `update` (a phone runs no engine); the protocol's ``help`` op
(engine/help.py) uses the same words for a local game.
Tested on CPython with the listings of real positions (tests/test_help.py).
"""

from __future__ import annotations

from typing import Any

from .listing import LatestListings

Move = dict[str, Any]

GEM_ORDER = ("white", "blue", "green", "red", "black")
"""The colours in the order the gem games draw their tokens."""


def _plural(n: int, one: str, many: str | None = None) -> str:
    """``"1 card"`` / ``"3 cards"``."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _colours(names: set[str]) -> str:
    """The colours in table order, joined for a sentence."""
    ordered = [c for c in GEM_ORDER if c in names] + sorted(names - set(GEM_ORDER))
    return ", ".join(ordered)


def _by_type(moves: list[Move]) -> dict[str, list[Move]]:
    """The listed moves grouped by their ``type``, in the order the kinds first appear."""
    groups: dict[str, list[Move]] = {}
    last: Any = groups  # no move's type: the first move looks its group up
    group: list[Move] = []
    for move in moves:
        kind = move.get("type")
        if kind is not last:  # a listing lists its moves of one kind together: one look-up a run
            last = kind
            group = groups.setdefault(str(kind), [])
        group.append(move)
    return groups


def _take_lines(moves: list[Move], verb: str, up_to_three: bool) -> list[str]:
    """Gem taking (Splendor's ``take``, the Guild's ``collect``) in words."""
    three: set[str] = set()
    two_of: set[str] = set()
    fewer: set[str] = set()
    for move in moves:
        gems: dict[str, int] = move.get("gems", {})
        if len(gems) == 1 and sum(gems.values()) == 2:
            two_of |= set(gems)
        elif len(gems) == 3:
            three |= set(gems)
        else:
            fewer |= set(gems)
    lines = []
    if three:
        what = "up to 3 gems of different colours, one of each" if up_to_three else "3 gems of different colours"
        lines.append(f"{verb} {what} (from {_colours(three)}).")
    elif fewer:
        lines.append(f"{verb} 1 or 2 gems of different colours (only {_colours(fewer)} are left).")
    if two_of:
        lines.append(f"{verb} 2 gems of one colour: {_colours(two_of)} (a pile of 4 or more).")
    else:
        lines.append(f"No colour has 4 or more left, so you cannot {verb.lower()} 2 of one colour.")
    return lines


def _gem_game(game: str, groups: dict[str, list[Move]]) -> tuple[str, list[str]]:
    """Splendor and Starlight Guild: a turn, or one of the choices that end it."""
    guild = game == "guild"
    card = "workshop" if guild else "card"
    lines: list[str] = []
    if "return" in groups:
        colours = {c for m in groups["return"] for c in m.get("gems", {})}
        limit = 9 if guild else 10
        return (f"Too many gems: return down to {limit}", [
            f"You hold more than {limit} gems; choose which to give back ({_colours(colours)}), "
            "newly taken ones included."])
    if "noble" in groups:
        return ("Choose a noble", [f"{_plural(len(groups['noble']), 'noble')} would visit you; only one may: "
                                   "choose it (3 prestige)."])
    if "gem" in groups:
        colours = {str(m.get("gem")) for m in groups["gem"]}
        return ("Trading post: a free gem",
                [f"Your trading post gives you 1 gem: choose its colour ({_colours(colours)})."])
    if "keep" in groups:
        return ("Keep one of two cards", ["Your trading post drew two cards from the deck: keep one (hidden); "
                                          "the other goes to the bottom of the deck."])
    if "post" in groups:
        return ("Choose a trading post", [f"You meet the needs of {_plural(len(groups['post']), 'trading post')}; "
                                          "you earn one this turn: choose which."])
    if "stronghold" in groups:
        kinds = {str(m.get("action")) for m in groups["stronghold"]}
        words = {"place": "place one of your strongholds on a market card",
                 "move": "move one of yours to another card",
                 "remove": "remove another seat's lone stronghold"}
        ways = "; or ".join(words[k] for k in ("place", "move", "remove") if k in kinds)
        return ("Your purchase earns a stronghold action",
                [f"Choose one: {ways}. The outlined cards are the ones you may pick."])
    if "conquest" in groups or "skip" in groups:
        lines = ["Your three strongholds stand on one card: you may buy it as an extra purchase (Conquest)."]
        if "skip" in groups:
            lines.append("Or skip the conquest.")
        return ("Conquest", lines)
    take = "collect" if guild else "take"
    if take in groups:
        lines += _take_lines(groups[take], "Collect" if guild else "Take", up_to_three=guild)
    if "reserve" in groups:
        market = sum(1 for m in groups["reserve"] if card in m)
        decks = sum(1 for m in groups["reserve"] if "tier" in m)
        where = f"one of {_plural(market, 'market ' + card)}" if market else ""
        if decks:
            where += (" or " if where else "") + f"the top of {_plural(decks, 'deck')}"
        extra = "one star sand" if guild else "a gold"
        lines.append(f"Reserve {where} (you also get {extra} if any is left).")
    build = "build" if guild else "buy"
    if build in groups:
        n = len({m.get(card) for m in groups[build]})
        verb = "Build" if guild else "Buy"
        lines.append(f"{verb} one of the {_plural(n, card)} you can afford (market or reserved).")
    else:
        lines.append(f"You cannot afford any {card} yet: your bonuses and gems do not cover a cost.")
    if "pass" in groups:
        lines.append("Pass." if guild else "Pass: nothing else is possible.")
    return ("Your turn: choose one", lines)


_STARS_ACTIONS = {
    "scout": "Scouting (light a path to a foraging space)",
    "forage": "Foraging",
    "offer": "Offering",
    "stargaze": "Stargazing",
    "recall": "Recall",
    "gain_stardust": "Gain stardust",
}


def _stars(groups: dict[str, list[Move]]) -> tuple[str, list[str]]:
    """The Girl Who Made the Stars: the phase's choice."""
    lines: list[str] = []
    stardust = len(groups.get("stardust", []))
    tail = ([f"At any time: spend stardust on one of {_plural(stardust, 'cell')} "
             "(as many tokens as lines point into it)."] if stardust else [])
    if "place" in groups or "set_aside" in groups:
        places = groups.get("place", [])
        tiles = {m.get("tile") for m in places}
        cells = {tuple(m.get("cell", ())) for m in places}
        if places:
            lines.append(f"Place one of your {_plural(len(tiles), 'drawn tile')} "
                         f"on one of {_plural(len(cells), 'cell')}, "
                         "either side up, turned any way that fits: every line must meet a line or an empty cell.")
        if "set_aside" in groups:
            lines.append("A tile that fits nowhere is set aside for −1 VP.")
        return ("Stargazing: place your tiles", lines + tail)
    if "bonus" in groups:
        return ("Constellation: take a bonus token", ["Your constellation touches unused bonus tokens: take one "
                                                      "(or none)."] + tail)
    if "ash_keep" in groups or "ash_light" in groups:
        lines.append("Pick one wood-ash token from the dish: keep it to use on your turn, "
                     "or discard it at once for light of a colour it lies on.")
        return ("Wood ash: pick a token", lines + tail)
    if "scout_step" in groups or "scout_cancel" in groups:
        steps = groups.get("scout_step", [])
        spaces = {m.get("space") for m in steps}
        if steps:
            lines.append(f"Scouting: light the next path space ({_plural(len(spaces), 'space')} glow); "
                         "the last one must match the foraging space's colour.")
        if any(m.get("end") for m in steps):
            lines.append("You may end the path here.")
        if "scout_cancel" in groups:
            lines.append("Or take the scouting back.")
        return ("Scouting, step by step", lines + tail)
    actions = [k for k in _STARS_ACTIONS if k in groups]
    if actions:
        words = []
        for k in actions:
            ways = {m.get("via") for m in groups[k]}
            note = " — also free with a wood-ash token" if "ash" in ways and "action" in ways else (
                " — with a wood-ash token (free)" if ways == {"ash"} else "")
            words.append(_STARS_ACTIONS[k] + note)
        lines.append("Take an action: " + "; ".join(words) + ".")
    if "end_turn" in groups:
        lines.append("Or end your turn.")
    if "done" in groups:
        lines.append("Done: finish this step.")
    return ("Your turn: actions", lines + tail) if lines else ("Waiting", tail)


def _station(groups: dict[str, list[Move]]) -> tuple[str, list[str]]:
    """Station: one of acquire, purchase, reconfigure; or the exact-payment bonus."""
    if "bonus" in groups or "decline" in groups:
        n = len(groups.get("bonus", []))
        return ("Exact payment: a bonus credit", [f"You paid exactly: take one of {_plural(n, 'displayed credit')} "
                                                  "worth 3 or less, or decline."])
    lines: list[str] = []
    if "acquire" in groups:
        singles = sum(1 for m in groups["acquire"] if len(m.get("credits", [])) == 1)
        several = len(groups["acquire"]) - singles
        text = "Acquire one displayed credit"
        if several:
            text += ", or up to three from different guilds totalling 7 or less"
        lines.append(text + ".")
    if "purchase" in groups:
        modules = {m.get("module") for m in groups["purchase"]}
        dock = any(m.get("to") == "dock" for m in groups["purchase"])
        lines.append(f"Purchase one of {_plural(len(modules), 'module')}, paying with credits of its guild; install it"
                     + (" or put it in the Dry Dock." if dock else "."))
    else:
        lines.append("You cannot purchase: no module's cost is covered by credits of its own guild.")
    if "reconfigure" in groups:
        ops = {str(m.get("op")) for m in groups["reconfigure"]}
        words = {"install": "install from the Dock", "remove": "remove to the Dock", "exchange": "exchange at a node"}
        lines.append("Reconfigure: " + ", ".join(words[o] for o in ("install", "remove", "exchange") if o in ops)
                     + " (the station must stay legal).")
    if "pass" in groups:
        lines.append("Pass." if len(groups) > 1 else "Pass: no action is possible.")
    return ("Your turn: choose exactly one", lines)


def describe(game: str, moves: list[Move]) -> dict[str, Any]:
    """The choice that ``moves`` (one seat's listing) offers, as ``{"title", "lines", "count"}``.

    An empty listing reads "Nothing to do now"; a game without its own wording lists the kinds.
    """
    if not moves:
        return {"title": "Nothing to do now", "lines": ["Another seat is choosing; your table updates when they have."],
                "count": 0}
    return _DESCRIBED.made(game, moves, lambda listed: _describe(game, listed))


_DESCRIBED = LatestListings()
"""The words of the latest listings (`LatestListings`: a seat's listing that another's move left as it was)."""


def _describe(game: str, moves: list[Move]) -> dict[str, Any]:
    """`describe` of a listing that is not empty, worked out."""
    groups = _by_type(moves)
    if game in ("splendor", "guild"):
        title, lines = _gem_game(game, groups)
    elif game == "stars":
        title, lines = _stars(groups)
    elif game == "station":
        title, lines = _station(groups)
    else:
        title, lines = "Your choice", [f"{kind}: {_plural(len(ms), 'way')}" for kind, ms in groups.items()]
    return {"title": title, "lines": lines, "count": len(moves)}
