/* Suggestions for the catalogue's search box: field names, values and card names for the
 * word being typed, from /search/suggest/. A combobox with a listbox (WAI-ARIA 1.2):
 * Arrow keys move through the suggestions, Enter takes one, Escape closes the list.
 * While the player types, the live search says so (Shen-Search: typing), so that an
 * unfinished last token shows no error. No inline script anywhere: the page marks the box
 * with data-suggest-url.
 *
 * The combobox itself is window.shenCombobox, which the simulation forms' card pickers
 * (card-picker.js) use too. */
(function () {
  "use strict";

  var DELAY_MS = 120;

  /* Make `input` a combobox over `list` (an empty element it controls). `options`:
   *   fetch(text, signal): a promise of the items for `text`;
   *   render(item, option): fill in an item's option element;
   *   take(item): what choosing an item does (the list is closed first);
   *   blank(): whether blank text has items too (then focus and ArrowDown fetch them);
   *   enterTakesFirst: Enter with none highlighted takes the first item, not the form;
   *   highlighted(option), closed(): told when an option is highlighted, the list closed. */
  function combobox(input, list, options) {
    var timer = null;
    var pending = null;
    var items = [];
    var active = -1;
    var shownFor = null;
    var blank = options.blank || function () { return false; };
    var optionTag = list.tagName === "UL" || list.tagName === "OL" ? "li" : "span";

    function close() {
      var wasOpen = !list.hidden;
      list.hidden = true;
      list.textContent = "";
      shownFor = null;
      items = [];
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      if (wasOpen && options.closed) options.closed();
    }

    function highlight(index) {
      var shown = list.children;
      for (var i = 0; i < shown.length; i++) {
        shown[i].setAttribute("aria-selected", i === index ? "true" : "false");
      }
      active = index;
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", shown[index].id);
        shown[index].scrollIntoView({ block: "nearest" });
        if (options.highlighted) options.highlighted(shown[index]);
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function take(index) {
      var item = items[index];
      if (!item) return;
      close();
      options.take(item);
    }

    function show(found) {
      close();
      if (!found.length) return;
      items = found;
      found.forEach(function (item, index) {
        var option = document.createElement(optionTag);
        option.id = list.id + "-" + index;
        option.setAttribute("role", "option");
        option.setAttribute("aria-selected", "false");
        options.render(item, option);
        // mousedown, not click: it comes before the input loses focus and closes the list.
        option.addEventListener("mousedown", function (event) {
          event.preventDefault();
          take(index);
        });
        list.appendChild(option);
      });
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }

    function fetchItems() {
      if (pending) pending.abort();
      var text = input.value;
      if (!text.trim() && !blank()) {
        close();
        return;
      }
      pending = new AbortController();
      options
        .fetch(text, pending.signal)
        .then(function (found) {
          // Only for the text still in the box; a late answer for older text is dropped.
          // A second answer for the text already shown keeps the list (and the highlight).
          if (input.value !== text || document.activeElement !== input || shownFor === text) return;
          show(found);
          if (items.length) shownFor = text;
        })
        .catch(function () {});
    }

    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchItems, DELAY_MS);
    });

    input.addEventListener("focus", function () {
      if (!input.value.trim() && blank()) fetchItems();
    });

    input.addEventListener("keydown", function (event) {
      if (list.hidden) {
        if (event.key === "ArrowDown" && (input.value.trim() || blank())) {
          event.preventDefault();
          fetchItems();
        }
        return;
      }
      if (event.key === "ArrowDown") {
        event.preventDefault();
        highlight((active + 1) % items.length);
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(active <= 0 ? items.length - 1 : active - 1);
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        take(active);
      } else if (event.key === "Enter" && options.enterTakesFirst && items.length) {
        event.preventDefault();
        take(0);
      } else if (event.key === "Enter") {
        close(); // the search runs as typed
      } else if (event.key === "Escape") {
        // Close the list only; the box keeps its text.
        event.preventDefault();
        close();
      } else if (event.key === "Tab") {
        close();
      }
    });

    input.addEventListener("blur", function () {
      close();
    });

    return { close: close };
  }

  window.shenCombobox = combobox;

  function setUp(input) {
    var list = document.getElementById(input.getAttribute("aria-controls"));
    if (!list) return;
    var url = input.getAttribute("data-suggest-url");

    combobox(input, list, {
      fetch: function (text, signal) {
        return fetch(url + "?q=" + encodeURIComponent(text), {
          headers: { Accept: "application/json" },
          signal: signal,
        })
          .then(function (response) {
            return response.ok ? response.json() : { suggestions: [] };
          })
          .then(function (body) {
            return body.suggestions;
          });
      },
      render: function (suggestion, option) {
        option.className = "suggestion suggestion-" + suggestion.kind;
        var label = document.createElement("span");
        label.className = "suggestion-label";
        label.textContent = suggestion.label;
        var kind = document.createElement("span");
        kind.className = "suggestion-kind";
        kind.textContent = suggestion.kind;
        option.appendChild(label);
        option.appendChild(kind);
      },
      take: function (suggestion) {
        input.value = suggestion.query;
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
        // The same event typing sends: htmx runs the search, and the next suggestions come.
        input.dispatchEvent(new Event("input", { bubbles: true }));
      },
    });

    // Live search: a search htmx sends because the player is typing says so, and the
    // server leaves the results be while only the last token is unfinished (kind:av on
    // the way to kind:avatar), where the suggestions lead. Enter and the Search button
    // send no such header: a query that cannot be read is explained then.
    var form = input.form;
    var submittedAt = -Infinity;
    if (form) {
      form.addEventListener("submit", function (event) {
        submittedAt = event.timeStamp;
      }, true);
      // Requests that should not go are stopped at htmx:confirm, which comes before
      // hx-sync: stopped any later, a request has already aborted the one in flight
      // (the form syncs with "replace"), and a slow submitted search would be lost.
      form.addEventListener("htmx:confirm", function (event) {
        var trigger = event.detail.triggeringEvent;
        if (!trigger) return;
        if (trigger.type === "change" && trigger.target === input) {
          // Leaving the box: what it holds was searched as it was typed, or on submit.
          event.preventDefault();
        } else if (event.detail.elt === input && trigger.type === "input" &&
                   trigger.timeStamp < submittedAt) {
          // Typing that a submit has overtaken: that search ran already.
          event.preventDefault();
        }
      });
      form.addEventListener("htmx:configRequest", function (event) {
        var trigger = event.detail.triggeringEvent;
        if (trigger && event.detail.elt === input && trigger.type === "input") {
          event.detail.headers["Shen-Search"] = "typing";
        }
      });
    }
  }

  function start() {
    document.querySelectorAll("input[data-suggest-url]").forEach(setUp);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
