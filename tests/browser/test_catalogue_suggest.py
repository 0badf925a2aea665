"""The search box suggests as a player types; the keyboard alone picks a suggestion, in Chromium."""

import pytest
from playwright.sync_api import expect

from tests.factories.cards import AvatarFactory, ItemFactory, RealmFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cards():
    cinderfall = RealmFactory(name="Cinderfall", slug="cinderfall", symbol="fire")
    tidewell = RealmFactory(name="Tidewell", slug="tidewell", symbol="water")
    AvatarFactory(name="Forge Warden", realm=cinderfall, keywords=" guardian ")
    AvatarFactory(name="Reef Sentry", realm=tidewell)
    ItemFactory(name="Tide Blade", realm=tidewell)


def test_arrow_keys_and_enter_take_a_suggestion_and_search(page, cards):
    page.goto("/")
    box = page.get_by_role("combobox", name="Search the cards")
    box.press_sequentially("realm:t")
    options = page.get_by_role("listbox", name="Suggestions").get_by_role("option")
    expect(options.locator(".suggestion-label")).to_have_text(["realm:tidewell"])
    expect(box).to_have_attribute("aria-expanded", "true")
    box.press("ArrowDown")
    expect(options.first).to_have_attribute("aria-selected", "true")
    expect(box).to_have_attribute("aria-activedescendant", "search-suggestions-0")
    box.press("Enter")
    expect(box).to_have_value("realm:tidewell ")
    expect(page.locator(".card-tile-name")).to_have_count(2)


def test_escape_closes_the_list_and_keeps_the_text(page, cards):
    page.goto("/")
    box = page.get_by_role("combobox", name="Search the cards")
    box.press_sequentially("forge")
    expect(page.get_by_role("listbox", name="Suggestions").get_by_role("option")).to_have_count(1)
    box.press("Escape")
    expect(page.locator("#search-suggestions")).to_be_hidden()
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_value("forge")


def test_an_unknown_realm_shows_a_warning_naming_the_realms(page, cards):
    page.goto("/")
    page.get_by_role("combobox", name="Search the cards").fill("realm:ember")
    expect(page.locator(".search-warnings")).to_contain_text(
        'No realm is called "ember". The realms are: cinderfall, tidewell.'
    )
