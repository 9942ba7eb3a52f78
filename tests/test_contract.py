"""The rules contract every game meets (engine/games/base.py; docs/architecture.md).

In the spirit of OpenSpiel's ``random_sim_test``: for every game in `engine.GAMES`, every
combination of its on/off options, and every seat count, seeded random games are played to
the end — each step a seat picked from ``to_act()`` and one of its listed moves, sent through
``json.dumps``/``json.loads`` as a device would send it. At sampled positions ("probes"):

- who acts: ``waiting_for() ⊆ to_act()``, not empty while the game goes on; a seat that may not
  act has no legal moves and its moves are refused;
- listed moves are accepted (each on a copy of the match);
- near misses of listed moves (one field changed, removed, of another type; an unexpected
  field) are refused with `IllegalMove`, a reason in words that never calls the move legal,
  and nothing changes, byte for byte;
- a snapshot restores to the same match: same snapshot, seats, views and moves;
- redaction at the source: copies that differ only in hidden information
  (tests/contract_hidden.py) look the same to every seat but the owner and to the public view;
- every bot in `engine.bots.BOTS` picks a listed move and changes nothing;
- everything crossing the boundary is plain JSON with integers within ±2^53.

At the end: nobody acts, no moves are listed, a move is refused; the result names scores and
winners; replaying options + seed + log, and restoring the middle snapshot and playing on, give
the same snapshot byte for byte. The random player is the fuzz tests' (tests/random_play.py).

A new game passes this file by adding its line to `engine.games.GAME_INFO`, its folder, and its
hidden-information copies in tests/contract_hidden.py.
"""

import functools
import inspect
import itertools
import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from contract_hidden import HIDDEN, canonical, copy_of, seen_by, variants
from random_play import random_step

import engine
from engine import IllegalMove
from engine.bots import BOTS, choose_move
from engine.games import GAME_INFO, rules_for
from engine.games.base import Rules, TableFacts
from engine.rng import Rng
from engine.table.policies import TablePolicy, policy_for

ROOT = Path(__file__).resolve().parents[1]
MAX_STEPS = 5000
PROBE_EVERY = 23  # steps between probes (odd, so probes fall in every phase of a turn)
BOT_PROBES = 2  # probes per game at which every bot is asked for a move
RESTORE_PROBES = 2  # probes per game restored from a snapshot (the others copy the state)
LISTED_PER_PROBE = 3  # listed moves played on copies, and mutated into near misses, per probe
LIMIT = 2**53


def option_combinations(game):
    """The game's defaults, then every combination of its on/off options."""
    defaults = engine.GAMES[game]["options"]
    switches = sorted(k for k, v in defaults.items() if type(v) is bool)
    for values in itertools.product([False, True], repeat=len(switches)):
        yield {**defaults, **dict(zip(switches, values, strict=True))}


CONFIGS = [(game, options) for game in engine.GAMES for options in option_combinations(game)]
def case_id(game, options, players):
    return f"{game}-{'+'.join(k for k, v in options.items() if v) or 'base'}-{players}"


CASES = [
    pytest.param(game, options, players, id=case_id(game, options, players))
    for game, options in CONFIGS
    for players in range(engine.GAMES[game]["min_players"], engine.GAMES[game]["max_players"] + 1)
]


# ----- helpers -----------------------------------------------------------------------------

def snap(match):
    return canonical(match.snapshot())


def listed(moves):
    return {canonical(m) for m in moves}


def assert_plain_json(value, what):
    assert json.loads(json.dumps(value)) == value, f"{what} is plain JSON"
    for number in _numbers(value):
        assert -LIMIT <= number <= LIMIT, f"{what}: {number} is outside ±2^53"


def _numbers(value):
    if type(value) is int:
        yield value
    elif type(value) is dict:
        for inner in value.values():
            yield from _numbers(inner)
    elif type(value) is list:
        for inner in value:
            yield from _numbers(inner)


