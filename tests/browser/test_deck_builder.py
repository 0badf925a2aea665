"""A person builds a valid deck in Chromium: search, click to add, watch the validation change."""

import re

import pytest
from playwright.sync_api import expect

from tests.factories.cards import CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CARDS = 14  # 13 × 3 copies + 1 = 40, Shén Standard's minimum


@pytest.fixture
def world():
    ember = RealmFactory(name="Ember", slug="ember")
    for number in range(1, CARDS + 1):
        CardFactory(name=f"Ember Adept {number:02d}", realm=ember, cost=number % 4)
    CardFactory(name="Tide Caller", realm=RealmFactory(name="Tide", slug="tide"))
    FormatFactory()
    return UserFactory(username="builder")


def log_in(page, username):
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/decks/mine/$"))


def test_building_a_deck_by_search_and_clicks_makes_it_valid(page, world):
    log_in(page, "builder")
    page.goto("/decks/new/")
    page.get_by_label("Name").fill("Ember Rush")
    page.get_by_label("Format").select_option(label="Shén Standard")
    page.get_by_role("button", name="Create and open the builder").click()
    expect(page).to_have_url(re.compile(r"/decks/\d+/edit/$"))

    validation = page.locator("#validation")
    expect(validation).to_contain_text("Deck has 0 cards; Shén Standard needs 40 to 60.")
    expect(validation).to_contain_text("Shén Standard needs the deck's Home Realm declared.")

    # The settings form saves itself on change: declaring the Home Realm clears that error.
    page.locator("#deck-settings").get_by_label("Home realm").select_option(label="Ember")
    expect(page.locator("#deck-settings")).to_contain_text("Saved.")
    expect(validation).not_to_contain_text("Home Realm")

    page.get_by_label("Search", exact=True).fill("adept")
    results = page.locator("#search-results")
    expect(results).not_to_contain_text("Tide Caller")
    adds = results.get_by_role("button", name=re.compile(r"^Add Ember Adept \d+ to the main deck$"))
    expect(adds).to_have_count(CARDS)

    total = page.get_by_test_id("main-total")
    added = 0
    for number in range(1, CARDS + 1):
        button = results.get_by_role(
            "button", name=f"Add Ember Adept {number:02d} to the main deck"
        )
        for _copy in range(3 if number < CARDS else 1):
            if added == 0:
                # The first copy goes in from the keyboard: focus the row's button, press Enter.
                button.focus()
                page.keyboard.press("Enter")
            else:
                button.click()
            added += 1
            expect(total).to_have_text(f"Main deck: {added}")
        if added == 3:
            expect(validation).to_contain_text("Deck has 3 cards; Shén Standard needs 40 to 60.")

    expect(validation).to_have_text(re.compile(r"Valid for Shén Standard"))
    expect(validation).to_have_attribute("data-valid", "true")
    # The statistics came along with the change, without a reload.
    expect(page.locator("#deck-insights")).to_contain_text("Outside the Home Realm: 0%")

    # "+ add" refuses one copy past the limit, and says why at once; the result shows 3 of 3.
    results.get_by_role("button", name="Add Ember Adept 01 to the main deck").click()
    expect(page.locator(".change-error")).to_contain_text(
        "No more Ember Adept 01: Shén Standard allows 3 copies of a card by name"
    )
    expect(total).to_have_text("Main deck: 40")
    expect(page.locator("#held-ember-adept-01")).to_have_text("In the deck: 3 of 3")

    # A typed count past the limit is kept, and validation names the broken limit.
    count = page.get_by_label("Copies of Ember Adept 01 in the main deck")
    count.fill("4")
    count.press("Tab")
    expect(validation).to_contain_text("Deck has 4 copies of Ember Adept 01")

    # Typing a count sets it; sending a copy to the sideboard moves it off the main deck.
    page.get_by_label("Copies of Ember Adept 01 in the main deck").fill("3")
    page.get_by_label("Copies of Ember Adept 01 in the main deck").press("Tab")
    expect(total).to_have_text("Main deck: 40")
    row = page.locator("#deck-pane [data-board=main] li", has_text="Ember Adept 02")
    row.get_by_role("button", name="to sideboard").click()
    expect(total).to_have_text("Main deck: 39")
    expect(validation).to_contain_text("Deck has 39 cards; Shén Standard needs 40 to 60.")
    expect(page.get_by_label("Copies of Ember Adept 02 in the sideboard")).to_have_value("1")


def test_sample_hand_draws_seven_cards_on_each_click(page, world):
    from cards.models import Card
    from decks.services import deck_create, deck_set_slot

    deck = deck_create(owner=world, name="Hand test", format=FormatFactory())
    for card in Card.objects.filter(name__startswith="Ember"):
        deck_set_slot(deck=deck, card=card, board="main", count=3)
    log_in(page, "builder")
    page.goto(f"/decks/{deck.pk}/")
    page.get_by_role("button", name="Draw 7").click()
    expect(page.get_by_test_id("sample-hand").locator("li")).to_have_count(7)


def test_quick_clicks_each_add_a_copy(page, world):
    from decks.services import deck_create

    deck = deck_create(owner=world, name="Quick", format=FormatFactory())
    log_in(page, "builder")
    page.goto(f"/decks/{deck.pk}/edit/")
    button = page.get_by_role("button", name="Add Ember Adept 01 to the main deck")
    for _click in range(3):
        button.click(no_wait_after=True)
    expect(page.get_by_test_id("main-total")).to_have_text("Main deck: 3")
    expect(page.get_by_label("Copies of Ember Adept 01 in the main deck")).to_have_value("3")
