// The host of a table with no server (docs/net.md "Joining with codes"): per joining phone or
// screen, an offer shown as a QR code and a text; the phone's answer scanned or pasted back;
// then the data channel is handed to the host exactly like a PeerJS connection (host.accept).
// A code that is stale, foreign, truncated or altered is refused with the reason, and nothing
// changes at the table.

import { esc } from "../games/gems-ui.js";
import { decodeCode } from "./codes.js";
import { exchangeId, makeOffer, takeAnswer } from "./direct.js";
import { qrSvg, scanWithCamera } from "./scan.js";

const EXCHANGE_TTL_MS = 10 * 60 * 1000;  // an offer nobody answered is closed after this
const OPEN_WAIT_MS = 20000;              // an answered offer whose channel does not open by then failed

export class HostCodes {
  /** host: the Host (host.js); box: the invite panel's body to draw into */
  constructor(host, box) {
    this.host = host;
    this.box = box;
    this.pending = new Map();  // exchange id -> {conn, kind, at, timer}
    this.sizes = [];           // every code made: {kind, chars, modules} (tests, docs)
    const pageUrl = new URL("table.html?codes", location.href).href;
    box.innerHTML = `
      <div class="net-codes" data-testid="codes">
        <p>No server: each phone joins with a code, on this Wi-Fi. On the phone, open
          <a href="${esc(pageUrl)}" class="net-codes-page" target="_blank" rel="noopener" data-testid="codes-page">${esc(pageUrl)}</a>
          (it works offline once the site is saved on the phone), then tap <b>Add a phone</b> here.</p>
        <div class="qr net-codes-page-qr" data-testid="codes-page-qr" role="img" aria-label="QR code of the page phones open"></div>
        <div class="row net-actions">
          <button type="button" class="btn primary" data-testid="add-phone">Add a phone</button>
          <button type="button" class="btn secondary" data-testid="add-screen">Add a shared screen</button>
        </div>
        <div class="net-code-offer" data-testid="code-offer" hidden>
          <p data-testid="code-offer-title"></p>
          <div class="qr net-code-qr" data-testid="code-qr" role="img"></div>
          <label class="net-code-label">The code as text (to copy across)
            <textarea readonly rows="3" class="net-code-text" data-testid="code-offer-text"></textarea></label>
          <button type="button" class="btn small ghost" data-testid="copy-code">Copy the code</button>
          <form class="net-form net-answer-form" data-testid="answer-form">
            <label class="net-code-label">Then the phone's answer: scan it, or paste it here
              <textarea rows="3" class="net-code-text" autocomplete="off" spellcheck="false" data-testid="answer-text"></textarea></label>
            <div class="row">
              <button type="submit" class="btn primary" data-testid="answer-submit">Connect</button>
              <button type="button" class="btn secondary" data-testid="answer-scan">Scan the answer</button>
            </div>
          </form>
          <div class="net-scan" data-testid="answer-scan-box" hidden></div>
        </div>
        <p class="net-form-error" role="alert" data-testid="answer-error"></p>
        <p class="muted" role="status" data-testid="codes-status"></p>
      </div>`;
    const $ = (id) => box.querySelector(`[data-testid=${id}]`);
    this.$ = $;
    // the page phones open, as a QR code too (a phone's camera app opens it; offline from its cache)
    qrSvg(pageUrl).then(({ svg }) => { $("codes-page-qr").innerHTML = svg; }, (err) => console.error(err));
    $("add-phone").addEventListener("click", () => this.offer("phone"));
    $("add-screen").addEventListener("click", () => this.offer("screen"));
    $("copy-code").addEventListener("click", () => {
      const text = $("code-offer-text").value;
      if (navigator.clipboard && text) navigator.clipboard.writeText(text).then(() => this.say("Code copied."), () => {});
    });
    $("answer-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.answer($("answer-text").value);
    });
    $("answer-scan").addEventListener("click", () => {
      this.error("");
      scanWithCamera($("answer-scan-box")).then((text) => { $("answer-text").value = text; this.answer(text); }, (err) => this.error(err.message));
    });
  }

  say(text) { this.$("codes-status").textContent = text; }
  error(text) { this.$("answer-error").textContent = text; }

  /** a new offer for a phone or a screen, shown as a QR code and a text */
  async offer(kind) {
    const host = this.host;
    if (host.closed) return null;
    this.error("");
    this.say("Making a code…");
    let viewing = null;
    if (kind === "screen") viewing = host.viewing || (await host.viewingCode());
    let made;
    try {
      made = await makeOffer({ room: host.room, kind, exchange: exchangeId(), viewing });
    } catch (err) {
      this.say("");
      this.error(`No code could be made: ${err.message}`);
      return null;
    }
    const entry = { conn: made.conn, kind, at: Date.now() };
    entry.timer = setTimeout(() => this.expire(made.exchange), EXCHANGE_TTL_MS);
    this.pending.set(made.exchange, entry);
    made.conn.on("close", () => { if (this.pending.get(made.exchange) === entry) this.forget(made.exchange); });
    const { svg, modules } = await qrSvg(made.text);
    this.sizes.push({ kind, chars: made.text.length, modules });
    const $ = this.$;
    $("code-offer").hidden = false;
    $("code-offer-title").textContent = kind === "screen"
      ? "A code for the shared screen: on the screen, open the link above and scan or paste it."
      : "A code for one phone: on the phone, scan it or paste it (one phone per code).";
    $("code-qr").innerHTML = svg;
    $("code-qr").setAttribute("aria-label", `QR code of the ${kind === "screen" ? "screen's" : "phone's"} code`);
    $("code-offer-text").value = made.text;
    $("answer-text").value = "";
    this.say(`Code ready (${made.text.length} characters). Waiting for the ${kind === "screen" ? "screen's" : "phone's"} answer…`);
    return made.text;
  }

  /** a phone's answer, scanned or pasted: checked, then connected; a bad one changes nothing */
  async answer(text) {
    const host = this.host;
    this.error("");
    const r = decodeCode(text);
    if (r.error) { this.error(r.error); return false; }
    const code = r.code;
    if (code.kind !== "answer") {
      this.error("This is a code from a host (for a phone or a screen), not a phone's answer: show it to the phone, and enter the phone's answer here.");
      return false;
    }
    if (code.room !== host.room) {
      this.error(`This answer is for another table (${code.room}), not this one.`);
      return false;
    }
    const entry = this.pending.get(code.exchange);
    if (!entry) {
      this.error("This answer is stale: this table no longer waits for it (it was used already, it expired, or it answers a code made before this page was reloaded). Tap Add a phone for a new code.");
      return false;
    }
    this.pending.delete(code.exchange);
    clearTimeout(entry.timer);
    try {
      await takeAnswer(entry.conn, code);
    } catch (err) {
      entry.conn.close();
      this.error(`The answer could not be used: ${err.message}. Tap Add a phone for a new code.`);
      return false;
    }
    this.say("Connecting…");
    const opened = await waitOpen(entry.conn, OPEN_WAIT_MS);
    if (!opened) {
      entry.conn.close();
      this.error("The phone did not connect: are both devices on the same Wi-Fi? Tap Add a phone for a new code.");
      this.say("");
      return false;
    }
    this.$("code-offer").hidden = true;
    this.$("answer-text").value = "";
    this.say(entry.kind === "screen" ? "The shared screen is connected." : "A phone is connected: it picks its seat.");
    host.accept(entry.conn);
    return true;
  }

  expire(exchange) {
    const entry = this.pending.get(exchange);
    if (!entry) return;
    entry.conn.close();
    this.forget(exchange);
  }

  forget(exchange) {
    const entry = this.pending.get(exchange);
    if (entry) clearTimeout(entry.timer);
    this.pending.delete(exchange);
  }

  close() {
    for (const [exchange, entry] of this.pending) { entry.conn.close(); this.forget(exchange); }
  }
}

function waitOpen(conn, ms) {
  if (conn.open) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { conn.off("open", yes); conn.off("close", no); resolve(false); }, ms);
    const yes = () => { clearTimeout(timer); conn.off("close", no); resolve(true); };
    const no = () => { clearTimeout(timer); conn.off("open", yes); resolve(false); };
    conn.on("open", yes);
    conn.on("close", no);
  });
}
