// The replay viewer: steps through a match from states kept in the page, so a step asks
// the server nothing. The page fetches windows of states ahead of the one shown (and
// behind it), each drawn by the server as the viewer may see it; a state not kept yet is
// fetched with its neighbours, and if that fails the page loads it as a link would.
// Without this script every control is a plain link and the slider a form.
(function () {
  "use strict";
  const viewer = document.getElementById("replay-viewer");
  if (!viewer) return;
  const stage = document.getElementById("replay-state");
  const log = document.querySelector("[data-replay-log]");
  const slider = viewer.querySelector("[data-replay-slider] input[type=range]");
  const output = viewer.querySelector("[data-replay-slider] output");
  const last = Number(viewer.dataset.last);
  const turns = viewer.dataset.turns.split(" ").filter(Boolean).map(Number);
  const windowUrl = viewer.dataset.windowUrl;
  const WINDOW = Number(viewer.dataset.windowStates) || 12;
  // Kept ahead of the state shown, and behind it; at most KEEP states in memory.
  const AHEAD = 6;
  const BEHIND = 3;
  const KEEP = 240;
  // After a window was refused (too many asked for, the server busy), rest before asking again.
  const REST_MS = 10000;

  const states = new Map(); // state number -> a <template> of it, as the server drew it
  let at = Number(viewer.dataset.at);
  let wanted = null; // a state asked for and not kept yet
  let pushWanted = true; // whether showing it adds to the browser's history (not on Back)
  let fetching = false;
  let restingUntil = 0;

  const clamp = (number) => Math.max(0, Math.min(last, number));
  const address = (number) => {
    const url = new URL(window.location.href);
    url.searchParams.set("at", String(number));
    return url.pathname + url.search;
  };
  const numberOf = (link) => {
    const value = new URL(link.href, window.location.href).searchParams.get("at");
    return value === null ? null : Number(value);
  };

  function turnBefore(number) {
    let found = null;
    for (const start of turns) if (start < number) found = start;
    return found;
  }

  function turnAfter(number) {
    for (const start of turns) if (start > number) return start;
    return null;
  }

  function point(selector, number) {
    const link = viewer.querySelector(selector);
    if (!link) return;
    link.hidden = number === null || number === at;
    if (number !== null) link.href = address(number);
  }

  // The controls, the slider, the note marks and the log say where the viewer is.
  function mark() {
    point("[data-replay-prev]", at > 0 ? at - 1 : null);
    point("[data-replay-next]", at < last ? at + 1 : null);
    point("[data-replay-turn-prev]", turnBefore(at));
    point("[data-replay-turn-next]", turnAfter(at));
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", `state ${at} of ${last}`);
    output.textContent = `${at} / ${last}`;
    viewer.dataset.at = String(at);
    viewer.querySelectorAll(".replay-mark").forEach((link) => {
      if (Number(link.dataset.at) === at) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    if (!log) return;
    log.querySelectorAll('li[aria-current="step"]').forEach((entry) => entry.removeAttribute("aria-current"));
    const entries = log.querySelectorAll(`li[data-at="${at}"]`);
    entries.forEach((entry) => entry.setAttribute("aria-current", "step"));
    // The log scrolls by itself, never the page: the entry shown stays in its view.
    const entry = entries[0];
    if (entry) {
      const top = entry.offsetTop; // the log is the entries' offset parent (positioned)
      if (top < log.scrollTop || top + entry.offsetHeight > log.scrollTop + log.clientHeight) {
        log.scrollTop = Math.max(0, top - log.clientHeight / 3);
      }
    }
  }

  function show(number, push) {
    stage.replaceChildren(states.get(number).content.cloneNode(true));
    // Prepared as any table htmx swaps in (table.js); htmx's own swap took three times as long.
    stage.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: stage } }));
    at = number;
    wanted = null;
    viewer.removeAttribute("aria-busy");
    mark();
    if (push) window.history.pushState({ at: number }, "", address(number));
  }

  function go(number, push = true) {
    number = clamp(number);
    if (number === at && wanted === null) return;
    if (states.has(number)) {
      show(number, push);
      ahead();
      return;
    }
    wanted = number;
    pushWanted = push;
    viewer.setAttribute("aria-busy", "true");
    if (!fetching) fetchAround(number);
  }

  function keep(html) {
    const holder = document.createElement("template");
    holder.innerHTML = html;
    holder.content.querySelectorAll("template[data-at]").forEach((state) => {
      states.set(Number(state.dataset.at), state);
    });
    if (states.size <= KEEP) return;
    const far = Array.from(states.keys()).sort((a, b) => Math.abs(b - at) - Math.abs(a - at));
    far.slice(0, states.size - KEEP).forEach((number) => states.delete(number));
  }

  async function fetchRange(first, lastOne) {
    fetching = true;
    let failed = false;
    try {
      const response = await fetch(`${windowUrl}?from=${first}&to=${lastOne}`, {
        credentials: "same-origin",
        headers: { Accept: "text/html" },
      });
      if (response.ok) keep(await response.text());
      else failed = true;
    } catch (error) {
      failed = true;
    }
    fetching = false;
    if (failed) restingUntil = Date.now() + REST_MS;
    if (wanted !== null) {
      if (states.has(wanted)) show(wanted, pushWanted);
      // Refused or unreachable: load the state as its link would (the page says why).
      else if (failed) window.location.assign(address(wanted));
      else fetchAround(wanted);
    }
    if (!failed) ahead();
  }

  function fetchAround(number) {
    const first = clamp(number - BEHIND);
    fetchRange(first, clamp(first + WINDOW - 1));
  }

  // Keep the states next to the one shown, fetching the first missing ones a window at a time.
  function ahead() {
    if (fetching || Date.now() < restingUntil) return;
    for (let number = at + 1; number <= Math.min(last, at + AHEAD); number++) {
      if (!states.has(number)) {
        fetchRange(number, clamp(number + WINDOW - 1));
        return;
      }
    }
    for (let number = at - 1; number >= Math.max(0, at - BEHIND); number--) {
      if (!states.has(number)) {
        fetchRange(clamp(number - WINDOW + 1), number);
        return;
      }
    }
  }

  // Beside the board the log reaches down to the foot of the screen, never past it, so the
  // entry shown is on the screen however far the page is scrolled (a sticky column's height
  // would otherwise be the screen's from wherever it starts).
  const beside = window.matchMedia("(min-width: 1200px)");
  let fitting = false;
  function fit() {
    fitting = false;
    if (!log) return;
    if (!beside.matches) {
      log.style.maxHeight = "";
      return;
    }
    const top = Math.max(log.getBoundingClientRect().top, 0);
    log.style.maxHeight = `${Math.max(240, window.innerHeight - top - 16)}px`;
  }
  const fitSoon = () => {
    if (fitting) return;
    fitting = true;
    window.requestAnimationFrame(fit);
  };

  // Each note's mark stands under the slider where its state is.
  function placeMarks() {
    const marks = viewer.querySelector("[data-replay-marks]");
    if (!marks) return;
    marks.classList.add("is-placed");
    marks.querySelectorAll(".replay-mark").forEach((link) => {
      const share = last ? Number(link.dataset.at) / last : 0;
      // The slider's thumb (16 px in Chromium) travels from half its width to the other end.
      link.style.left = `calc(8px + (100% - 16px) * ${share})`;
    });
  }

  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link || !(viewer.contains(link) || (log && log.contains(link)))) return;
    // Only the replay's own states: a rule's link, say, goes where it says.
    if (new URL(link.href, window.location.href).pathname !== window.location.pathname) return;
    const number = numberOf(link);
    if (number === null) return;
    event.preventDefault();
    go(number);
    // On a narrow screen the log is under the table: a step chosen there is seen up there.
    if (log && log.contains(link) && log.getBoundingClientRect().top > stage.getBoundingClientRect().bottom) {
      viewer.querySelector(".replay-controls").scrollIntoView({ block: "start" });
    }
  });

  // ← and → step, Shift with them goes by turns; not while typing, nor on the slider
  // (which steps by itself, and says so with a change).
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest && target.closest("textarea, input, select")) return;
    let number = null;
    if (event.key === "ArrowLeft") number = event.shiftKey ? turnBefore(at) : at - 1;
    else if (event.key === "ArrowRight") number = event.shiftKey ? turnAfter(at) : at + 1;
    else return;
    event.preventDefault();
    if (number !== null && number >= 0 && number <= last) go(number);
  });

  slider.addEventListener("input", () => {
    output.textContent = `${slider.value} / ${last}`;
  });
  slider.addEventListener("change", () => go(Number(slider.value)));
  viewer.querySelector("[data-replay-slider]").addEventListener("submit", (event) => {
    event.preventDefault();
    go(Number(slider.value));
  });

  window.addEventListener("popstate", () => {
    const value = new URLSearchParams(window.location.search).get("at");
    go(value === null ? last : Number(value), false);
  });

  const first = document.createElement("template");
  first.content.append(...Array.from(stage.childNodes, (node) => node.cloneNode(true)));
  states.set(at, first);
  window.history.replaceState({ at }, "", window.location.href);
  placeMarks();
  fit();
  window.addEventListener("scroll", fitSoon, { passive: true });
  window.addEventListener("resize", fitSoon);
  mark();
  ahead();
})();
