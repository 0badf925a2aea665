"""A simulation in Chromium: started from a deck's page, its progress bar followed to the
end without a reload (a real Celery worker plays the games), then its results."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world():
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    return {
        "first": playable_deck(owner=alice, realm=realms[0], name="First deck"),
        "second": playable_deck(owner=alice, realm=realms[1], name="Second deck"),
    }


def test_start_a_simulation_and_watch_its_progress_bar_reach_the_end(page, world, workers):
    workers()
    # Under the Content-Security-Policy, with a clean console, like every page.
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(RECORD_VIOLATIONS)
    log_in(page, "alice")
    page.goto(f"/decks/{world['first'].pk}/")
    page.get_by_role("link", name="Simulate").click()
    expect(page.get_by_label("Deck A:", exact=True)).to_have_value(str(world["first"].pk))
    page.get_by_label("Deck B:", exact=True).select_option(label="Second deck (by alice)")
    # Exact: arm B of a rule A/B has a turn limit of its own ("Arm B: Turn limit (R26)").
    page.get_by_label("Turn limit (R26):", exact=True).fill("8")
    page.get_by_label("Games:", exact=True).fill("60")
    page.get_by_label("Seed:", exact=True).fill("11")
    page.get_by_role("button", name="Start the simulation").click()
    expect(page).to_have_url(re.compile(r"/simulations/\d+/$"))
    bar = page.get_by_role("progressbar", name="Games played")
    expect(bar).to_have_attribute("max", "60")
    # The page is never reloaded: the bar moves by polling alone.
    page.evaluate("window.__sameDocument = true")
    expect(bar).to_have_attribute("value", "60", timeout=120_000)
    expect(page.locator(".simulation-status")).to_contain_text("60 of 60 games played")
    expect(page.get_by_role("heading", name="Results")).to_be_visible()
    expect(page.locator(".simulation-charts svg").first).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True
    assert (problems, page.evaluate("window.__violations")) == ([], [])
    page.get_by_role("link", name="My simulations").click()
    expect(page.get_by_role("cell", name="Finished")).to_be_visible()
