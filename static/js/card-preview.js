// The card preview: the face of the card under the mouse or reached with the keyboard, in
// the builder's search results, deck list or stacks, or a card picker's list (any element
// with data-preview); on a phone, of the card whose "preview" link or name was tapped.
// A combobox, whose focus stays in its box, says which option is highlighted with a
// "card-preview:show" event on it, and "card-preview:hide" when its list closes.
//
// Two columns wide, it never covers the deck's −/+: a search result's face stands beside
// the search pane (or over it, where beside would cover them), a deck card's over the
// search pane, at the card's height. It closes
// when the pointer leaves the card and when the card is added (or changed), and stays
// closed over that card until the pointer leaves it, so it never stands where the next
// click goes. Inside an element marked data-preview-beside (a card picker) it stands beside
// that element instead. Without this script the links open the card's page.
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

  // Where the preview goes (viewport pixels): a card picker's beside the picker; in the
  // builder, a deck card's over the search pane at its height; a search result's beside
  // the pane at its height, unless that covers one of the deck's −/+ (the stacks have them
  // everywhere): then over the pane, below or above it.
  function spot(item) {
    const width = preview.offsetWidth;
    const height = preview.offsetHeight;
    const card = item.getBoundingClientRect();
    const level = (top) => Math.max(GAP, Math.min(top, window.innerHeight - height - GAP));
    const picker = item.closest("[data-preview-beside]");
    if (picker) {
      // To its right where there is room, else to its left, at the card's height.
      const box = picker.getBoundingClientRect();
      const right = box.right + GAP;
      const fits = right + width + GAP <= window.innerWidth;
      return { left: fits ? right : Math.max(GAP, box.left - width - GAP), top: level(card.top) };
    }
    const search = document.querySelector(".builder-search").getBoundingClientRect();
    const deck = document.querySelector(".builder-deck").getBoundingClientRect();
    if (!item.closest(".builder-search")) {
      return { left: Math.max(GAP, deck.left - width - GAP), top: level(card.top) };
    }
    const beside = { left: search.right + GAP, top: level(card.top) };
    if (!coversControls(beside, width, height)) return beside;
    const below = card.bottom + GAP + height <= window.innerHeight;
    const top = below ? card.bottom + GAP : card.top - height - GAP;
    return { left: search.right - width, top: level(top) };
  }

  function coversControls(at, width, height) {
    const controls = document.querySelectorAll("#deck-pane .slot-controls");
    return Array.from(controls).some(function (control) {
      const box = control.getBoundingClientRect();
      return (
        box.left < at.left + width &&
        at.left < box.right &&
        box.top < at.top + height &&
        at.top < box.bottom
      );
    });
  }

  function place(item) {
    if (!twoColumns.matches) {
      preview.style.removeProperty("left");
      preview.style.removeProperty("top");
      return;
    }
    const at = spot(item);
    preview.style.left = at.left + "px";
    preview.style.top = at.top + "px";
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
  document.addEventListener("card-preview:show", function (event) {
    show(itemOf(event.target));
  });
  document.addEventListener("card-preview:hide", hide);
})();
