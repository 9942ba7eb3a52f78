// Packed texts on a phone table's link (docs/net.md "Small updates"): a host's long message (an
// update is 5–20 KB of JSON; a late four-seat Stars view alone is 19 KB) goes as PACK_MARK +
// base64 of its deflate-raw bytes, 3–6 KB.
//
// fflate (npm, dist/vendor/fflate.mjs, MIT) does the work synchronously, in the task that sends or
// receives the message. The browser's own CompressionStream / DecompressionStream did it before,
// but a stream hands its bytes over in several tasks: ≈ 30–45 ms host → phone on a loaded
// machine for a 10 KB update, against ≈ 1 ms here (docs/net.md, bench/bench_net.py). What arrives
// is unpacked in small pieces and bounded before it is kept (maxChars): a small text that would
// unpack to gigabytes is stopped at the limit.

import { Inflate, deflateSync } from "../../vendor/fflate.mjs";
import { PACK_MARK } from "./framing.js";

/** whether this page can pack and unpack (always, since fflate is part of the site) */
export const CAN_PACK = true;

const UTF8 = new TextEncoder();
/** compressed bytes fed to the inflater at a time: 1 KB unpacks to at most ≈ 1 MB, so a text
 *  over the limit is stopped within about 1 MB of it */
const PIECE = 1024;

/** PACK_MARK + base64 of the deflate-raw bytes of `text` (UTF-8) */
export function pack(text) {
  const bytes = deflateSync(UTF8.encode(text), { level: 6 });
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return PACK_MARK + btoa(bin);
}

/** the text a packed message's base64 stands for; throws (a reason) if it is not base64 or not
 *  deflate-raw, is not UTF-8, or unpacks to more than `maxChars` characters */
export function unpack(base64, maxChars) {
  let bin;
  try { bin = atob(base64); } catch { throw new Error("not base64"); }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const maxBytes = maxChars * 3;  // UTF-8 takes at most 3 bytes per UTF-16 character
  const chunks = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw new Error(`it unpacks to more than ${maxChars} characters`);
    chunks.push(chunk);
  });
  if (bytes.length === 0) throw new Error("not deflate-raw");
  try {
    for (let i = 0; i < bytes.length; i += PIECE) inflater.push(bytes.subarray(i, i + PIECE), i + PIECE >= bytes.length);
  } catch (err) {
    throw new Error(err && err.message && err.message.startsWith("it unpacks") ? err.message : "not deflate-raw");
  }
  const joined = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { joined.set(c, at); at += c.length; }
  let text;
  try { text = new TextDecoder("utf-8", { fatal: true }).decode(joined); } catch { throw new Error("not UTF-8"); }
  if (text.length > maxChars) throw new Error(`it unpacks to more than ${maxChars} characters`);
  return text;
}
