// Page behaviour the templates would otherwise write inline: the Content-Security-Policy
// allows scripts from our own files only, and htmx runs with allowEval off.

// A form marked data-omit-empty sends only the fields that have a value, so the URL it
// pushes stays short and shareable. (The event bubbles from the input that asked.)
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.closest("[data-omit-empty]")) return;
  const parameters = event.detail.parameters;
  for (const name of Object.keys(parameters)) {
    if (parameters[name] === "") delete parameters[name];
  }
});

// Inside an element marked data-swap-statuses="409 503", htmx swaps those answers in
// too: a stale form (409) or a busy database (503) comes with a message to show.
document.addEventListener("htmx:beforeSwap", (event) => {
  const marked = event.detail.elt.closest("[data-swap-statuses]");
  if (!marked) return;
  const statuses = marked.dataset.swapStatuses.split(/\s+/).map(Number);
  if (statuses.includes(event.detail.xhr.status)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// A phone's Menu button opens and closes the site's links (static/css/site.css folds them);
// Escape or a click elsewhere closes it, the focus back on the button after Escape.
(function () {
  const toggle = document.querySelector(".nav-toggle");
  if (!toggle) return;
  const header = toggle.closest(".site-header");
  const open = (opened) => {
    header.classList.toggle("nav-open", opened);
    toggle.setAttribute("aria-expanded", String(opened));
  };
  toggle.addEventListener("click", () => open(toggle.getAttribute("aria-expanded") !== "true"));
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !header.classList.contains("nav-open")) return;
    open(false);
    toggle.focus();
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("nav-open") && !header.contains(event.target)) open(false);
  });
})();
