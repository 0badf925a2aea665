// The builder's card preview: the face of the search result under the mouse, the one
// reached with the keyboard, or the one whose "preview" link was tapped. Without this
// script the link opens the card's page.
(function () {
  "use strict";
  const preview = document.getElementById("card-preview");
  if (!preview) return;
  const image = preview.querySelector("img");
  const caption = preview.querySelector(".card-preview-name");
  // Where the preview would cover the results (one column), only a tap or a key shows it.
  const besideResults = window.matchMedia("(min-width: 801px)");
  let shown = null;

  function show(link) {
    if (!link || link === shown) return;
    shown = link;
    image.src = link.dataset.preview;
    image.alt = "The card " + link.dataset.name;
    caption.textContent = link.dataset.name;
    preview.hidden = false;
  }

  function hide() {
    shown = null;
    preview.hidden = true;
  }

  function linkOf(target) {
    const result = target instanceof Element ? target.closest(".result") : null;
    return result ? result.querySelector(".preview-link") : null;
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "mouse" && besideResults.matches) show(linkOf(event.target));
  });
  document.addEventListener("pointerout", function (event) {
    if (event.pointerType !== "mouse" || !besideResults.matches || !linkOf(event.target)) return;
    if (!linkOf(event.relatedTarget)) hide();
  });
  document.addEventListener("focusin", function (event) {
    // Keyboard focus only: a tap on "+ add" should not cover the screen.
    if (event.target.matches(":focus-visible")) show(linkOf(event.target));
  });
  document.addEventListener("click", function (event) {
    const link = event.target.closest(".preview-link");
    if (link) {
      event.preventDefault();
      show(link);
    } else if (event.target.closest(".card-preview-close")) {
      hide();
    } else if (!preview.contains(event.target) && !event.target.closest(".result")) {
      hide();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
})();
