// The rules page's side of the embed (site/rules-demo.html; docs/embed.md). It is what any
// rules website would write with the one-line embed: each <tabletop-board> element
// (embed/board.js) is driven by its methods (`play`, `getLegalMoves`, `reset`) and heard through
// its DOM events (`ready`, `move`, `state`, `error`); the element speaks postMessage to its
// iframe and accepts only messages from the board's own origin and window.

import "../../embed/board.js";

const boards = []; // {section, el, name, example, status, log, buttons}

function line(board, text) {
  const li = document.createElement("li");
  li.textContent = text;
  board.log.appendChild(li);
  board.log.scrollTop = board.log.scrollHeight;
}

const seatName = (s) => (s === null || s === undefined ? "nobody" : `Seat ${s + 1}`);

function listen(board) {
  const { el } = board;
  el.addEventListener("ready", ({ detail: m }) => {
    board.buttons.forEach((b) => { b.disabled = false; });
    board.status.textContent = `ready: ${seatName(m.state.to_act[0])} to move, ${m.state.legal_moves.length} legal moves (engine ${m.engine})`;
    line(board, `ready — ${m.game}, ${m.mode}, ${m.state.legal_moves.length} legal moves`);
  });
  el.addEventListener("move", ({ detail: m }) => {
    const kinds = m.events.map((e) => e.type).join(", ");
    line(board, `move — ${seatName(m.seat)} (${m.by}) played ${m.move.type}: ${kinds}`);
    board.status.textContent = m.state.over ? "the game is over" : `${seatName(m.state.to_act[0])} to move`;
  });
  el.addEventListener("error", ({ detail: m }) => {
    if (m.code === "unknown_game") { board.section.hidden = true; return; } // a game this engine does not have
    line(board, `error — ${m.code}: ${m.message}`);
  });
}

// every answer is also an event (heard above); a refusal is the promise's rejection, already logged
const quiet = (p) => p.catch(() => {});

function button(label, testid, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.dataset.testid = testid;
  b.disabled = true;
  b.addEventListener("click", onClick);
  return b;
}

for (const section of document.querySelectorAll("section.example")) {
  const el = section.querySelector("tabletop-board");
  const name = section.dataset.example;
  const host = document.createElement("div");
  host.className = "host";
  const status = document.createElement("span");
  status.className = "host-status";
  status.dataset.testid = "host-status";
  status.textContent = "loading the board… (it starts when scrolled near)";
  const log = document.createElement("ol");
  log.className = "host-log";
  log.dataset.testid = "host-log";
  const board = { section, el, name, example: null, status, log, buttons: [] };
  if (name !== "play") {
    board.buttons.push(button("Play the example move", "play-example", () => {
      if (board.example) quiet(el.play(board.example.try.move, board.example.try.seat));
    }));
  }
  board.buttons.push(button("List the legal moves", "list-moves", () => quiet(el.getLegalMoves().then(({ seat, moves }) => {
    line(board, `legal_moves — ${seatName(seat)}: ${moves.length} (${[...new Set(moves.map((x) => x.type))].join(", ")})`);
  }))));
  board.buttons.push(button(name === "play" ? "Start again" : "Back to the position", "reset", () => quiet(el.reset().then((state) => {
    line(board, `state — ${seatName(state.to_act[0])} to move, ${state.moves} moves tried`);
  }))));
  host.append(...board.buttons, status);
  el.after(host, log);
  listen(board);
  boards.push(board);
  if (name !== "play") {
    fetch(`examples/${name}.json`).then((r) => r.json()).then((ex) => { board.example = ex; }).catch(() => {});
  }
}
window.rulesDemo = { boards };
