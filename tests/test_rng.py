"""The generator and how its state (and a match's seed) is written in JSON: decimal text, one spelling
per value, 64 bits, and integers from older snapshots still read."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.serialise import copy_json, fields_from_json, fields_to_json
from engine.rng import WORD_LIMIT, Rng, word_from_json, word_to_json


@given(st.integers(0, WORD_LIMIT - 1))
def test_a_64_bit_value_survives_json_text_exactly(value):
    text = json.loads(json.dumps(word_to_json(value)))
    assert type(text) is str and word_from_json(text) == value


@pytest.mark.parametrize("text", ["", "-1", "+1", "01", "1.0", "1e3", " 1", "1 ", "0x10", "١٢", "18446744073709551616",
                                  "99999999999999999999999"])
def test_anything_but_canonical_decimal_text_below_2_64_is_refused(text):
    with pytest.raises(ValueError):
        word_from_json(text)


@pytest.mark.parametrize("value", [1, 1.0, None, True, [1], {"v": "1"}])
def test_a_value_that_is_not_text_is_refused(value):
    with pytest.raises(ValueError):
        word_from_json(value)


def test_the_generator_goes_on_identically_after_its_json_round_trip():
    rng = Rng(0xFFFF_FFFF_FFFF_FFFF)
    for _ in range(5):
        rng.next64()
    again = Rng.from_json(json.loads(json.dumps(rng.to_json())))
    assert [again.next64() for _ in range(10)] == [rng.next64() for _ in range(10)]


def test_an_integer_state_from_an_older_snapshot_is_read():
    assert Rng.from_json(6110722306163509219).state == 6110722306163509219
    with pytest.raises(ValueError):
        Rng.from_json(1 << 64)
    with pytest.raises(ValueError):
        Rng.from_json(-1)


def test_splitmix64_gives_its_reference_numbers():
    rng = Rng(1234567)  # the reference values of SplitMix64 for this seed
    assert [rng.next64() for _ in range(3)] == [6457827717110365317, 3203168211198807973, 9817491932198370423]


class _Thing:
    __slots__ = ("count", "names", "rng")

    def __init__(self) -> None:
        self.count = 3
        self.names = {"a": [1, 2], "b": None}
        self.rng = Rng(99)


def test_the_serialisation_helper_writes_every_slot_and_reads_it_back_as_copies():
    thing = _Thing()
    codecs = {"rng": (Rng.to_json, Rng.from_json)}
    data = fields_to_json(thing, _Thing.__slots__, codecs)
    assert data == {"count": 3, "names": {"a": [1, 2], "b": None}, "rng": "99"}
    data["names"]["a"].append(3)
    assert thing.names["a"] == [1, 2]  # written as a copy
    back = fields_from_json(_Thing(), json.loads(json.dumps(data)), _Thing.__slots__, codecs)
    assert back.names == {"a": [1, 2, 3], "b": None} and back.rng.state == 99


@pytest.mark.parametrize("value", [(1, 2), {1: "a"}, {"a": {1, 2}}, object()])
def test_the_helper_refuses_what_is_not_plain_json(value):
    with pytest.raises(TypeError):
        copy_json(value)


def _below_by_next64(rng: Rng, n: int) -> int:
    """`Rng.below`'s rule written with `next64`: the first draw under the largest multiple of n."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = rng.next64()
        if x < limit:
            return x % n


@given(st.integers(0, (1 << 64) - 1),
       st.lists(st.one_of(st.integers(1, 300), st.integers(1, 1 << 64), st.just((1 << 63) + 1)), max_size=40))
def test_below_draws_what_next64_draws_under_the_limit(seed, bounds):
    """`below` gives the same numbers and leaves the same state as drawing with `next64` and
    rejecting draws at or over the largest multiple of n (2^63 + 1 rejects almost half)."""
    fast, slow = Rng(seed), Rng(seed)
    for n in bounds:
        assert fast.below(n) == _below_by_next64(slow, n)
        assert fast.state == slow.state


def test_below_rejects_a_draw_over_the_limit_and_draws_again():
    """With n = 2^63 + 1 the limit is n itself: a first draw at or over it is thrown away, and
    the number is the second draw's, with both draws spent."""
    n = (1 << 63) + 1
    seed = next(seed for seed in range(64) if Rng(seed).next64() >= n)
    probe = Rng(seed)
    probe.next64()
    second = probe.next64()
    assert second < n
    rng = Rng(seed)
    assert rng.below(n) == second % n
    assert rng.state == probe.state
