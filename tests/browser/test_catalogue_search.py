"""A player types a search into the catalogue's box and sees the results, in Chromium."""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cards():
    realm = RealmFactory(name="Ember", slug="ember")
    AvatarFactory(name="Ash Squire", realm=realm, cost=1)
    AvatarFactory(name="Cinder Scout", realm=realm, cost=2)
    AvatarFactory(name="Ember Warden", realm=realm, cost=3)
    ItemFactory(name="Ember Blade", realm=realm, cost=1)
    CardFactory(name="Blaze", realm=realm, cost=2)


def shown_names(page) -> list[str]:
    return page.locator(".card-tile-name").all_inner_texts()


def test_typing_a_search_shows_only_the_matching_cards(page, cards):
    page.goto("/")
    expect(page.locator(".card-tile-name")).to_have_count(5)
    page.get_by_label("Search the cards").fill("kind:avatar cost<=2")
    expect(page.locator(".card-tile-name")).to_have_count(2)
    assert shown_names(page) == ["Ash Squire", "Cinder Scout"]
    expect(page.locator(".result-count")).to_contain_text("2 cards")
    expect(page).to_have_url(re.compile(r"q=kind%3Aavatar"))
    query = parse_qs(urlparse(page.url).query, keep_blank_values=True)
    assert query["q"] == ["kind:avatar cost<=2"]
    assert "cost_min" not in query  # empty filters stay out of the shared URL


def test_a_bad_search_points_at_the_token(page, cards):
    page.goto("/")
    page.get_by_label("Search the cards").fill("kind:avatar cost<cheap")
    error = page.get_by_role("alert")
    expect(error).to_contain_text("cost needs a whole number")
    expect(error.locator("mark.bad-token")).to_have_text("cheap")
    expect(page.locator(".card-tile-name")).to_have_count(0)
    expect(page.locator(".result-count")).to_contain_text("0 cards")


def test_ticking_a_kind_checkbox_filters_without_a_reload(page, cards):
    page.goto("/")
    page.evaluate("window.notReloaded = true")
    page.get_by_label("Item", exact=True).check()
    expect(page.locator(".card-tile-name")).to_have_count(1)
    assert shown_names(page) == ["Ember Blade"]
    assert page.evaluate("window.notReloaded") is True
    expect(page).to_have_url(re.compile(r"kind=item"))
