// Copy buttons: <button data-copy="ID"> copies the value of the field with that id and
// says "Copied" in its status (an aria-live region). The buttons stay hidden without
// this script; the fields are readonly and can still be selected by hand.
(function () {
  "use strict";

  function say(button, message) {
    const status = document.getElementById(button.dataset.copyStatus);
    if (!status) return;
    status.textContent = message;
    window.clearTimeout(status.copyTimer);
    status.copyTimer = window.setTimeout(function () {
      status.textContent = "";
    }, 4000);
  }

  function copyBySelection(field) {
    // For browsers or pages (plain http) without the asynchronous clipboard.
    field.focus();
    field.select();
    try {
      return document.execCommand("copy");
    } catch (error) {
      return false;
    }
  }

  document.addEventListener("click", function (event) {
    const button = event.target.closest("button[data-copy]");
    if (!button) return;
    const field = document.getElementById(button.dataset.copy);
    if (!field) return;
    const copied = function () {
      say(button, "Copied");
    };
    const selected = function () {
      say(button, copyBySelection(field) ? "Copied" : "Selected: press Ctrl+C (⌘C) to copy");
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(copied, selected);
    } else {
      selected();
    }
  });

  for (const button of document.querySelectorAll("button[data-copy]")) {
    button.hidden = false;
  }
})();
