// The rules page's side of the embed API (site/rules-demo.html; docs/embed.md). It is what
// any rules website would write: postMessage to each board's iframe, and a "message"
// listener that accepts only messages from the boards' origin and from the boards' windows.

const BOARD_ORIGIN = location.origin; // the boards are on this very site here
const boards = []; // {section, frame, name, example, status, log, buttons}
let nextId = 1;

function send(board, msg) {
  board.frame.contentWindow.postMessage({ tabletop: 1, id: nextId++, ...msg }, BOARD_ORIGIN);
}

function line(board, text) {
  const li = document.createElement("li");
  li.textContent = text;
  board.log.appendChild(li);
  board.log.scrollTop = board.log.scrollHeight;
}

const seatName = (s) => (s === null || s === undefined ? "nobody" : `Seat ${s + 1}`);

function onBoardMessage(board, m) {
  switch (m.type) {
    case "ready":
      board.ready = true;
      board.buttons.forEach((b) => { b.disabled = false; });
      board.status.textContent = `ready: ${seatName(m.state.to_act[0])} to move, ${m.state.legal_moves.length} legal moves (engine ${m.engine})`;
      line(board, `ready — ${m.game}, ${m.mode}, ${m.state.legal_moves.length} legal moves`);
      break;
    case "move": {
      const kinds = m.events.map((e) => e.type).join(", ");
      line(board, `move — ${seatName(m.seat)} (${m.by}) played ${m.move.type}: ${kinds}`);
      board.status.textContent = m.state.over ? "the game is over" : `${seatName(m.state.to_act[0])} to move`;
      break;
    }
    case "legal_moves":
      line(board, `legal_moves — ${seatName(m.seat)}: ${m.moves.length} (${[...new Set(m.moves.map((x) => x.type))].join(", ")})`);
      break;
    case "state":
      line(board, `state — ${seatName(m.state.to_act[0])} to move, ${m.state.moves} moves tried`);
      break;
    case "resize":
      board.frame.style.height = `${Math.max(240, m.height + 4)}px`;
      break;
    case "error":
      if (m.code === "unknown_game") { board.section.hidden = true; break; } // a game this engine does not have
      line(board, `error — ${m.code}: ${m.message}`);
      break;
    default:
      line(board, m.type);
  }
}

window.addEventListener("message", (event) => {
  if (event.origin !== BOARD_ORIGIN) return;
  const board = boards.find((b) => b.frame.contentWindow === event.source);
  const m = event.data;
  if (!board || !m || m.tabletop !== 1) return;
  onBoardMessage(board, m);
});

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
  const frame = section.querySelector("iframe");
  const name = section.dataset.example;
  const host = document.createElement("div");
  host.className = "host";
  const status = document.createElement("span");
  status.className = "host-status";
  status.dataset.testid = "host-status";
  status.textContent = "loading the board… (it starts when scrolled into view)";
  const log = document.createElement("ol");
  log.className = "host-log";
  log.dataset.testid = "host-log";
  const board = { section, frame, name, example: null, status, log, buttons: [], ready: false };
  if (name !== "play") {
    board.buttons.push(button("Play the example move", "play-example", () => {
      if (board.example) send(board, { type: "play", seat: board.example.try.seat, move: board.example.try.move });
    }));
  }
  board.buttons.push(button("List the legal moves", "list-moves", () => send(board, { type: "get_legal_moves" })));
  board.buttons.push(button(name === "play" ? "Start again" : "Back to the position", "reset", () => send(board, { type: "reset" })));
  host.append(...board.buttons, status);
  frame.after(host, log);
  boards.push(board);
  if (name !== "play") {
    fetch(`examples/${name}.json`).then((r) => r.json()).then((ex) => { board.example = ex; }).catch(() => {});
  }
}
window.rulesDemo = { boards };
