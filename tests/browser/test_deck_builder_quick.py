"""Building fast in Chromium, at 1280 and 390 px: quick-add lines, "+ max", clicks made
without waiting, the hover preview, the search pane that stays, the stacks view.

Every test watches the console: any error, failed request or CSP violation fails it
(tests/browser/test_content_security_policy.py's `watch`).
"""

import contextlib
import re

import pytest
from playwright.sync_api import expect

from cards.models import Card
from decks.models import Deck
from decks.services import deck_create, deck_set_slot
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_extras import open_as
from tests.factories.cards import AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [1280, 390]
ADEPTS = 14  # 13 × 3 copies + 1 = 40, Shén Standard's minimum


@pytest.fixture
def world():
    ember = RealmFactory(name="Ember", slug="ember")
    for number in range(1, ADEPTS + 1):
        CardFactory(name=f"Ember Adept {number:02d}", realm=ember, cost=number % 4)
    AvatarFactory(name="Cinder Hound", slug="cinder-hound", realm=ember, cost=1)
    owner = UserFactory(username="builder")
    return owner, deck_create(owner=owner, name="Rush", format=FormatFactory())


@contextlib.contextmanager
def builder(browser, live_server, world, *, width: int, query: str = "adept"):
    """The builder of the world's (empty) deck at `width`, searching `query`, watched."""
    owner, deck = world
    context, page = open_as(browser, live_server, owner, width)
    try:
        watch(page)
        page.goto(f"/decks/{deck.pk}/edit/?q={query}")
        yield page
        assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    finally:
        context.close()


def press(page, locator, width: int) -> None:
    """A click at 1280 px, a tap at 390 px."""
    locator.tap() if width < 800 else locator.click()


def total(page):
    return page.get_by_test_id("main-total")


@pytest.mark.parametrize("width", WIDTHS)
def test_quick_add_3_cinder_hound_adds_three_and_keeps_the_box_for_the_next(
    browser, live_server, world, width
):
    with builder(browser, live_server, world, width=width) as page:
        box = page.get_by_label("Quick add")
        box.fill("3 cinder hound")
        box.press("Enter")
        expect(total(page)).to_have_text("Main deck: 3")
        expect(page.get_by_label("Copies of Cinder Hound in the main deck")).to_have_value("3")
        expect(page.locator("#quick-add-status")).to_have_text("Added 3 Cinder Hound.")
        # The box is empty and still focused: the next line goes straight in.
        expect(box).to_have_value("")
        expect(box).to_be_focused()
        # The first card declared the Home Realm, so Standard asks for nothing more.
        expect(page.locator("#deck-settings").get_by_label("Home realm")).to_have_value(
            str(Deck.objects.get(pk=world[1].pk).home_realm_id)
        )
        expect(page.locator("#validation")).not_to_contain_text("Home Realm")

        page.keyboard.type("ember adept 1")
        page.keyboard.press("Enter")
        expect(page.locator("#quick-add-status")).to_contain_text(
            "'ember adept 1' starts Ember Adept 10, Ember Adept 11, Ember Adept 12 and more"
        )
        expect(box).to_have_value("ember adept 1")  # kept, to be corrected
        box.fill("Ember Adept 10 x5")
        box.press("Enter")
        expect(page.locator("#quick-add-status")).to_have_text(
            "Added 3 Ember Adept 10, not 5: Shén Standard allows 3 copies of a card by name, "
            "main deck and sideboard together."
        )
        expect(total(page)).to_have_text("Main deck: 6")
        # The search result of the card shows its new count.
        expect(page.locator("#held-ember-adept-10")).to_have_text("In the deck: 3 of 3")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_valid_40_card_deck_takes_14_clicks_not_41(browser, live_server, world, width):
    """Before: 40 clicks on "+ add", one a copy, and the Home Realm picked by hand (41).
    Now: "+ max" on 13 cards and "+ add" on one, the Home Realm declared by the first."""
    with builder(browser, live_server, world, width=width, query="") as page:
        clicks = 0
        for number in range(1, ADEPTS):
            name = f"Ember Adept {number:02d}"
            press(page, page.get_by_role("button", name=f"Add {name} up to the limit of 3"), width)
            clicks += 1
            expect(total(page)).to_have_text(f"Main deck: {3 * number}")
        press(page, page.get_by_role("button", name="Add Ember Adept 14 to the main deck"), width)
        clicks += 1
        expect(total(page)).to_have_text("Main deck: 40")
        expect(page.locator("#validation")).to_have_attribute("data-valid", "true")
        assert clicks == 14
        # Shift-click on "+ add" is "+ max" too.
        if width > 800:
            page.get_by_role("button", name="Add Cinder Hound to the main deck").click(
                modifiers=["Shift"]
            )
            expect(total(page)).to_have_text("Main deck: 43")


