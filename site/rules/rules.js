// The in-app rules pages: a live example board is loaded only when asked for (it boots its own
// copy of the engine, which a reader inside a running game should not pay for unasked), and the
// page's own links back to the site are hidden when it is shown inside the table's Rules dialog.

const inDialog = window.parent !== window && new URLSearchParams(location.search).has("inapp");
if (inDialog) for (const el of document.querySelectorAll("[data-standalone]")) el.hidden = true;

for (const box of document.querySelectorAll(".example-board[data-position]")) {
  const button = box.querySelector("button");
  button.addEventListener("click", () => {
    const frame = document.createElement("iframe");
    frame.title = box.dataset.title || "A live example board";
    frame.src = `../embed.html?position=${encodeURIComponent(box.dataset.position)}&size=medium`;
    button.replaceWith(frame);
    frame.focus();
  });
}
