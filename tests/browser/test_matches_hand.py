"""A card in hand shows its face: under the mouse, or by a tap (static/js/table.js)."""

import pytest

from tests.browser.test_table_clicks import TablePage
from tests.games.test_table import first_of_each_kind

pytestmark = pytest.mark.browser


def test_a_card_in_hand_shows_its_face_under_the_mouse_and_a_click_keeps_it(browser):
    moment = first_of_each_kind()["activation_step"]
    with TablePage(browser, moment) as view:
        cards = view.page.locator(".hand-card")
        first, second = cards.nth(0), cards.nth(1)
        face = first.locator(".card-face img")
        assert not face.is_visible()
        first.locator("summary").hover()
        assert face.is_visible()
        second.locator("summary").hover()
        assert not face.is_visible() and second.locator(".card-face img").is_visible()
        first.locator("summary").click()  # hovered, then clicked: it stays open
        second.locator("summary").hover()
        assert face.is_visible()
        # The card images are not served here; no script error on the way.
        assert [e for e in view.errors if "Failed to load resource" not in e] == []


def test_a_tap_opens_and_closes_a_cards_face(browser):
    table = TablePage(browser, first_of_each_kind()["activation_step"], width=390)
    table.context.close()  # the same table, on a touch screen
    phone = browser.new_context(viewport={"width": 390, "height": 800}, has_touch=True)
    try:
        phone.route("http://table.test/**", table._serve)
        page = phone.new_page()
        page.goto("http://table.test/table/")
        card = page.locator(".hand-card").first
        face = card.locator(".card-face img")
        card.locator("summary").tap()
        assert face.is_visible()
        card.locator("summary").tap()
        assert not face.is_visible()
    finally:
        phone.close()
