// The start form shows what applies to the choices made: a ruleset's options under that
// ruleset only (data-field="ruleset"), the bot's name against a bot only, the opponent's
// deck unless a friend brings theirs (data-field="opponent"); data-values lists the
// choices a part applies to. A hidden part is also disabled, so it is not sent. Without
// this script everything shows, each option naming the rulesets it applies to, and the
// server reads the chosen ruleset's options only.
function showWhatApplies(form) {
  form.querySelectorAll(".option-rulesets").forEach((names) => {
    names.hidden = true;
  });
  form.querySelectorAll("[data-field][data-values]").forEach((part) => {
    const select = form.querySelector(`select[name="${part.dataset.field}"]`);
    if (!select) return;
    const applies = part.dataset.values.split(" ").includes(select.value);
    part.hidden = !applies;
    part.querySelectorAll("input, select").forEach((input) => {
      input.disabled = !applies;
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.match-start").forEach(showWhatApplies);
});

document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("form.match-start");
  if (form && (event.target.name === "ruleset" || event.target.name === "opponent")) {
    showWhatApplies(form);
  }
});
