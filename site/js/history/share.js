// Share by link: the record itself, compressed, in the URL fragment (never sent to a server).
//   #replay=<base64url(deflate-raw(JSON text))>
// The page that opens such a link validates the record in the engine like an imported file.

export const FRAGMENT_KEY = "replay";

function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("the link is damaged (it holds characters a record link never has)");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The fragment text (without '#') that carries `record`. */
export async function recordToFragment(record) {
  const text = new TextEncoder().encode(JSON.stringify(record));
  return `${FRAGMENT_KEY}=${toBase64Url(await pipe(text, new CompressionStream("deflate-raw")))}`;
}

/** The link to this page that opens `record` as a replay. */
export async function shareLink(record, base = location.href) {
  const url = new URL(base);
  url.search = "";
  url.hash = await recordToFragment(record);
  return url.href;
}

/** The record text a fragment carries, or null if the fragment is not a record link.
 * Throws an Error with a reason when it is one but cannot be read. */
export async function fragmentToText(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const packed = params.get(FRAGMENT_KEY);
  if (packed === null) return null;
  let bytes;
  try {
    bytes = await pipe(fromBase64Url(packed), new DecompressionStream("deflate-raw"));
  } catch (err) {
    throw new Error(err && err.message && err.message.startsWith("the link") ? err.message
      : "the link is damaged (its record cannot be unpacked)");
  }
  if (bytes.length > (1 << 20)) throw new Error("the link's record is larger than a record may be");
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}
