// The builder's card preview: the face of the card under the mouse or reached with the
// keyboard, in the search results, the deck list or the stacks (any element with
// data-preview); on a phone, of the card whose "preview" link or name was tapped.
//
// Two columns wide, it stands beside the pointer's column: a search result's face beside
// the search pane, a deck card's over the search pane, at the card's height. It closes
// when the pointer leaves the card and when the card is added (or changed), and stays
// closed over that card until the pointer leaves it, so it never stands where the next
// click goes. Without this script the links open the card's page.
(function () {
  "use strict";
  const preview = document.getElementById("card-preview");
  if (!preview) return;
  const image = preview.querySelector("img");
  const name = preview.querySelector(".card-preview-name");
  // Narrower than two columns, only a tap or a key shows it, at the foot of the screen.
  const twoColumns = window.matchMedia("(min-width: 801px)");
  const GAP = 12;
  let shown = null;
  let resting = "";

  function itemOf(target) {
    return target instanceof Element ? target.closest("[data-preview]") : null;
  }

  // The same card in the same place, across the swaps that replace its element.
  function keyOf(item) {
    if (!item) return "";
    return (item.closest(".builder-search") ? "search:" : "deck:") + item.dataset.card;
  }

  function show(item) {
    if (!item || item === shown || keyOf(item) === resting) return;
    shown = item;
    image.src = item.dataset.preview;
    image.alt = "The card " + item.dataset.name;
    name.textContent = item.dataset.name;
    name.href = item.dataset.page;
    preview.hidden = false;
    place(item);
  }

  function place(item) {
    if (!twoColumns.matches) {
      preview.style.removeProperty("left");
      preview.style.removeProperty("top");
      return;
    }
    const search = document.querySelector(".builder-search").getBoundingClientRect();
    const deck = document.querySelector(".builder-deck").getBoundingClientRect();
    const card = item.getBoundingClientRect();
    const left = item.closest(".builder-search")
      ? search.right + GAP
      : Math.max(GAP, deck.left - preview.offsetWidth - GAP);
    const lowest = window.innerHeight - preview.offsetHeight - GAP;
    preview.style.left = left + "px";
    preview.style.top = Math.max(GAP, Math.min(card.top, lowest)) + "px";
  }

  function hide() {
    shown = null;
    preview.hidden = true;
  }

  // Closed over `item` until the pointer (or the focus) leaves it.
  function rest(item) {
    hide();
    resting = keyOf(item);
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "mouse" && twoColumns.matches) show(itemOf(event.target));
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse") return;
    const to = itemOf(event.relatedTarget);
    if (keyOf(to) !== resting) resting = "";
    if (!to) hide();
  });
  document.addEventListener("focusin", function (event) {
    // Keyboard focus only: a tap on "+ add" should not cover the screen.
    const item = itemOf(event.target);
    if (keyOf(item) !== resting) resting = "";
    if (event.target.matches(":focus-visible")) show(item);
  });
  document.addEventListener("focusout", function (event) {
    if (shown && !itemOf(event.relatedTarget) && !preview.contains(event.relatedTarget)) hide();
  });
  document.addEventListener("click", function (event) {
    const target = event.target;
    if (target.closest(".card-preview-close")) return hide();
    if (preview.contains(target)) return;
    const link = target.closest("[data-preview] .preview-link, [data-preview] .slot-name");
    const tapped = event.pointerType === "touch" || event.pointerType === "pen";
    if (link && (link.matches(".preview-link") || tapped || !twoColumns.matches)) {
      event.preventDefault();
      resting = "";
      shown = null;
      return show(itemOf(link));
    }
    if (target.closest("[data-change]")) return rest(itemOf(target));
    hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
})();
