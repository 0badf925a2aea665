// Match pages: the live table's polling and the replay viewer's keys and slider.
// (No inline script: the Content-Security-Policy allows our own files only.)

// The table polls with the ETag it was drawn from; a 304 means nothing changed, so
// nothing is swapped (htmx would otherwise swap the empty answer in).
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status === 304) {
    event.detail.shouldSwap = false;
    event.detail.isError = false;
  }
});

// Replay: ← and → step back and forward, unless the focus is in a text field.
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest && target.closest("textarea, input:not([type=range]), select")) return;
  const which = { ArrowLeft: "[data-replay-prev]", ArrowRight: "[data-replay-next]" }[event.key];
  if (!which) return;
  const link = document.querySelector(which);
  if (link) {
    event.preventDefault();
    link.click();
  }
});

// Replay: moving the slider goes to that state.
document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("[data-replay-slider]");
  if (form) form.requestSubmit();
});

// The log is newest last: show its end, where the latest events are, whenever it is drawn.
function showLatestEvents(root) {
  root.querySelectorAll(".log-lines").forEach((lines) => {
    lines.scrollTop = lines.scrollHeight;
  });
}
document.addEventListener("DOMContentLoaded", () => showLatestEvents(document));
document.addEventListener("htmx:load", (event) => showLatestEvents(event.detail.elt));
