"""The simulation start form in Chromium: choosing a kind shows that kind's fields alone
(the others hidden, disabled and never `required`), and a rule A/B of two option sets of
one ruleset (ko on against ko off) starts from the page with arm B's own options, after
the page said why identical arms were refused. At a desktop's and a phone's width, under
the Content-Security-Policy. The jobs are queued, not played: what they store is the
point here (tests/browser/test_simulation_kinds.py follows jobs to their results)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models.simulations import SimulationJob
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.browser.test_page_widths import PHONE
from tests.browser.test_simulation_kinds import DESKTOP, world  # noqa: F401 (a fixture)
from tests.games.test_simulation_start_form import assert_option_set_ab
from tests.games.workers import broker_in_use

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# A label of each kind's own fields, as a designer reads them; the matchup has none.
KIND_LABELS = {
    "matchup": [],
    "rule_ab": ["Arm B's ruleset:"],
    "card_impact": ["Card of deck A:", "Substitute:"],
    "gauntlet": ["More decks:", "More opponents:"],
    "errata": ["Card to draft:", "Draft change:", "Erratum note:"],
}
KO = "Ko: no counter where one was just captured (R12)"
REDRAW = "A hand without an Avatar may be redrawn once (R8)"
# The names of the inputs that are hidden yet sent or `required` (there should be none).
HIDDEN_BUT_LIVE = """(form) => [...form.querySelectorAll("input, select, textarea")]
  .filter((input) => input.closest("[hidden]") && (!input.disabled || input.required))
  .map((input) => input.name)"""


@pytest.fixture
def designer(page, world):  # noqa: F811 (the fixture imported above)
    """The designer on the start form, with deck A and B chosen; jobs go to a broker
    that no worker reads."""
    with broker_in_use():
        watch(page)
        log_in(page, "designer")
        first = world["decks"][0]
        page.goto(f"/simulations/new/?deck={first.pk}")
        page.get_by_label("Deck B:", exact=True).select_option(label="Second deck (by designer)")
        yield page


def kind_part(page, legend: str):
    return page.get_by_role("group", name=legend)


def assert_only_these_fields_show(page, kind: str) -> None:
    for other, labels in KIND_LABELS.items():
        for label in labels:
            field = page.get_by_label(label, exact=True)
            if other == kind:
                expect(field).to_be_visible()
                expect(field).to_be_enabled()
            else:
                expect(field).to_be_hidden()
                expect(field).to_be_disabled()
    assert page.locator("form.match-start").evaluate(HIDDEN_BUT_LIVE) == []


def assert_fits_and_is_clean(page) -> None:
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{width} px wide at {size['width']} px"
    assert (page.problems, page.evaluate("window.__violations")) == ([], [])


def test_each_kind_shows_its_own_fields_alone(designer):
    assert_only_these_fields_show(designer, "matchup")
    for kind in [*KIND_LABELS, "matchup"]:
        designer.get_by_label("Kind:").select_option(kind)
        assert_only_these_fields_show(designer, kind)
        assert_fits_and_is_clean(designer)
        designer.set_viewport_size(DESKTOP)
    # Arm B's options show under arm B's ruleset only, once one is chosen.
    designer.get_by_label("Kind:").select_option("rule_ab")
    arm_b = kind_part(designer, "For a rule A/B job: arm B")
    expect(arm_b.locator(".ruleset-option:visible")).to_have_count(0)
    arm_b.get_by_label("Arm B's ruleset:").select_option("beta-2025")
    expect(
        arm_b.get_by_label("Arm B: A hand without an Avatar may be redrawn once")
    ).to_be_visible()
    expect(
        arm_b.get_by_label("Arm B: Ko: no counter where one was just captured (R12)")
    ).to_be_hidden()
    # Arm A's options stay arm A's ruleset's: beta-2026-07's (the first) alone.
    expect(designer.get_by_label(REDRAW, exact=True)).to_be_hidden()
    expect(designer.get_by_label(KO, exact=True)).to_be_visible()
    assert designer.locator("form.match-start").evaluate(HIDDEN_BUT_LIVE) == []
    assert_fits_and_is_clean(designer)
    # Another kind hides arm B's options with the rest, and none of them is sent.
    designer.get_by_label("Kind:").select_option("card_impact")
    assert_only_these_fields_show(designer, "card_impact")
    expect(designer.get_by_label(f"Arm B: {REDRAW}")).to_be_hidden()


def test_an_option_set_ab_of_one_ruleset_starts_with_each_arms_options(designer):
    page = designer
    page.get_by_label("Ruleset:", exact=True).select_option("beta-2026-07")
    expect(page.get_by_label(KO, exact=True)).not_to_be_checked()
    page.get_by_label("Turn limit (R26):", exact=True).fill("6")
    page.get_by_label("Games:", exact=True).fill("4")
    page.get_by_label("Kind:").select_option("rule_ab")
    page.get_by_label("Arm B's ruleset:").select_option("beta-2026-07")
    page.get_by_label("Arm B: Turn limit (R26):").fill("6")
    # Arm B as arm A: the page says why it cannot start, and keeps every choice.
    page.get_by_role("button", name="Start the simulation").click()
    expect(page.get_by_role("alert")).to_contain_text("Arm B plays the same rules as arm A")
    assert not SimulationJob.objects.exists()
    refused = f"{page.url} answered 400"
    assert refused in page.problems
    page.problems.remove(refused)
    page.problems[:] = [text for text in page.problems if "status of 400" not in text]
    expect(page.get_by_label("Arm B's ruleset:")).to_be_visible()
    expect(page.get_by_label("Arm B: Turn limit (R26):")).to_have_value("6")
    assert_fits_and_is_clean(page)
    page.set_viewport_size(DESKTOP)
    page.get_by_label(f"Arm B: {KO}").check()
    page.get_by_role("button", name="Start the simulation").click()
    expect(page).to_have_url(re.compile(r"/simulations/\d+/$"))
    assert_option_set_ab(SimulationJob.objects.get(), ko=True)
    assert_fits_and_is_clean(page)
