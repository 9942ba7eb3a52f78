// Runs site/js/net/framing.js under node for tests/test_link_framing.py.
//   node framing_driver.mjs <framing module as .mjs>  < program.json  > results.json
// program: {"limits": "DEVICE" | "HOST", "steps": [step, ...]}, a step being
//   {"push": text, "at": ms}                              one data-channel message
//   {"big": {"head": s, "fill": c, "count": n, "tail": s}, "at": ms}   head + c*n + tail
//   {"expire": ms}                                         the heartbeat's sweep
// results: one per step: {"text"?, "message"?, "pending"?, "refused"?, "code"?,
//   "partials", "chars", "ms"} (ms: how long the push took, printed by the test)
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const mod = await import(pathToFileURL(process.argv[2]).href);
const program = JSON.parse(readFileSync(0, "utf8"));
const limits = program.limits === "HOST" ? mod.HOST_LIMITS : mod.DEVICE_LIMITS;
const inbox = new mod.Inbox(limits, 0);
const out = [];
for (const step of program.steps) {
  let r;
  const t0 = performance.now();
  if (step.expire !== undefined) {
    r = { expired: inbox.frames.expire(step.expire) };
  } else {
    const data = step.big ? step.big.head + step.big.fill.repeat(step.big.count) + step.big.tail : step.push;
    r = inbox.push(data, step.at ?? 0);
  }
  const ms = performance.now() - t0;
  out.push({ ...r, partials: inbox.frames.pendingCount, chars: inbox.frames.pendingChars, ms });
}
process.stdout.write(JSON.stringify({ results: out, maxFrames: inbox.frames.maxFrames, limits }));
