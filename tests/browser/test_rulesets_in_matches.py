"""The earlier rulesets in Chromium (issue 11): a match started from a deck's Play-test
page under beta-2025 and under simplified-0.1, played to its end by clicks, its log citing
the rules of its own rulebook."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_deck_builder import log_in
from tests.browser.test_matches import click_an_option
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load, starter_deck

# How the status line says a match ended by the rules: who won, or a draw, and why.
ENDED = re.compile(r"Finished\. (\w+ wins|The game is a draw): ")

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# One action a turn (R27): draw first, so the log has a line citing R27, then get to the board.
FIRST = ["choose_redraw", "place_realm_stone", "draw_card"]
THEN = ["choose_redraw", "place_realm_stone", "play_card", "move", "place_counter"]


@pytest.fixture
def decks():
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    standard = playable_deck(owner=alice, realm=realms[0], name="Standard deck")
    # Shén Standard (F1) is played under the current rules and the older beta.
    standard.format.rulesets = ["beta-2026-07", "beta-2025"]
    standard.format.save()
    return {"standard": standard, "starter": starter_deck(owner=alice, realm=realms[1])}


def start_from_the_play_test_page(page, deck, ruleset, opponent, turns):
    page.goto(f"/decks/{deck.pk}/")
    page.get_by_role("link", name="Play-test").click()
    page.get_by_label("Ruleset").select_option(ruleset)
    page.get_by_label("Opponent:", exact=True).select_option(label=opponent)
    page.get_by_label("Turn limit (R26)").fill(str(turns))
    page.get_by_label("Seed").fill("3")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    expect(page.get_by_test_id("match-ruleset")).to_have_attribute("href", f"/rules/{ruleset}/")


def play_to_the_end(page):
    """Click options until the match is over; the types clicked."""
    clicked = []
    for _ in range(200):
        if page.locator(".match-status", has_text="Finished").count():
            return clicked
        clicked.append(click_an_option(page, THEN if "draw_card" in clicked else FIRST))
    pytest.fail(f"the match did not end in 200 clicks: {clicked}")


def test_a_beta_2025_match_is_played_to_its_end_by_clicks(page, decks):
    log_in(page, "alice")
    start_from_the_play_test_page(page, decks["standard"], "beta-2025", "A bot", turns=8)
    clicked = play_to_the_end(page)
    assert "draw_card" in clicked and "play_card" in clicked
    expect(page.locator(".match-status")).to_contain_text(ENDED)
    log = page.locator("section.log a.rule")
    expect(log.first).to_be_attached()
    # Every line cites its rule in the match's own rulebook; drawing as a turn's action is R27.
    hrefs = log.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert all(href.startswith("/rules/beta-2025/#r") for href in hrefs), hrefs
    # The log is newest last, scrolled to its end so the latest events show.
    lines = page.locator(".log-lines")
    assert lines.evaluate("l => l.scrollHeight > l.clientHeight")
    assert lines.evaluate("l => l.scrollTop + l.clientHeight >= l.scrollHeight - 2")
    page.locator("section.log a.rule", has_text="R27").first.click()
    expect(page).to_have_url(re.compile(r"/rules/beta-2025/#r27$"))
    expect(page.locator("#r27")).to_contain_text("One action per turn")


def test_a_simplified_match_is_played_to_its_end_by_clicks_in_hot_seat(page, decks):
    log_in(page, "alice")
    page.goto(f"/games/new/?deck={decks['starter'].pk}")
    # The Starter deck plays simplified-0.1 only, with that ruleset's options only.
    expect(page.get_by_label("Ruleset")).to_have_value("simplified-0.1")
    expect(page.get_by_label("Shén counters add to ranged rolls (R22)")).to_be_checked()
    expect(page.get_by_text("Who recovers each turn")).to_have_count(0)
    start_from_the_play_test_page(page, decks["starter"], "simplified-0.1", "Hot-seat", turns=6)
    clicked = play_to_the_end(page)
    assert clicked[:2] == ["place_realm_stone", "place_realm_stone"]
    expect(page.locator(".match-status")).to_contain_text(ENDED)
    hrefs = page.locator("section.log a.rule").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    assert hrefs and all(href.startswith("/rules/simplified-0.1/#r") for href in hrefs), hrefs
    page.get_by_test_id("match-ruleset").click()
    expect(page.locator("h1")).to_contain_text("simplified-0.1")


def test_the_start_form_shows_the_chosen_rulesets_options_only(page, decks):
    log_in(page, "alice")
    page.goto(f"/games/new/?deck={decks['standard'].pk}")
    recovery = page.get_by_label("Who recovers each turn (R9)")
    redraw = page.get_by_label("A hand without an Avatar may be redrawn once (R8)")
    expect(recovery).to_be_visible()
    expect(redraw).to_be_hidden()
    page.get_by_label("Ruleset").select_option("beta-2025")
    expect(recovery).to_be_hidden()
    expect(redraw).to_be_visible()
    expect(redraw).to_be_checked()
    expect(page.get_by_label("A tied combat roll (R22)")).to_have_value("reroll")
    # The bot's name shows against a bot only; a friend brings their own deck.
    expect(page.get_by_label("Bot")).to_be_hidden()
    page.get_by_label("Opponent:", exact=True).select_option(label="A bot")
    expect(page.get_by_label("Bot")).to_be_visible()
    page.get_by_label("Opponent:", exact=True).select_option(label="A friend")
    expect(page.get_by_label("Opponent deck")).to_be_hidden()
    # On a phone the longest option's words stay inside the form's width.
    page.set_viewport_size({"width": 390, "height": 844})
    fieldsets = page.locator("form.match-start fieldset")
    rights = fieldsets.evaluate_all("fs => fs.map(f => f.getBoundingClientRect().right)")
    assert max(rights) == min(rights) <= 390, rights


def test_my_matches_fit_a_phone_with_the_rules_column(page, decks):
    from games.matches.services import match_create

    for deck, ruleset in ((decks["standard"], "beta-2025"), (decks["starter"], "simplified-0.1")):
        match_create(owner=deck.owner, deck=deck, mode="hotseat", ruleset=ruleset)
    log_in(page, "alice")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/games/")
    expect(page.get_by_role("link", name="simplified-0.1")).to_have_attribute(
        "href", "/rules/simplified-0.1/"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