def test_fast_adding_loses_no_click_and_logs_nothing(browser, live_server, world):
    """Clicks made without waiting for the answers: none is lost, and the console stays
    clean. Both used to fail: a screenshot (as a browser tool, or a resized text box,
    leaves a style attribute) made every add's settle a CSP violation; a count swapped for
    a card the search did not show logged htmx:oobErrorNoTarget; and a second click on a
    deck row's "+" while the first was on its way was dropped with the row it was made in."""
    with builder(browser, live_server, world, width=1280) as page:
        page.screenshot()
        for number in range(1, 6):
            button = page.get_by_role(
                "button", name=f"Add Ember Adept {number:02d} to the main deck"
            )
            for _click in range(2):
                button.click(no_wait_after=True)
        expect(total(page)).to_have_text("Main deck: 10")
        # Two quick clicks on the same spot: a row's "+", then the one that replaced it.
        more = page.get_by_role("button", name="One more Ember Adept 01").bounding_box()
        for _click in range(2):
            page.mouse.click(more["x"] + more["width"] / 2, more["y"] + more["height"] / 2)
        expect(total(page)).to_have_text("Main deck: 11")  # the second one met the limit
        expect(page.locator(".change-error")).to_contain_text("No more Ember Adept 01")
        # A new search, and at once a change to a card it will not show.
        page.get_by_label("Search", exact=True).fill("cinder")
        page.get_by_role("button", name="One more Ember Adept 02").click(no_wait_after=True)
        page.get_by_role("button", name="One fewer Ember Adept 03").click(no_wait_after=True)
        expect(page.locator("#search-results")).not_to_contain_text("Ember Adept")
        expect(total(page)).to_have_text("Main deck: 11")
        expect(page.get_by_label("Copies of Ember Adept 02 in the main deck")).to_have_value("3")
        expect(page.get_by_label("Copies of Ember Adept 03 in the main deck")).to_have_value("1")


def test_fast_taps_on_a_phone_lose_nothing_and_log_nothing(browser, live_server, world):
    with builder(browser, live_server, world, width=390) as page:
        page.screenshot()
        for number in range(1, 4):
            button = page.get_by_role(
                "button", name=f"Add Ember Adept {number:02d} to the main deck"
            )
            button.tap(no_wait_after=True)
            button.tap(no_wait_after=True)
        expect(total(page)).to_have_text("Main deck: 6")
        page.get_by_role("button", name="One more Ember Adept 01").tap(no_wait_after=True)
        page.get_by_role("button", name="Add Ember Adept 02 up to the limit of 3").tap(
            no_wait_after=True
        )
        expect(total(page)).to_have_text("Main deck: 8")


def overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_preview_shows_beside_the_pointers_pane_and_closes_after_add(
    browser, live_server, world
):
    _, deck = world
    for card in Card.objects.filter(name__startswith="Ember Adept")[:6]:
        deck_set_slot(deck=deck, card=card, count=2)
    with builder(browser, live_server, world, width=1280) as page:
        preview = page.locator("#card-preview")
        controls = page.locator("#deck-pane .slot-controls button")
        search_pane = page.locator(".builder-search").bounding_box()
        deck_column = page.locator(".builder-deck").bounding_box()

        result = page.locator("#search-results .result", has_text="Ember Adept 02")
        result.get_by_role("button", name="Add Ember Adept 02 to the main deck").hover()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/cards/ember-adept-02.svg")
        shown = preview.bounding_box()
        assert shown["x"] >= search_pane["x"] + search_pane["width"]
        assert not any(overlap(shown, control.bounding_box()) for control in controls.all())

        # "+ add" closes it, and it stays closed while the pointer rests on that card.
        result.get_by_role("button", name="Add Ember Adept 02 to the main deck").click()
        expect(total(page)).to_have_text("Main deck: 13")
        expect(preview).to_be_hidden()
        result.locator(".result-name").hover()
        page.wait_for_timeout(200)
        expect(preview).to_be_hidden()

        # A deck row's card shows over the search pane, and leaving the row closes it.
        page.locator("#deck-pane .slot", has_text="Ember Adept 04").locator(".slot-name").hover()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/cards/ember-adept-04.svg")
        over = preview.bounding_box()
        assert over["x"] + over["width"] <= deck_column["x"]
        page.mouse.move(deck_column["x"] + deck_column["width"] - 5, 5)
        expect(preview).to_be_hidden()


def test_the_search_pane_stays_on_screen_while_the_deck_scrolls(browser, live_server, world):
    _, deck = world
    for card in Card.objects.all():
        deck_set_slot(deck=deck, card=card, count=3)
    with builder(browser, live_server, world, width=1280) as page:
        # Down past the deck list to its settings, as a player checks the list.
        page.get_by_role("heading", name="Deck settings").scroll_into_view_if_needed()
        assert page.evaluate("window.scrollY") > 500
        expect(page.get_by_label("Quick add")).to_be_in_viewport()
        expect(page.get_by_label("Search", exact=True)).to_be_in_viewport()
        assert 0 <= page.locator(".builder-search").bounding_box()["y"] <= 20
        # The totals stay in sight above the deck too.
        expect(total(page)).to_be_in_viewport()


