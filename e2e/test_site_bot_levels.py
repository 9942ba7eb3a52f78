"""Computer levels in the site (docs/bots.md, "In the browser"): a hard computer thinks in a worker
of its own, with "thinking…" shown and its level on its seat chip; a level chosen for a phone
table's computer seat is what the table shows; and the table's worker keeps answering another
device while the hard computer thinks."""

from __future__ import annotations

import json
from typing import Any

from net_support import devices, host_table, net_config, peer_server  # noqa: F401  (fixtures)
from playwright.sync_api import Page, expect
from site_helpers import TURN_TIMEOUT_MS, legal_moves, moves_made, open_site, start_game, wait_state

BOT_WAIT_MS = 90_000  # the bot worker's first move includes its own boot


def take_gems(page: Page, move: dict[str, Any]) -> None:
    """One listed Splendor take through the table: the bank's gems, then confirm."""
    table = page.get_by_test_id("table")
    for color, n in move["gems"].items():
        for _ in range(n):
            table.get_by_test_id("bank").locator(f"[data-color={color}]").click()
    table.get_by_test_id("action-panel").get_by_test_id("confirm-take").click()


def engine_workers(page: Page) -> list[str]:
    return [w.url for w in page.workers if w.url.endswith("/worker/engine-worker.js")]


def test_a_solo_game_against_a_hard_computer_thinks_in_its_own_worker(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    page.get_by_test_id("pick-splendor").click()
    form_seat = page.get_by_test_id("seat-kind-1")
    expect(form_seat.locator("option:checked")).to_have_text("Computer — normal")  # the default level
    assert [o.strip() for o in form_seat.locator("option").all_inner_texts()][:4] == [
        "Human", "Computer — easy", "Computer — normal", "Computer — hard"]
    page.locator("#back-to-picker").click()
    start_game(page, "splendor", ["human", "hard"], seed=4)
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("seat-1").locator(".seat-kind")).to_have_text("computer · hard")
    thinking_seen = 0
    for _ in range(3):
        assert wait_state(page) == "turn"
        before = moves_made(page)
        takes = [m for m in legal_moves(page) if m["type"] == "take" and len(m["gems"]) == 3]
        take_gems(page, takes[0])
        # the computer's turn: "thinking…" shows while the bot worker searches
        thinking = table.locator(".thinking")
        try:
            expect(thinking).to_contain_text("thinking", timeout=5_000)
            thinking_seen += 1
        except AssertionError:
            pass  # the move came back before the check looked
        shown = f"() => Number(document.querySelector('[data-testid=table]').dataset.moves) >= {before + 2}"
        page.wait_for_function(shown, timeout=BOT_WAIT_MS)
    assert thinking_seen >= 1
    assert moves_made(page) >= 6
    assert len(engine_workers(page)) == 2  # the table's worker and the bot worker
    expect(page.get_by_test_id("move-log")).to_contain_text("Seat 2: computer · hard")


