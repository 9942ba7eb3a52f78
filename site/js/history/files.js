// Record files: export as a .json download, import from a file picker or a drop.
// The engine (record_open) decides whether an imported file is a valid record.

export const MAX_FILE_BYTES = 1 << 20;  // as the engine's MAX_RECORD_TEXT

/** A file name for a record: game, first name, date. */
export function fileName(record) {
  const day = (record.finished || record.started || new Date().toISOString()).slice(0, 10);
  const who = (record.names || []).map((n) => n.replace(/[^\p{L}\p{N}]+/gu, "-")).join("-vs-").slice(0, 60);
  return `${record.game}-${who || "game"}-${day}.json`;
}

/** Starts the download of `record` as a pretty-printed JSON file. */
export function downloadRecord(record) {
  const blob = new Blob([JSON.stringify(record, null, 1) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName(record);
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The text of a picked or dropped file; throws with a reason when it cannot be a record file. */
export async function readRecordFile(file) {
  if (!file) throw new Error("no file was chosen");
  if (file.size > MAX_FILE_BYTES) throw new Error(`${file.name} is too large to be a game record (${file.size} bytes)`);
  return file.text();
}

/** Calls `onFile(file)` for a file dropped on `zone`; marks the zone while something is dragged over it. */
export function acceptDrops(zone, onFile) {
  const on = (e) => { e.preventDefault(); zone.classList.add("dragging"); };
  const off = () => zone.classList.remove("dragging");
  zone.addEventListener("dragenter", on);
  zone.addEventListener("dragover", on);
  zone.addEventListener("dragleave", off);
  zone.addEventListener("drop", (e) => {
    e.preventDefault();
    off();
    const file = e.dataTransfer && e.dataTransfer.files && e.dataTransfer.files[0];
    if (file) onFile(file);
  });
}