def test_on_a_phone_the_totals_stay_and_nothing_is_wider_than_the_screen(
    browser, live_server, world
):
    _, deck = world
    for card in Card.objects.all():
        deck_set_slot(deck=deck, card=card, count=3)
    with builder(browser, live_server, world, width=390) as page:
        page.get_by_role("heading", name="Deck settings").scroll_into_view_if_needed()
        assert page.evaluate("window.scrollY") > 500
        expect(total(page)).to_be_in_viewport()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.get_by_role("link", name="Stacks by kind").tap()
        expect(page.locator("#deck-pane")).to_have_attribute("data-view", "stacks")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("width", WIDTHS)
def test_the_stacks_view_lays_each_kinds_faces_over_each_other(browser, live_server, world, width):
    _, deck = world
    for card in Card.objects.filter(name__in=["Ember Adept 01", "Ember Adept 02", "Cinder Hound"]):
        deck_set_slot(deck=deck, card=card, count=2)
    with builder(browser, live_server, world, width=width) as page:
        press(page, page.get_by_role("link", name="Stacks by kind"), width)
        pane = page.locator("#deck-pane")
        expect(pane).to_have_attribute("data-view", "stacks")
        expect(page).to_have_url(re.compile(r"\?view=stacks$"))
        actions = pane.locator(
            ".stack", has=page.get_by_role("heading", name=re.compile("^Action"))
        )
        actions = actions.locator(".stack-card")
        expect(actions).to_have_count(2)
        first, second = actions.nth(0).bounding_box(), actions.nth(1).bounding_box()
        assert second["y"] < first["y"] + first["height"]  # laid over it
        assert second["y"] - first["y"] < first["height"] / 3  # the strip shows, not the face
        expect(pane.get_by_role("heading", name="Action (4)")).to_be_visible()
        expect(pane.get_by_role("heading", name="Avatar (2)")).to_be_visible()

        press(page, page.get_by_role("button", name="One more Ember Adept 02"), width)
        expect(total(page)).to_have_text("Main deck: 7")
        expect(pane).to_have_attribute("data-view", "stacks")
        expect(actions.nth(1)).to_contain_text("3×")

        press(page, page.get_by_role("link", name="Stacks by cost"), width)
        expect(pane.locator(".stack h4").first).to_have_text(re.compile(r"^Cost \d+ \(\d+\)$"))
        page.reload()
        expect(page.locator("#deck-pane")).to_have_attribute("data-view", "stacks-by-cost")


def test_over_the_stacks_the_preview_still_leaves_every_minus_and_plus_clear(
    browser, live_server, world
):
    _, deck = world
    for card in Card.objects.all():
        deck_set_slot(deck=deck, card=card, count=2)
    with builder(browser, live_server, world, width=1280) as page:
        page.get_by_role("link", name="Stacks by cost").click()
        expect(page.locator("#deck-pane")).to_have_attribute("data-view", "stacks-by-cost")
        preview = page.locator("#card-preview")
        controls = page.locator("#deck-pane .slot-controls button").all()
        for number in (1, 5, 9):
            name = f"Add Ember Adept {number:02d} to the main deck"
            page.get_by_role("button", name=name).hover()
            expect(preview.locator("img")).to_have_attribute(
                "src", f"/cards/ember-adept-{number:02d}.svg"
            )
            shown = preview.bounding_box()
            assert not any(overlap(shown, control.bounding_box()) for control in controls)


def test_on_a_phone_a_tap_on_a_deck_cards_name_previews_it(browser, live_server, world):
    _, deck = world
    deck_set_slot(deck=deck, card=Card.objects.get(name="Cinder Hound"), count=2)
    with builder(browser, live_server, world, width=390) as page:
        preview = page.locator("#card-preview")
        page.locator("#deck-pane .slot-name", has_text="Cinder Hound").tap()
        expect(preview).to_be_visible()
        expect(preview.locator("img")).to_have_attribute("src", "/cards/cinder-hound.svg")
        expect(page).to_have_url(re.compile(r"/edit/\?q=adept$"))  # no page was opened
        # The preview names the card's page, for a tap that wants it.
        expect(preview.get_by_role("link", name="Cinder Hound")).to_have_attribute(
            "href", "/cards/cinder-hound/"
        )
        page.get_by_role("button", name="One more Cinder Hound").tap()
        expect(total(page)).to_have_text("Main deck: 3")
        expect(preview).to_be_hidden()
