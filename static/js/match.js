// Match pages: the live table's polling (the replay viewer has replay.js).
// (No inline script: the Content-Security-Policy allows our own files only.)

// The table polls with the ETag it was drawn from; a 304 means nothing changed, so
// nothing is swapped (htmx would otherwise swap the empty answer in).
document.addEventListener("htmx:beforeSwap", (event) => {
  if (event.detail.xhr.status === 304) {
    event.detail.shouldSwap = false;
    event.detail.isError = false;
  }
});
