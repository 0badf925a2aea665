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

  // How a live place reads, by what its forms do (games.matches.table.decision.TARGET_WORDS).
  const TARGET_WORDS = { attack: "attack target", move: "move target", act: "target" };

  function kindOf(forms) {
    const kinds = new Set(forms.map((form) => form.dataset.targetKind));
    return ["attack", "move", "act"].find((kind) => kinds.has(kind)) || "";
  }

  function wordsOf(form) {
    return form.querySelector("button").textContent.trim();
  }

  // The places of ``forms`` become live targets, each drawn and read as what it does there.
  function highlight(table, forms) {
    const at = new Map();
    forms.forEach((form) => {
      const key = form.dataset.point;
      if (!key) return;
      if (!at.has(key)) at.set(key, []);
      at.get(key).push(form);
    });
    table.querySelectorAll(".board-field .place").forEach((place) => {
      const here = at.get(place.dataset.place) || [];
      const kind = kindOf(here);
      place.classList.toggle("is-target", Boolean(kind));
      place.classList.toggle("is-attack", kind === "attack");
      place.classList.remove("is-reach");
      place.setAttribute("tabindex", kind ? "0" : "-1");
      place.setAttribute(
        "aria-label",
        kind ? `${place.dataset.name}, ${TARGET_WORDS[kind]}: ${here.map(wordsOf).join("; or ")}` : place.dataset.name,
      );
    });
  }

  function shares(list, keys) {
    return Boolean(list) && list.split(" ").some((key) => keys.includes(key));
  }

  // An Avatar picked at an Activation step: where it could move or attack once activated
  // (its places carry data-reach). A click there activates it, then acts (see ``pending``).
  function showReach(table, keys, source) {
    const name = source ? source.dataset.name : "";
    table.querySelectorAll(".board-field .place[data-reach]").forEach((place) => {
      if (place.classList.contains("is-target") || !shares(place.dataset.reach, keys)) return;
      const attack = shares(place.dataset.reachAttacks, keys);
      place.classList.add("is-reach");
      place.classList.toggle("is-attack", attack);
      place.setAttribute("tabindex", "0");
      const what = attack ? `attack with ${name}` : `move ${name} here`;
      place.setAttribute("aria-label", `${place.dataset.name}: ${what} (activates it first)`);
    });
  }

  function mark(table, groups) {
    table.querySelectorAll(".is-selected, .is-candidate").forEach((element) => {
      element.classList.remove("is-selected", "is-candidate");
    });
    table.querySelectorAll("svg [data-source]").forEach((source) => source.setAttribute("aria-pressed", "false"));
    if (!groups) return;
    table.querySelectorAll("[data-source]").forEach((source) => {
      if (source.dataset.source !== groups) return;
      source.classList.add("is-selected");
      if (source.closest("svg")) source.setAttribute("aria-pressed", "true");
    });
  }

  // Back to how the page came: board-wide targets, and the preselected source's.
  function reset(table) {
    delete table.dataset.chosen;
    mark(table, table.dataset.selected);
    highlight(table, formsOf(table, "").concat(formsOf(table, table.dataset.selected)));
  }

  function select(table, source) {
    const groups = source.dataset.source;
    table.dataset.chosen = groups;
    mark(table, groups);
    const keys = groups.split(" ");
    highlight(table, formsOf(table, groups));
    showReach(table, keys, source.closest("svg") ? source : null);
    table.querySelectorAll("details.choice-group").forEach((details) => {
      const mine = keys.includes(details.dataset.group);
      if (mine) details.open = true;
      details.classList.toggle("is-selected", mine);
    });
  }

  // A place an Avatar reaches only once activated: the click posts the activation, and the
  // table that comes back (the same player's next decision, one state on) is clicked there.
  let pending = null;

  function reachPick(table, place) {
    const activation = formsOf(table, chosen(table)).find((form) => form.classList.contains("kind-activate"));
    if (!activation) return;
    pending = { number: Number(table.dataset.number) + 1, place: place.dataset.place };
    activation.requestSubmit();
  }

  function followUp(table) {
    const next = pending;
    pending = null;
    if (!next || Number(table.dataset.number) !== next.number) return;
    const place = table.querySelector(`.board-field .place.is-target[data-place="${next.place}"]`);
    if (place) pick(table, place);
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
    const reached = target.closest(".place.is-reach");
    if (reached) {
      reachPick(table, reached);
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
      table.querySelectorAll(".board-field .place").forEach((place) => place.setAttribute("role", "button"));
      reset(table);
      followUp(table);
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

  // An Avatar's caption (its name, side, state and traits): under the mouse, on focus, or
  // after a tap; the tap still does whatever it does on the board.
  function avatarAt(target) {
    if (!target.closest || !target.closest(".board-field")) return null;
    const avatar = target.closest(".avatar");
    if (avatar) return avatar;
    const place = target.closest(".place");
    return place ? place.closest("svg").querySelector(`.avatar[data-at="${place.dataset.place}"]`) : null;
  }

  function hideCaptions(root, except) {
    root.querySelectorAll(".board-caption").forEach((caption) => {
      if (caption !== except) caption.hidden = true;
    });
  }

  // Under the mouse (or on focus) the caption floats above the token, inside the board's box
  // (below the token when there is no room above); after a tap it sits under the board,
  // where it hides none of the places the next tap may want.
  function showCaption(avatar, floating) {
    const board = avatar.closest(".table-board");
    if (!board) return;
    const caption = board.querySelector(`.board-caption[data-caption-for="${avatar.dataset.at}"]`);
    hideCaptions(board, caption);
    if (!caption) return;
    caption.hidden = false;
    caption.classList.toggle("is-floating", floating);
    if (!floating) return;
    const box = board.getBoundingClientRect();
    const token = avatar.querySelector(".avatar-body").getBoundingClientRect();
    const left = token.left + token.width / 2 - box.left - caption.offsetWidth / 2;
    let top = token.top - box.top - caption.offsetHeight - 6;
    if (top < 0) top = token.bottom - box.top + 6;
    caption.style.left = `${Math.max(0, Math.min(left, box.width - caption.offsetWidth))}px`;
    caption.style.top = `${top}px`;
  }

  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const avatar = avatarAt(event.target);
    if (avatar) showCaption(avatar, true);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const avatar = avatarAt(event.target);
    const board = event.target.closest ? event.target.closest(".table-board") : null;
    if (avatar && board && avatarAt(event.relatedTarget || document.body) !== avatar) hideCaptions(board);
  });
  document.addEventListener("focusin", (event) => {
    const avatar = event.target.matches && event.target.matches(".board-field .avatar") ? event.target : null;
    if (avatar) showCaption(avatar, true);
  });
  document.addEventListener("focusout", (event) => {
    const board = event.target.closest ? event.target.closest(".table-board") : null;
    if (board && event.target.matches(".board-field .avatar")) hideCaptions(board);
  });
  // A tap on a token shows its caption until the next tap elsewhere (a mouse's is shown).
  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
  });
  document.addEventListener("click", (event) => {
    const avatar = avatarAt(event.target);
    if (avatar && lastPointer !== "mouse") showCaption(avatar, false);
    else if (avatar) showCaption(avatar, true);
    else document.querySelectorAll(".table-board").forEach((board) => hideCaptions(board));
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