def _changed(value):
    """Values near ``value``: the same type changed, or the same meaning in another JSON type."""
    if type(value) is bool:
        yield "flipped", not value
        yield "as a number", int(value)
    elif type(value) is int:
        yield "plus one", value + 1
        yield "negative", -1 - value
        yield "as text", str(value)
        yield "as a float", float(value)
        yield "as a boolean", value != 0
    elif type(value) is float:
        yield "plus one", value + 1
    elif type(value) is str:
        yield "misspelt", value + "?"
        yield "as a number", 0
    elif value is None:
        yield "as a number", 0
    elif type(value) is list:
        yield "as an object", {}
        if value:
            yield "shortened", value[:-1]
            for label, first in itertools.islice(_changed(value[0]), 2):
                yield f"with its first item {label}", [first, *value[1:]]
        else:
            yield "with an item", [0]
    elif type(value) is dict:
        yield "as a list", list(value.values())
        if value:
            key = sorted(value)[0]
            yield f"without {key}", {k: v for k, v in value.items() if k != key}
            for label, inner in itertools.islice(_changed(value[key]), 2):
                yield f"with {key} {label}", {**value, key: inner}


def near_misses(move):
    """A listed move with one field changed, removed or of the wrong type; or not a move."""
    yield "with an unexpected field", {**move, "unexpected": 1}
    yield "not an object", [move]
    yield "null", None
    for key in sorted(move):
        yield f"without {key}", {k: v for k, v in move.items() if k != key}
        for label, value in _changed(move[key]):
            yield f"{key} {label}", {**move, key: value}


def assert_a_reason(reason, move):
    assert type(reason) is str and reason.strip(), f"no reason given for refusing {move!r}"
    assert " " in reason.strip(), f"the reason for refusing {move!r} is not in words: {reason!r}"
    assert not re.search(r"\b(is|are) (legal|allowed)\b", reason), f"{move!r} refused as if legal: {reason!r}"


def call_bot(match, seat, name, k):
    """`choose_move` with a fixed generator and a small search budget when the bot takes one."""
    extra = {"iterations": 8} if "iterations" in inspect.signature(choose_move).parameters else {}
    return choose_move(match, seat, name, rng=Rng(k), **extra)


# ----- the checks at a probe --------------------------------------------------------------

def check_who_acts(match):
    acting, waiting = match.to_act(), match.waiting_for()
    assert acting and waiting, "a game that is not over waits for someone"
    assert set(waiting) <= set(acting), "the seats the game waits on may act"
    assert len(set(acting)) == len(acting) and all(0 <= s < match.players for s in acting)
    for seat in acting:
        assert match.legal_moves(seat), f"seat {seat} may act, so it has a move"
    a_move = match.legal_moves(acting[0])[0]
    before = snap(match)
    for seat in range(match.players):
        if seat not in acting:
            assert match.legal_moves(seat) == [], f"seat {seat} may not act, yet it lists moves"
            with pytest.raises(IllegalMove) as refused:
                match.play(seat, a_move)
            assert_a_reason(refused.value.reason, a_move)
    for seat in (-1, match.players, "0", None):
        with pytest.raises(IllegalMove):
            match.play(seat, a_move)
    assert snap(match) == before


def check_listed_moves_are_accepted(match, seat, sample):
    for move in sample:
        copy = copy_of(match)
        events = copy.play(seat, json.loads(json.dumps(move)))
        assert_plain_json(events, "events")


def check_near_misses(match, seat, sample, tally):
    legal = listed(match.legal_moves(seat))
    before = snap(match)
    for move in sample:
        for _label, near in near_misses(move):
            if canonical(near) in legal:
                continue  # the change made another listed move
            with pytest.raises(IllegalMove) as refused:
                match.play(seat, near)
            assert_a_reason(refused.value.reason, near)
            tally["near misses"] += 1
    assert snap(match) == before, "a refused move changed nothing"
    assert listed(match.legal_moves(seat)) == legal


def check_restore(match, restore):
    """The state through the game's to_json/from_json, or the whole match through a snapshot
    (`engine.restore`, which replays the log), is the same match."""
    if restore:
        restored = engine.restore(json.loads(json.dumps(match.snapshot())))
    else:
        restored = copy_of(match)
    assert snap(restored) == snap(match)
    assert restored.to_act() == match.to_act() and restored.waiting_for() == match.waiting_for()
    for viewer in [None, *range(match.players)]:
        assert seen_by(restored, viewer) == seen_by(match, viewer)


