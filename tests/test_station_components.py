"""The component set. Rulings: "60 modules: 6 departments × 10, 3 guilds × 20. Each module has
a department, a guild, a base cost, and on each of its four sides (inward, outward, clockwise,
counter-clockwise) a port or a bulkhead … balanced so that every department and guild has a
similar spread of costs and ports." "72 credits: 3 guilds × values 1–6 × 4 copies." Card:
"Two-player setup uses 48 modules (remove two per department and four per guild) and 54
credits (remove one of each guild/value)." """

from collections import Counter

from engine.games.station.components import (
    CREDITS,
    DEPARTMENTS,
    GUILDS,
    MODULES,
    SIDES,
    credit_ids,
    module_ids,
)


def pattern(m):
    return tuple(getattr(m, side) for side in SIDES)


def test_sixty_modules_six_departments_of_ten_three_guilds_of_twenty():
    assert len(MODULES) == 60
    assert Counter(m.department for m in MODULES.values()) == {d: 10 for d in DEPARTMENTS}
    assert Counter(m.guild for m in MODULES.values()) == {g: 20 for g in GUILDS}


def test_every_module_has_a_base_cost_and_a_port_or_bulkhead_on_each_of_four_sides():
    for m in MODULES.values():
        assert type(m.cost) is int and 1 <= m.cost <= 9
        assert all(type(getattr(m, side)) is bool for side in SIDES)
        assert any(pattern(m)), f"{m.id} has no port: it could never reach the Core"
        assert set(m.to_json()["sides"].values()) <= {"port", "bulkhead"}


def test_seventy_two_credits_three_guilds_values_one_to_six_four_copies():
    assert len(CREDITS) == 72
    assert Counter((c.guild, c.value) for c in CREDITS.values()) == {(g, v): 4 for g in GUILDS for v in range(1, 7)}


def test_every_department_has_the_same_port_patterns_and_the_same_total_cost():
    by_dept = {d: [m for m in MODULES.values() if m.department == d] for d in DEPARTMENTS}
    patterns = {d: sorted(pattern(m) for m in ms) for d, ms in by_dept.items()}
    assert len({tuple(p) for p in patterns.values()}) == 1
    assert len({sum(m.cost for m in ms) for ms in by_dept.values()}) == 1
    costs = {d: sorted(m.cost for m in ms) for d, ms in by_dept.items()}
    assert all(max(c) - min(c) >= 6 for c in costs.values()), "cheap and dear modules in every department"


def test_every_guild_has_every_port_pattern_twice_and_the_same_total_cost():
    for g in GUILDS:
        ms = [m for m in MODULES.values() if m.guild == g]
        assert set(Counter(pattern(m) for m in ms).values()) == {2}
    assert len({sum(m.cost for m in MODULES.values() if m.guild == g) for g in GUILDS}) == 1


def test_ports_are_spread_evenly_over_the_sides():
    ports = {side: sum(getattr(m, side) for m in MODULES.values()) for side in SIDES}
    assert ports["cw"] == ports["ccw"], "clockwise and counter-clockwise mirror each other"
    assert ports == {"inward": 48, "outward": 30, "cw": 36, "ccw": 36}


def test_each_department_has_three_or_four_modules_of_each_guild():
    for d in DEPARTMENTS:
        counts = Counter(m.guild for m in MODULES.values() if m.department == d)
        assert sorted(counts.values()) == [3, 3, 4]


def test_two_player_game_removes_two_modules_per_department_and_four_per_guild():
    removed = [MODULES[m] for m in MODULES if m not in module_ids(2)]
    assert len(module_ids(2)) == 48 and len(removed) == 12
    assert Counter(m.department for m in removed) == {d: 2 for d in DEPARTMENTS}
    assert Counter(m.guild for m in removed) == {g: 4 for g in GUILDS}
    # one dearer and one cheaper module per department: every department keeps the same total
    kept = Counter()
    for mid in module_ids(2):
        kept[MODULES[mid].department] += MODULES[mid].cost
    assert len(set(kept.values())) == 1
    assert module_ids(3) == module_ids(4) == list(MODULES)


def test_two_player_game_removes_one_credit_of_each_guild_and_value():
    kept = [CREDITS[c] for c in credit_ids(2)]
    assert len(kept) == 54
    assert Counter((c.guild, c.value) for c in kept) == {(g, v): 3 for g in GUILDS for v in range(1, 7)}
    assert credit_ids(3) == credit_ids(4) == list(CREDITS)
