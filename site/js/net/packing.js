// Packed texts on a phone table's link (docs/net.md "Small updates"): a host's long message (an
// update is 5–20 KB of JSON; a late four-seat Stars view alone is 19 KB) goes as PACK_MARK +
// base64 of its deflate-raw bytes, 3–6 KB. The browser's own CompressionStream and
// DecompressionStream do the work; what arrives is bounded before it is kept (maxChars).

import { PACK_MARK } from "./framing.js";

/** whether this browser can pack and unpack (deflate-raw streams) */
export const CAN_PACK = typeof CompressionStream === "function" && typeof DecompressionStream === "function" && (() => {
  try { new CompressionStream("deflate-raw"); new DecompressionStream("deflate-raw"); return true; } catch { return false; }
})();

/** PACK_MARK + base64 of the deflate-raw bytes of `text` (UTF-8) */
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return PACK_MARK + btoa(bin);
}

/** the text a packed message's base64 stands for; throws (a reason) if it is not base64 or not
 *  deflate-raw, is not UTF-8, or unpacks to more than `maxChars` characters (read in chunks: a
 *  small text that would unpack to gigabytes is stopped at the limit) */
export async function unpack(base64, maxChars) {
  let bin;
  try { bin = atob(base64); } catch { throw new Error("not base64"); }
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let total = 0;
  const maxBytes = maxChars * 3;  // UTF-8 takes at most 3 bytes per UTF-16 character
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) {
        reader.cancel().catch(() => {});
        throw new Error(`it unpacks to more than ${maxChars} characters`);
      }
      chunks.push(value);
    }
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
