"""Issue 18, "Small updates": every update a phone receives is at most 8 KB on the link, in every
game, at 2 and at 4 seats, over seeded random games (tests/update_sizes.py plays them; the link
packs a long text: site/js/net/packing.js, docs/net.md "Small updates"). A size bound is a
property of the format, so it is asserted here; times are not.

The bound is checked on the bytes the link sends (``wire``), with Python's zlib standing in for
fflate's deflate-raw; the node test below packs the largest real updates with the
page's own packing.js and checks the same bound and that they unpack to the same text.
"""


import pytest
from node_driver import NODE, run_driver
from packing_modules import stage_packing
from update_sizes import PACK_OVER_BYTES, packed, update_sizes

import engine

LIMIT = 8 * 1024
SEEDS = (11, 12)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("game", sorted(engine.GAMES))
def test_every_update_to_a_phone_is_at_most_8_kb(game, players):
    for seed in SEEDS:
        sizes = update_sizes(game, players, seed)
        phones = {d: got for d, got in sizes.items() if d != "host"}
        assert len(phones) == players - 1
        for device, got in phones.items():
            assert len(got["wire"]) > 20, f"{game} seed {seed}: {device} got few updates"
            assert max(got["wire"]) <= LIMIT, (
                f"{game}, {players} seats, seed {seed}: an update of {max(got['wire'])} bytes to {device}")
        # and the compact listing itself keeps updates well below the listing written out
        if game == "stars":
            sent = [n for got in sizes.values() for n in got["sent"]]
            full = [n for got in sizes.values() for n in got["full"]]
            assert max(sent) < max(full) / 2


def largest_updates(game, players, seed, count=3):
    """The texts of the ``count`` longest updates a phone got in one random game."""
    texts = []
    update_sizes(game, players, seed, texts=texts)
    return sorted(texts, key=len)[-count:]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_pages_packing_keeps_the_largest_updates_under_8_kb(tmp_path):
    # the ones the link packs: the rest go as they are and are under the bound already
    texts = [t for game in sorted(engine.GAMES) for t in largest_updates(game, 4, 11)
             if len(t.encode()) > PACK_OVER_BYTES]
    assert len(texts) >= 6
    stage_packing(tmp_path)
    results = run_driver(tmp_path,
        "import { pack, unpack } from './js/net/packing.js';\n"
        "import { readFileSync } from 'node:fs';\n"
        "const texts = JSON.parse(readFileSync(process.argv[2], 'utf8'));\n"
        "const out = [];\n"
        "for (const t of texts) {\n"
        "  const p = await pack(t);\n"
        "  out.push({ wire: Buffer.byteLength(p), same: (await unpack(p.slice(1), 4 * 1024 * 1024)) === t });\n"
        "}\n"
        "console.log(JSON.stringify(out));\n", texts)
    assert len(results) == len(texts)
    for text, got in zip(texts, results, strict=True):
        assert got["same"] and got["wire"] <= LIMIT, (len(text), got)
        python = len(packed(text).encode())
        assert abs(got["wire"] - python) <= python * 0.1  # the model the other test bounds
