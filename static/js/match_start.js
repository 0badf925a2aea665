// The start form shows what applies to the choices made: a ruleset's options under that
// ruleset only (data-field="ruleset"), the bot's name against a bot only, the opponent's
// deck unless a friend brings theirs (data-field="opponent"), a simulation kind's own
// fields under that kind only (data-field="kind"), within a rule A/B's, arm B's options
// under arm B's ruleset (data-field="ruleset_b"), and within an errata's, the abilities
// form or JSON as chosen and each step's parameters under its verb; data-values lists the
// choices a part applies to. Every input inside a hidden part, however deep, is disabled: it is
// neither sent nor checked by the browser, and the server reads only what applies (an
// unsent box is never read as "off"). Without this script everything shows, each option
// naming the rulesets it applies to and each kind's fields under their kind's legend.
function chosenValue(form, field) {
  const select = form.querySelector(`select[name="${field}"]`);
  return select ? select.value : null;
}

function showWhatApplies(form) {
  // One ruleset is chosen for each arm, one verb for each step of an errata's ability: the
  // names an option or a parameter shows without the script (for whoever reads every one
  // at once) say nothing more.
  form.querySelectorAll(".option-rulesets, .applies-to").forEach((names) => {
    names.hidden = true;
  });
  form.querySelectorAll("[data-field][data-values]").forEach((part) => {
    const chosen = chosenValue(form, part.dataset.field);
    if (chosen === null) return;
    part.hidden = !part.dataset.values.split(" ").includes(chosen);
  });
  form.querySelectorAll("[data-field][data-values] :is(input, select, textarea)").forEach((input) => {
    input.disabled = input.closest("[data-field][hidden]") !== null;
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.match-start").forEach(showWhatApplies);
});

document.addEventListener("change", (event) => {
  const form = event.target.closest && event.target.closest("form.match-start");
  if (form && form.querySelector(`[data-field="${event.target.name}"]`)) {
    showWhatApplies(form);
  }
});

// A part htmx swapped in (an errata's abilities, a step added) shows what applies too.
document.addEventListener("htmx:afterSettle", (event) => {
  const form = event.target.closest && event.target.closest("form.match-start");
  if (form) showWhatApplies(form);
});