def check_views(match):
    viewers = [None, *range(match.players)]
    alone = []
    for viewer in viewers:
        view = match.view(viewer)
        assert_plain_json(view, f"the view of {viewer}")
        alone.append(json.dumps(view))
    for order in (viewers, viewers[::-1], [0, None, 0]):
        together = [json.dumps(view) for view in match.views(order)]
        assert together == [alone[viewers.index(v)] for v in order], "views built together are each seat's own"
    assert_plain_json(match.snapshot(), "the snapshot")


def check_hidden_information(match, tally):
    viewers = [None, *range(match.players)]
    shown = {viewer: seen_by(match, viewer) for viewer in viewers}
    for owner, what, copy in variants(match):
        for viewer in viewers:
            if owner is not None and viewer == owner:
                assert seen_by(copy, viewer) != shown[viewer], f"seat {owner} sees {what}"
            else:
                assert seen_by(copy, viewer) == shown[viewer], f"{what} shows to {viewer} (owner {owner})"
        tally[f"hidden: {what}"] += 1


def check_bots(match, seat, k, tally):
    before = snap(match)
    legal = listed(match.legal_moves(seat))
    for name in BOTS:
        move = call_bot(match, seat, name, k)
        assert canonical(move) in legal, f"bot {name} chose an unlisted move {move!r}"
        tally[f"bot {name}"] += 1
    assert snap(match) == before, "asking a bot changes nothing"


def check_the_end(match):
    assert match.to_act() == [] and match.waiting_for() == []
    assert all(match.legal_moves(seat) == [] for seat in range(match.players))
    result = match.result()
    assert_plain_json(result, "the result")
    assert len(result["scores"]) == match.players and result["winners"]
    assert set(result["winners"]) <= set(range(match.players))
    before = snap(match)
    with pytest.raises(IllegalMove) as refused:
        match.play(0, {"type": "pass"})
    assert_a_reason(refused.value.reason, "a move after the end")
    assert snap(match) == before
    check_views(match)


# ----- the tests -----------------------------------------------------------------------------

def play_checked_game(game, options, players, seed, tally):
    """One random game to the end with the contract checked at every probe."""
    rng = random.Random(seed)
    match = engine.new_match(game, players, options=options, seed=seed)
    assert match.result() is None
    middle = None
    probes = 0
    for step in range(MAX_STEPS):
        if match.is_over():
            break
        seat, moves, move = random_step(match, rng)
        if step % PROBE_EVERY == 0:
            check_who_acts(match)
            sample = rng.sample(moves, min(LISTED_PER_PROBE, len(moves)))
            check_listed_moves_are_accepted(match, seat, sample)
            check_near_misses(match, seat, sample, tally)
            check_restore(match, restore=probes < RESTORE_PROBES)
            check_views(match)
            check_hidden_information(match, tally)
            if probes < BOT_PROBES:
                check_bots(match, seat, seed + step, tally)
            probes += 1
            if middle is None and step > 0:
                middle = match.snapshot()
        events = match.play(seat, json.loads(json.dumps(move)))
        assert type(events) is list
    else:
        raise AssertionError(f"{game} did not end in {MAX_STEPS} moves")
    tally["probes"] += probes
    check_the_end(match)
    final = match.snapshot()
    again = engine.replay(game, players, options, seed, final["log"])
    assert snap(again) == canonical(final), "options + seed + log replay to the same snapshot"
    if middle is not None:
        resumed = engine.restore(json.loads(json.dumps(middle)))
        for seat, move in final["log"][len(middle["log"]):]:
            resumed.play(seat, move)
        assert snap(resumed) == canonical(final), "a restored match plays on to the same end"


