// The start form shows what applies to the choices made: a ruleset's options under that
// ruleset only (data-field="ruleset"), the bot's name against a bot only, the opponent's
// deck unless a friend brings theirs (data-field="opponent"); data-values lists the
// choices a part applies to. A hidden part is also disabled, so it is not sent. Without
// this script everything shows, each option naming the rulesets it applies to, and the
// server reads the chosen ruleset's options only.
//
// A rule A/B simulation plays a second ruleset too, with the options of it the form
// holds: those show as well, or the second rules would silently get a hidden (and so
// unsent: unticked) box's "off" instead of their rulebook's value.
function chosenValues(form, field) {
  const values = [...form.querySelectorAll(`select[name="${field}"]`)].map((s) => s.value);
  const kind = form.querySelector('select[name="kind"]');
  const second = form.querySelector('select[name="ruleset_b"]');
  if (field === "ruleset" && kind && second && kind.value === "rule_ab") {
    values.push(second.value);
  }
  return values;
}

function showWhatApplies(form) {
  // Under two rulesets at once, each option still says which of them it belongs to.
  const several = chosenValues(form, "ruleset").length > 1;
  form.querySelectorAll(".option-rulesets").forEach((names) => {
    names.hidden = !several;
  });
  form.querySelectorAll("[data-field][data-values]").forEach((part) => {
    const chosen = chosenValues(form, part.dataset.field);
    if (!chosen.length) return;
    const applies = part.dataset.values.split(" ").some((value) => chosen.includes(value));
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
  const names = ["ruleset", "opponent", "ruleset_b", "kind"];
  if (form && names.includes(event.target.name)) {
    showWhatApplies(form);
  }
});
