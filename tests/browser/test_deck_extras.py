"""Copy buttons on the deck page and the builder's card preview, as a player uses them."""

import contextlib

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from tests.factories.cards import AvatarFactory, RealmFactory
from tests.factories.decks import UserFactory, make_public_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def world():
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    AvatarFactory(name="Cinder Hound", slug="cinder-hound", realm=realm)
    AvatarFactory(name="Ashborn Squire", slug="ashborn-squire", realm=realm)
    owner = UserFactory(username="builder")
    deck = make_public_deck(owner=owner, name="Rush")
    return owner, deck


def open_as(browser, live_server, user, width):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 900}, has_touch=width < 800
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    client = Client()
    client.force_login(user)
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.session.session_key,
                "url": live_server.url,
            }
        ]
    )
    return context, context.new_page()


def test_copy_buttons_copy_the_link_and_the_deck_code(browser, live_server, world):
    owner, deck = world
    context, page = open_as(browser, live_server, owner, 1280)
    try:
        page.goto(f"/decks/{deck.pk}/")
        page.get_by_role("button", name="Copy deck code").click()
        expect(page.locator("#deck-code-status")).to_have_text("Copied")
        code = page.get_by_test_id("deck-code").input_value()
        assert page.evaluate("navigator.clipboard.readText()") == code
        page.get_by_role("button", name="Copy link").click()
        expect(page.locator("#share-link-status")).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()").endswith(f"/decks/{deck.pk}/")
    finally:
        context.close()


@contextlib.contextmanager
def builder_search(browser, live_server, world, *, width: int, query: str):
    """The builder of the world's deck at `width`, searching `query`: the page and its preview."""
    owner, deck = world
    context, page = open_as(browser, live_server, owner, width)
    try:
        page.goto(f"/decks/{deck.pk}/edit/?q={query}")
        yield page, page.locator("#card-preview")
    finally:
        context.close()


def test_hovering_a_search_result_previews_its_card(browser, live_server, world):
    with builder_search(browser, live_server, world, width=1280, query="cinder") as (page, preview):
        expect(preview).to_be_hidden()
        page.get_by_role("button", name="Add Cinder Hound to the main deck").hover()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/cards/cinder-hound.svg")
        expect(preview).to_contain_text("Cinder Hound")
        page.mouse.move(1200, 10)
        expect(preview).to_be_hidden()


def test_tapping_preview_on_a_phone_shows_the_card_until_closed(browser, live_server, world):
    with builder_search(browser, live_server, world, width=390, query="squire") as (page, preview):
        page.get_by_role("link", name="Preview Ashborn Squire").tap()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/cards/ashborn-squire.svg")
        page.get_by_role("button", name="Close the preview").tap()
        expect(preview).to_be_hidden()
        # Adding a card does not bring the preview up over the list.
        page.get_by_role("button", name="Add Ashborn Squire to the main deck").tap()
        expect(page.locator("#held-ashborn-squire")).to_have_text("In the deck: 1 of 3")
        expect(preview).to_be_hidden()
