// The simulation forms' card pickers (games/simulations/card_picker.py): typing in a card
// field lists the cards the server offers for it (by name, the search syntax or the
// nearest spelling; among the cards of the decks chosen in the form when the field says
// data-decks), through the catalogue's combobox (search-suggest.js, loaded first). A
// card picked puts its name in the box, which the form sends as before; card-preview.js
// shows the face of the card under the pointer or highlighted, and of the card picked
// (its "preview" link). Without this script the field is a plain text box.
(function () {
  "use strict";
  if (!window.shenCombobox) return;

  function setUp(picker) {
    const input = picker.querySelector("input");
    const list = picker.querySelector('[role="listbox"]');
    const picked = picker.querySelector(".card-picked");
    const status = picker.querySelector('[role="status"]');
    const deckFields = (picker.dataset.decks || "").split(" ").filter(Boolean);

    // The decks chosen in the form now (a deck menu may change at any time).
    function chosenDecks() {
      const form = input.form;
      return deckFields
        .map((name) => (form && form.elements[name] ? form.elements[name].value : ""))
        .filter(Boolean);
    }

    function searchUrl(text) {
      const query = new URLSearchParams({ q: text });
      chosenDecks().forEach((deck) => query.append("deck", deck));
      return picker.dataset.searchUrl + "?" + query.toString();
    }

    function markCard(element, card) {
      element.dataset.preview = card.preview;
      element.dataset.name = card.name;
      element.dataset.page = card.page;
      element.dataset.card = card.slug;
    }

    function showPicked(card) {
      if (!card) {
        picked.hidden = true;
        delete picked.dataset.preview;
        delete picked.dataset.name;
        return;
      }
      markCard(picked, card);
      picked.querySelector(".card-picked-words").textContent =
        card.name + " · " + card.kind + " · " + card.realm + " · cost " + card.cost;
      picked.querySelector(".preview-link").href = card.page;
      picked.hidden = false;
    }

    window.shenCombobox(input, list, {
      // A deck's cards are few: its whole list opens on focus, before any typing.
      blank: () => chosenDecks().length > 0,
      enterTakesFirst: true,
      fetch: (text, signal) =>
        fetch(searchUrl(text), { headers: { Accept: "application/json" }, signal: signal })
          .then((response) => (response.ok ? response.json() : { cards: [], note: "" }))
          .then((body) => {
            status.textContent = body.note || "";
            return body.cards;
          }),
      render: (card, option) => {
        option.className = "card-choice";
        markCard(option, card);
        const cost = document.createElement("span");
        cost.className = "cost";
        cost.textContent = card.cost;
        const name = document.createElement("span");
        name.className = "card-choice-name";
        name.textContent = card.name;
        const kind = document.createElement("span");
        kind.className = "card-choice-kind muted";
        kind.textContent = card.kind + " · " + card.realm;
        option.append(cost, name, kind);
      },
      take: (card) => {
        input.value = card.name;
        showPicked(card);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      },
      // The focus stays in the box: card-preview.js is told which card is highlighted.
      highlighted: (option) => {
        option.dispatchEvent(new CustomEvent("card-preview:show", { bubbles: true }));
      },
      closed: () => document.dispatchEvent(new CustomEvent("card-preview:hide")),
    });

    // Typing past a card picked: the line under the box no longer tells what it holds.
    input.addEventListener("input", () => {
      if (picked.dataset.name !== input.value) showPicked(null);
    });
  }

  document.querySelectorAll("[data-card-picker]").forEach(setUp);
})();
