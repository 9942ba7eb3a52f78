// Runs site/js/net/codes.js under node for tests/test_signal_codes.py.
//   node codes_driver.mjs <codes module as .mjs>  < steps.json  > results.json
// a step: {"compact": sdp} | {"expand": fields, "type": "offer"|"answer"} | {"encode": code}
//   | {"decode": text}; a result: {"ok": value} or {"error": message} (a thrown error)
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const mod = await import(pathToFileURL(process.argv[2]).href);
const steps = JSON.parse(readFileSync(0, "utf8"));
const out = steps.map((step) => {
  try {
    if ("compact" in step) return { ok: mod.compactSdp(step.compact) };
    if ("expand" in step) return { ok: mod.expandSdp(step.expand, step.type) };
    if ("encode" in step) return { ok: mod.encodeCode(step.encode) };
    if ("decode" in step) return { ok: mod.decodeCode(step.decode) };
    return { error: "an unknown step" };
  } catch (err) {
    return { error: String(err && err.message ? err.message : err) };
  }
});
process.stdout.write(JSON.stringify(out));