PHONE_TABLE = """async ([base, level]) => {
  const { EngineClient } = await import(base + "js/engine-client.js");
  const { expandListing } = await import(base + "js/listing.js");  // an update's listing is compact
  const bots = await import(base + "js/bots/bot-worker.js");
  const engine = new EngineClient(new URL("worker/engine-worker.js", base));
  await engine.ready;
  await bots.startBotWorker(engine);
  const made = await engine.request("room_create", { room: "r1", game: "splendor", players: 3, seed: 21,
    seats: [{ kind: "human" }, { kind: "human" }, { kind: "bot", bot: level }] });
  const phone = await engine.request("room_connect", { room: "r1", device: "phone" });
  const seats = phone.outbox[0].message.seats.map((s) => [s.kind, s.bot]);
  let out = (await engine.request("room_message", { room: "r1", device: "phone", message: { v: 1, type: "join", seat: 1 } })).outbox;
  const seated = out.find((o) => o.to === "phone" && o.message.type === "seated").message;
  const host = made.outbox[0].message;
  let moves = expandListing(host.legal_moves);
  out = (await engine.request("room_message", { room: "r1", device: "host", message: { v: 1, type: "move",
    credential: made.credential, move: moves[0], version: 0 } })).outbox;
  const update = out.find((o) => o.to === "phone" && o.message.type === "update").message;
  out = (await engine.request("room_message", { room: "r1", device: "phone", message: { v: 1, type: "move",
    credential: seated.credential, move: expandListing(update.legal_moves)[0], version: update.version ?? 1 } })).outbox;
  let tick;
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    tick = await engine.request("room_tick", { room: "r1" });
    if (tick.bot_due || tick.outbox.length) break;
  }
  if (!tick.bot_due) return { seats, due: null };
  // the hard seat thinks in the bot worker; meanwhile the phone's messages are answered
  let thinking = true;
  const thought = bots.roomBotMove(engine, "r1", tick.bot_due.seat).finally(() => { thinking = false; });
  const lat = [];
  while (thinking) {
    const t = performance.now();
    await engine.request("room_message", { room: "r1", device: "phone", message: { v: 1, type: "resume",
      credential: seated.credential } });
    if (thinking) lat.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 40));
  }
  const played = await thought;
  return { seats, due: tick.bot_due, lat, ms: played.ms, wait_ms: played.wait_ms,
    outbox: played.outbox.length, workers: 2 };
}"""  # noqa: E501  (JavaScript kept as written)


def test_a_phone_table_shows_the_level_and_answers_while_the_hard_computer_thinks(page: Page, base_url: str) -> None:
    open_site(page, base_url)
    got = page.evaluate(PHONE_TABLE, [base_url, "hard"])
    assert got["seats"] == [["human", None], ["human", None], ["bot", "hard"]]
    assert got["due"] == {"seat": 2, "bot": "hard"}, json.dumps(got)
    assert got["outbox"] > 0  # the move came back through room_bot_move and went to every device
    assert got["lat"], "the phone was answered while the computer thought"
    assert max(got["lat"]) < got["wait_ms"]  # never held up for the whole search
    print(f"hard think {got['ms']} ms; phone replies while thinking: n={len(got['lat'])}, "
          f"max {max(got['lat']):.1f} ms")


def test_a_level_chosen_for_a_phone_table_is_on_its_chip_and_the_hard_seat_plays(devices, base_url: str) -> None:  # noqa: F811
    host = host_table(devices.new("host"), base_url, "splendor", ["human", "hard"], seed=21)
    net = host.page.locator("#net-host")
    expect(net.get_by_test_id("seat-1").locator(".seat-kind")).to_have_text("computer · hard", timeout=TURN_TIMEOUT_MS)
    start = host.version or 0
    assert host.play(host.net("legalMoves")[0])  # the listing as drawn (expanded: site/js/listing.js)
    # the hard seat's move is thought in the bot worker and played through room_bot_move
    host.wait_version(start + 2, timeout=BOT_WAIT_MS)
    assert len(engine_workers(host.page)) == 2


def test_the_embed_takes_a_level_for_its_computer_seats(page: Page, base_url: str) -> None:
    # engine=own: this board's own engine worker (not the page's shared one, docs/embed.md), so both workers are listed
    page.goto(base_url + "embed.html?game=splendor&mode=play&seats=hard,human&seed=3&botDelay=0&engine=own")
    table = page.get_by_test_id("table")
    expect(table.get_by_test_id("seat-0").locator(".seat-kind")).to_have_text("computer · hard", timeout=BOT_WAIT_MS)
    # the hard seat moves first, in the bot worker; then the person's turn
    for _ in range(300):  # the bot worker starts when the hard seat's first turn comes
        if len(engine_workers(page)) == 2:
            break
        page.wait_for_timeout(100)
    assert len(engine_workers(page)) == 2
    page.wait_for_function("() => !document.querySelector('.thinking')", timeout=BOT_WAIT_MS)
    page.goto(base_url + "embed.html?game=splendor&mode=play&bot=grandmaster")
    error = page.get_by_test_id("embed-error")
    expect(error).to_contain_text("bot must be one of easy, normal, hard", timeout=BOT_WAIT_MS)
