// The table's clicks: pick a source on the board (or a card's "Play"), then one of its
// highlighted targets. The decision panel's forms are the only answers: a board click
// submits the one form it stands for or, when several options share the spot, points
// at those. Without this script the panel's buttons do everything.
(function () {
  "use strict";

  // The chosen source's choice groups ("" for the board-wide ones) live on the table.
  function chosen(table) {
    return table.dataset.chosen || table.dataset.selected || "";
  }

  function formsOf(table, groups) {
    const keys = groups ? groups.split(" ") : [""];
    return Array.from(table.querySelectorAll("form.choice")).filter((form) =>
      keys.includes(form.dataset.group),
    );
  }

  function highlight(table, points) {
    table.querySelectorAll(".board .place").forEach((place) => {
      const live = points.has(place.dataset.place);
      place.classList.toggle("is-target", live);
      place.setAttribute("tabindex", live ? "0" : "-1");
    });
  }

  function mark(table, groups) {
    table.querySelectorAll(".is-selected, .is-candidate").forEach((element) => {
      element.classList.remove("is-selected", "is-candidate");
    });
    if (!groups) return;
    table.querySelectorAll("[data-source]").forEach((source) => {
      if (source.dataset.source === groups) source.classList.add("is-selected");
    });
  }

  // Back to how the page came: board-wide targets, and the preselected source's.
  function reset(table) {
    delete table.dataset.chosen;
    mark(table, table.dataset.selected);
    const free = formsOf(table, "").concat(formsOf(table, table.dataset.selected));
    highlight(table, new Set(free.map((form) => form.dataset.point).filter(Boolean)));
  }

  function select(table, source) {
    const groups = source.dataset.source;
    table.dataset.chosen = groups;
    mark(table, groups);
    highlight(table, new Set(formsOf(table, groups).map((form) => form.dataset.point)));
    const keys = groups.split(" ");
    table.querySelectorAll("details.choice-group").forEach((details) => {
      const mine = keys.includes(details.dataset.group);
      if (mine) details.open = true;
      details.classList.toggle("is-selected", mine);
    });
  }

  function pick(table, place) {
    const key = place.dataset.place;
    // Nothing chosen: the board-wide forms and the preselected source's. The two are one and
    // the same when nothing is preselected, so each form is counted once.
    const live = new Set(formsOf(table, chosen(table)));
    if (!table.dataset.chosen) formsOf(table, "").forEach((form) => live.add(form));
    const forms = Array.from(live).filter((form) => form.dataset.point === key);
    if (forms.length === 1) {
      forms[0].requestSubmit();
      return;
    }
    table.querySelectorAll(".is-candidate").forEach((form) => form.classList.remove("is-candidate"));
    forms.forEach((form) => {
      form.classList.add("is-candidate");
      const details = form.closest("details");
      if (details) details.open = true;
    });
    if (forms.length) forms[0].querySelector("button").focus();
  }

  function activate(target) {
    const table = target.closest ? target.closest(".table") : null;
    if (!table) return false;
    const place = target.closest(".place.is-target");
    if (place) {
      pick(table, place);
      return true;
    }
    const source = target.closest("[data-source]");
    if (source) {
      if (source.classList.contains("is-selected") && table.dataset.chosen) reset(table);
      else select(table, source);
      return true;
    }
    return false;
  }

  document.addEventListener("click", (event) => {
    if (activate(event.target)) event.preventDefault();
  });
  document.addEventListener("keydown", (event) => {
    const table = event.target.closest ? event.target.closest(".table") : null;
    if (!table) return;
    if (event.key === "Escape") {
      reset(table);
    } else if ((event.key === "Enter" || event.key === " ") && event.target.matches("svg [data-source], .place")) {
      if (activate(event.target)) event.preventDefault();
    }
  });

  // The card picker: any mix of cards becomes one lose_cards or return_cards action.
  function updatePicker(picker) {
    const checked = (pile) =>
      Array.from(picker.querySelectorAll(`input[data-pile="${pile}"]:checked`)).map((box) => Number(box.value));
    const hand = checked("hand");
    const discard = checked("discard");
    const deckInput = picker.querySelector('input[data-pile="deck"]');
    const deck = deckInput ? Math.max(0, Math.min(Math.floor(Number(deckInput.value)) || 0, Number(deckInput.max))) : 0;
    const total = hand.length + discard.length + deck;
    const count = Number(picker.dataset.count);
    const fits = picker.dataset.exact === "true" ? total === count : total <= count;
    const action =
      picker.dataset.picker === "lose_cards"
        ? { type: "lose_cards", from_deck: deck, hand: hand, discard: discard }
        : { type: "return_cards", cards: discard };
    picker.querySelector('input[name="action"]').value = fits ? JSON.stringify(action) : "";
    picker.querySelector("button[type=submit]").disabled = !fits;
    picker.querySelector(".picker-count").textContent = `${total} of ${count} chosen`;
  }

  function prepare(root) {
    const tables = root.matches && root.matches(".table") ? [root] : root.querySelectorAll(".table");
    tables.forEach((table) => {
      table.querySelectorAll(".board .place").forEach((place) => place.setAttribute("role", "button"));
      reset(table);
      // The log reads oldest first: show its end, where what just happened is.
      table.querySelectorAll(".log-lines").forEach((log) => {
        log.scrollTop = log.scrollHeight;
      });
    });
    root.querySelectorAll("form.card-picker").forEach((picker) => {
      picker.hidden = false;
      updatePicker(picker);
    });
  }

  // A card in hand shows its face while the mouse is over it (a tap opens and closes it, as
  // any <details>); a click while it is shown that way keeps it open.
  function handCardOf(event) {
    if (event.pointerType !== "mouse" || !event.target.closest) return null;
    return event.target.closest(".hand-card details.card-face");
  }
  document.addEventListener("pointerover", (event) => {
    const face = handCardOf(event);
    if (face && !face.open) {
      face.open = true;
      face.dataset.hovered = "true";
    }
  });
  document.addEventListener("pointerout", (event) => {
    const face = handCardOf(event);
    if (!face || !face.dataset.hovered || face.contains(event.relatedTarget)) return;
    delete face.dataset.hovered;
    face.open = false;
  });
  document.addEventListener("click", (event) => {
    const summary = event.target.closest ? event.target.closest(".hand-card summary") : null;
    const face = summary ? summary.parentElement : null;
    if (face && face.dataset.hovered) {
      event.preventDefault();
      delete face.dataset.hovered;
    }
  });

  document.addEventListener("input", (event) => {
    const picker = event.target.closest ? event.target.closest("form.card-picker") : null;
    if (picker) updatePicker(picker);
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => prepare(document));
  else prepare(document);
  // A table swapped in by htmx (an answer, or a poll) is prepared the same way.
  document.addEventListener("htmx:load", (event) => prepare(event.detail.elt));
})();
