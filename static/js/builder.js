// The builder's card controls, sent from one element that no swap replaces.
//
// A control marked data-change (a search result's "+ add" and "+ max", a deck row's −, +,
// "to sideboard" and count) posts its data-card, data-board and data-action through
// htmx.ajax from #deck-changes, which queues on #builder with every other change and
// search. Sent from the control itself, a click made while an earlier one was on its way
// was lost: htmx drops a queued request whose element has left the page, and the deck
// pane's answer replaces the pane's own buttons. Shift-click on an add is "+ max".
(function () {
  "use strict";
  const source = document.getElementById("deck-changes");
  if (!source) return;

  function send(control, values) {
    htmx.ajax("POST", source.dataset.url, {
      source: source,
      values: Object.assign(
        { card: control.dataset.card, board: control.dataset.board, action: control.dataset.action },
        values,
      ),
    });
  }

  document.addEventListener("click", function (event) {
    const control = event.target.closest("button[data-change]");
    if (!control) return;
    const more = event.shiftKey && control.dataset.action === "add";
    send(control, more ? { action: "max" } : {});
  });

  document.addEventListener("change", function (event) {
    const count = event.target.closest("input[data-change]");
    if (count) send(count, { count: count.value });
  });

  // As each change leaves (not when it was queued): which search results the page shows,
  // so the answer swaps in only held counts that have a place, and the pane's view.
  document.addEventListener("htmx:configRequest", function (event) {
    const elt = event.detail.elt;
    if (!elt.closest("[data-deck-change]")) return;
    if (elt.id === "quick-add") elt.dataset.sent = event.detail.parameters.line;
    const results = document.querySelectorAll("#search-results .result[data-card]");
    event.detail.parameters.shown = Array.from(results, (result) => result.dataset.card);
    const pane = document.getElementById("deck-pane");
    if (pane) event.detail.parameters.view = pane.dataset.view;
  });

  // A line added (its answer is the deck pane): the box empties for the next one and keeps
  // the focus, unless the player has typed on meanwhile. A refused line (its answer is the
  // box's status, by HX-Retarget) stays, to be corrected.
  document.addEventListener("htmx:afterRequest", function (event) {
    const form = event.detail.elt;
    if (form.id !== "quick-add" || !event.detail.successful) return;
    if (event.detail.target.id !== "deck-pane") return;
    const line = form.querySelector("input[name=line]");
    if (line.value === form.dataset.sent) line.value = "";
  });
})();