@pytest.mark.parametrize("game,options,players", CASES)
def test_random_games_keep_the_contract(game, options, players):
    tally = Counter()
    play_checked_game(game, options, players, seed=players, tally=tally)
    assert tally["probes"] >= 3 and tally["near misses"] >= 20, dict(tally)
    assert all(tally[f"bot {name}"] > 0 for name in BOTS)
    assert any(key.startswith("hidden: ") for key in tally), f"no hidden information probed: {dict(tally)}"


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_a_game_lists_its_facts_and_its_rules_carry_them(game):
    facts = engine.GAMES[game]
    assert type(facts["title"]) is str and facts["title"]
    assert 1 <= facts["min_players"] <= facts["max_players"]
    assert_plain_json(facts["options"], "the options")
    rules = rules_for(game)
    assert rules.id == game and rules.title == facts["title"] and rules.options == facts["options"]
    assert (rules.min_players, rules.max_players) == (facts["min_players"], facts["max_players"])
    for name in (n for n in dir(Rules) if not n.startswith("_")):
        assert callable(getattr(rules, name)) or name in {"id", "title", "min_players", "max_players", "options"}
    assert set(GAME_INFO[game]["table"]) <= set(TableFacts.__annotations__)
    assert isinstance(policy_for(game), TablePolicy)
    assert game in HIDDEN, f"tests/contract_hidden.py says what {game} hides"


def test_no_game_is_loaded_until_a_match_of_it_is_made():
    code = ("import sys, engine, engine.protocol, engine.table.room; "
            "print(sorted(m for m in sys.modules if m.startswith('engine.games.') and m.count('.') > 2))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == []


# ----- the engine API, for every game ----------------------------------------------------------

GAME_IDS = list(engine.GAMES)


def test_games_is_plain_json():
    assert json.loads(json.dumps(engine.GAMES)) == engine.GAMES


@pytest.mark.parametrize("game", GAME_IDS)
def test_new_match_accepts_every_seat_count_in_range_and_every_view_names_its_seat(game):
    facts = engine.GAMES[game]
    for players in range(facts["min_players"], facts["max_players"] + 1):
        match = engine.new_match(game, players, seed=1)
        assert match.players == players and match.game == game
        for viewer in [None, *range(players)]:
            view = match.view(viewer)
            assert view["game"] == game and view["seat"] == viewer and len(view["seats"]) == players


@pytest.mark.parametrize("game", GAME_IDS)
def test_new_match_refuses_a_wrong_seat_count_or_option(game):
    facts = engine.GAMES[game]
    low, high = facts["min_players"], facts["max_players"]
    for players in (0, low - 1, high + 1, str(low), float(low), True, None):
        with pytest.raises(engine.BadOptions):
            engine.new_match(game, players, seed=1)
    with pytest.raises(engine.BadOptions, match="no option"):
        engine.new_match(game, low, options={"cheat": True})
    for name, default in facts["options"].items():
        with pytest.raises(engine.BadOptions, match=name):
            engine.new_match(game, low, options={name: str(default)})


def test_the_generator_is_fixed_so_every_python_gives_the_same_numbers():
    rng = Rng(12345)
    assert [rng.next64() for _ in range(3)] == [
        2454886589211414944, 3778200017661327597, 2205171434679333405]
    deck = list(range(10))
    Rng(7).shuffle(deck)
    assert deck == [8, 1, 5, 9, 0, 4, 3, 2, 6, 7]


def test_new_match_refuses_an_unknown_game():
    with pytest.raises(engine.UnknownGame, match="unknown game"):
        engine.new_match("chess", 2)


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_same_seed_deals_the_same_game_and_another_seed_another(game):
    players = engine.GAMES[game]["max_players"]
    match = engine.new_match(game, players)
    assert isinstance(match.seed, int)
    assert snap(engine.new_match(game, players, seed=match.seed)) == snap(match)
    assert snap(engine.new_match(game, players, seed=99)) == snap(engine.new_match(game, players, seed=99))
    assert engine.new_match(game, players, seed=1).view(0) != engine.new_match(game, players, seed=2).view(0)


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_seat_that_does_not_exist_has_no_moves_and_no_view(game):
    match = engine.new_match(game, 2, seed=3)
    for seat in (-1, 2, 7, "0", None, True):
        assert match.legal_moves(seat) == []
    for seat in (-1, 2, "0", 1.0):
        with pytest.raises(ValueError):
            match.view(seat)


@pytest.mark.parametrize("game", GAME_IDS)
def test_restore_refuses_something_that_is_not_a_snapshot(game):
    for bad in ({"game": game}, [], None, {**engine.new_match(game, 2, seed=1).snapshot(), "format": 99}):
        with pytest.raises(ValueError):
            engine.restore(bad)


def _scribble(value):
    """Change every list and object inside ``value`` in place."""
    if type(value) is dict:
        for key in list(value):
            _scribble(value[key])
        value["scribbled"] = True
    elif type(value) is list:
        for inner in value:
            _scribble(inner)
        value.append("scribbled")


@pytest.mark.parametrize("game", GAME_IDS)
def test_changing_what_a_match_returned_does_not_change_the_match(game):
    match = engine.new_match(game, 3, seed=12)
    for _ in range(3):
        seat = match.to_act()[0]
        match.play(seat, match.legal_moves(seat)[0])
    before = snap(match)
    shown = [seen_by(match, viewer) for viewer in (None, 0, 1, 2)]
    for viewer in (None, 0, 1, 2):
        _scribble(match.view(viewer))
    seat = match.to_act()[0]
    _scribble(match.log)
    _scribble(match.options)
    _scribble(match.snapshot())
    events = copy_of(match).play(seat, match.legal_moves(seat)[0])
    _scribble(events)
    assert snap(match) == before
    assert [seen_by(match, viewer) for viewer in (None, 0, 1, 2)] == shown


# ----- the shape of the engine: what may import what (docs/architecture.md) ---------------------

LAYERS = [  # a module may import only from its own layer or the layers before it
    {"engine.rng", "engine.errors", "engine.plain_json"},
    {"engine.snapshots", "engine.games"},  # engine.games: the contract, adapter and catalogue
    {"engine.games.gems"},  # pieces the gem-engine games share
    {f"engine.games.{game}" for game in engine.GAMES},
    {"engine.match", "engine.bots"},
    {"engine.table"},
    {"engine"},
    {"engine.protocol"},
]


def _part(module):
    """The part of the engine a module belongs to (a package of LAYERS, or a top-level module)."""
    parts = module.split(".")
    for depth in (3, 2, 1):
        name = ".".join(parts[:depth])
        if any(name in layer for layer in LAYERS):
            return name
    raise AssertionError(f"{module} is in no part of LAYERS")


@functools.cache
def _module_imports():
    """Each engine module → the engine modules it imports when it is loaded (imports inside
    functions, which run later and only when called, are left out)."""
    import ast

    found = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[:-1]
        module = ".".join(parts if parts[-1] != "__init__" else parts[:-1])
        tree = ast.parse(path.read_text(encoding="utf-8"))
        targets = set()
        stack = list(tree.body)
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.Import):
                targets |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                name = ".".join(base + ([node.module] if node.module else []))
                if name.split(".")[0] != "engine":
                    continue
                for alias in node.names:
                    sub = f"{name}.{alias.name}"
                    as_path = ROOT.joinpath(*sub.split("."))
                    is_module = as_path.with_suffix(".py").is_file() or (as_path / "__init__.py").is_file()
                    targets.add(sub if is_module else name)
            stack.extend(ast.iter_child_nodes(node))
        found[module] = targets - {module}
    return found


