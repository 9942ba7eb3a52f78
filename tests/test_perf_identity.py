"""Issue 18: the speed work on Station and Splendor keeps every move, event, view and state.

Each digest covers one seeded random game, as in `test_speed_same_moves` (which holds the
digests taken before any speed work, two seeds a configuration): at every step the seats in
``to_act``, the acting seat's whole ``legal_moves`` list (order included), the events of the
move played; every seventh step each seat's view and the public view; at the end the result
and the snapshot (the whole event log's moves and the final state). The digests below were
taken on commit 8528268 (before the second round of Station/Splendor speed work), on more
seeds than that test.

Run as a script it prints the digests of many more games with the engine Python finds (another
one by PYTHONPATH), so that two engines can be compared byte for byte (the check run after every
change):

    git archive <commit> engine | tar -x -C /tmp/ref
    PYTHONPATH=/tmp/ref .venv/bin/python tests/test_perf_identity.py --seeds 300 > before.txt
    .venv/bin/python tests/test_perf_identity.py --seeds 300 > after.txt
    cmp before.txt after.txt
"""

from __future__ import annotations

import argparse

import pytest
from test_speed_same_moves import CONFIGS, game_digest  # the same digest, on more seeds

# config:seats → digests of seeds 100, 101, … (first 16 hex digits of SHA-256)
REFERENCE: dict[str, list[str]] = {
    "station::2": [
        "f580247b038a5a61", "d0baee7298399cbb", "8c9487eb07396f2e", "f4878a5da23b0d87", "af4f1deb1aaf4aa0",
        "96b9294a3344e85a", "1d86bbcdf5b6355e", "f54c97502e6a0841", "3dddf7ff284f9975", "eb6a6757c100bd78",
    ],
    "station::3": [
        "2209bb6248112cce", "c1fca668120d4a4c", "38acaa315b447156", "c8ebd5e737f13f99", "e7c82d1596cbc00a",
        "4dab7e4f4877eed8", "14f18bd9287bb69b", "a2386a44c43269f6", "12849048f94f56f6", "f42fe68943a8fb92",
    ],
    "station::4": [
        "cc23dfb81355b60b", "100084a64ff084b7", "d1a6342e3da728ed", "cbcc39d192e3f198", "99f72281795d5ea3",
        "2acf1d9213fe8bdc", "e6fe6a9b6e66c3a6", "78bd0fdcaa8a1bfb", "03306d02bc3eac7c", "866cd6b650b71840",
    ],
    "splendor::2": [
        "0a2e0383ab12b4a6", "0da2475fe79c768c", "e75b5bd03e5dc554", "3f4ea59bdb097eef", "add09ebabf9a0032",
    ],
    "splendor::3": [
        "9b3144158ad89606", "2d070cf0e6942d45", "b765e4c1beae3c79", "0dd0fbd24ab0c3de", "f1cd61f75eaf5c9d",
    ],
    "splendor::4": [
        "d5052be52875ab01", "5acb5ed727a123d6", "17342c68f7804c22", "a8e1b9154f1f840f", "1226016ce487e267",
    ],
    "splendor:trading_posts:2": [
        "942d937ec0a355bc", "8db6205ca65167b4", "b807288c45bfd69d", "e15dfd2a9d30fd41", "c698cf1135363038",
    ],
    "splendor:trading_posts:3": [
        "b8474fd88b583266", "09662652586e6653", "ca8f749734d5def1", "949b56815d447ad5", "27a4c2a8bb5c2d0f",
    ],
    "splendor:trading_posts:4": [
        "a970f03a74fb0619", "f848bd04d47fa292", "c8050a4be0739d6f", "e7e9d5c9e4f21783", "3045b923bf088118",
    ],
    "splendor:strongholds:2": [
        "68e3df37ca12f4f4", "ec5329f4f67b5a2e", "e008d2e2c4ec56a3", "929d7bc191eeafea", "cf36a6dcb56a8089",
    ],
    "splendor:strongholds:3": [
        "caf284ae0b398e2c", "481c8330a21d4da3", "5cc2044f0448792e", "d090252150cb9c3e", "f34e90b4e101873c",
    ],
    "splendor:strongholds:4": [
        "e753a5c4e65fd1a4", "a7dfe1a41e608162", "d28317503a579401", "fab593e44d0a7e61", "2eaa1c4dc42b7934",
    ],
    "splendor:strongholds,trading_posts:2": [
        "9117a8cb8c8c1c43", "cd59bf7b3b29f2bc", "468da7e824ad3c01", "0652fcd8ef4b449f", "04ccaa374feb2a48",
    ],
    "splendor:strongholds,trading_posts:3": [
        "0cbfe5a6b80f3cfc", "02fc120976324623", "fc8423da643e1d49", "5345fdc5969ea84a", "e1a17b557a6d966f",
    ],
    "splendor:strongholds,trading_posts:4": [
        "6faa2672adcb73b8", "4162feaa0bcb8c5f", "5d7bc714d53857d4", "718130cf7ef9794f", "477c14d46156d655",
    ],
}


@pytest.mark.parametrize("key", sorted(REFERENCE))
def test_same_games_as_before_the_second_speed_round(key: str) -> None:
    config, players = key.rsplit(":", 1)
    game, options = CONFIGS[config]
    got = [game_digest(game, options, int(players), 100 + k) for k in range(len(REFERENCE[key]))]
    assert got == REFERENCE[key]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=100, help="seeds per configuration and seat count")
    parser.add_argument("--first", type=int, default=100, help="first seed")
    parser.add_argument("--only", default="", help="configurations whose name starts with this (e.g. station)")
    args = parser.parse_args()
    for config, (game, options) in CONFIGS.items():
        if not config.startswith(args.only):
            continue
        for players in (2, 3, 4):
            for seed in range(args.first, args.first + args.seeds):
                print(f"{config}:{players}:{seed} {game_digest(game, options, players, seed)}", flush=True)


if __name__ == "__main__":
    main()
