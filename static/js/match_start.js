// The start form shows the options of the chosen ruleset only. A hidden option is also
// disabled, so it is not sent; without this script every option shows, each naming the
// rulesets it applies to (names this script hides: only the chosen ruleset's show), and
// the server reads those of the chosen ruleset only.
function showRulesetOptions(form) {
  const select = form.querySelector("select[name=ruleset]");
  if (!select) return;
  form.querySelectorAll(".option-rulesets").forEach((names) => {
    names.hidden = true;
  });
  form.querySelectorAll("[data-rulesets]").forEach((box) => {
    const applies = box.dataset.rulesets.split(" ").includes(select.value);
    box.hidden = !applies;
    box.querySelectorAll("input, select").forEach((input) => {
      input.disabled = !applies;
    });
  });
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("form.match-start").forEach(showRulesetOptions);
});

document.addEventListener("change", (event) => {
  if (event.target.name !== "ruleset") return;
  const form = event.target.closest("form.match-start");
  if (form) showRulesetOptions(form);
});