def test_no_import_runs_back_up_the_layers_of_the_engine():
    level = {part: i for i, layer in enumerate(LAYERS) for part in layer}
    wrong = []
    for module, targets in _module_imports().items():
        for target in targets:
            here, there = _part(module), _part(target)
            if level[there] > level[here]:
                wrong.append(f"{module} imports {target}")
            elif there != here and there in LAYERS[3] and here in LAYERS[3]:
                wrong.append(f"{module} imports {target}: a game folder imports no other game")
    assert wrong == []


def test_the_engine_imports_have_no_cycle():
    graph = _module_imports()
    done, path = set(), []

    def visit(module):
        if module in path:
            raise AssertionError("import cycle: " + " → ".join([*path[path.index(module):], module]))
        if module in done:
            return
        path.append(module)
        for target in sorted(graph.get(module, ())):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_the_table_and_the_match_name_no_game():
    """No string in their code (docstrings aside) is a game id: what differs by game is data
    (`GAME_INFO`) or the game's own functions (``waiting_for``)."""
    import ast

    for path in [*(ROOT / "engine" / "table").glob("*.py"), ROOT / "engine" / "match.py",
                 ROOT / "engine" / "games" / "base.py", ROOT / "engine" / "games" / "adapter.py"]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
                      and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        named = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and id(node) not in docstrings and node.value in engine.GAMES}
        assert named == set(), f"{path.name} names {named}"
