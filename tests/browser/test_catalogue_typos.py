"""A mistyped card name offers the card, and a half-typed query shows no error, in Chromium
at a desktop's and a phone's width, with a clean console."""

import contextlib
import os
import time
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.test_content_security_policy import watch
from tests.factories.cards import AvatarFactory, ItemFactory, RealmFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": 1280, "phone": 390}
# Where the screenshots go, to be looked at (set SHEN_SCREENSHOTS to keep them).
SCREENSHOTS = os.environ.get("SHEN_SCREENSHOTS", "")


@pytest.fixture
def cards():
    cinderfall = RealmFactory(name="Cinderfall", slug="cinderfall", symbol="fire")
    tidewell = RealmFactory(name="Tidewell", slug="tidewell", symbol="water")
    AvatarFactory(name="Cinder Hound", realm=cinderfall, cost=2)
    AvatarFactory(name="Forge Warden", realm=cinderfall, cost=3)
    AvatarFactory(name="Reef Sentry", realm=tidewell, cost=2)
    ItemFactory(name="Tide Blade", realm=tidewell)


@pytest.fixture(params=list(WIDTHS))
def width(request, page):
    page.set_viewport_size({"width": WIDTHS[request.param], "height": 900})
    return request.param


@pytest.fixture
def watched(page):
    return watch(page)


def snap(page, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, f"{name}.png"), full_page=True)


def searched_url(url: str, text: str) -> bool:
    """Whether ``url`` is the catalogue's search for ``text``."""
    return urlparse(url).path == "/" and parse_qs(urlparse(url).query).get("q") == [text]


def searched(response, text: str) -> bool:
    """Whether ``response`` (or a request) is the catalogue's search for ``text``."""
    return searched_url(response.url, text)


def assert_fits(page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"


def test_a_mistyped_name_offers_the_card_and_its_search(watched, cards, width):
    page = watched
    page.goto("/")
    box = page.get_by_role("combobox", name="Search the cards")
    box.fill("cindr hound")
    offer = page.locator(".did-you-mean")
    expect(offer).to_contain_text("No cards match. Did you mean Cinder Hound?")
    expect(offer.locator(".card-tile-name")).to_have_text(["Cinder Hound"])
    expect(page.locator(".result-count")).to_contain_text("0 cards")
    assert_fits(page)
    snap(page, f"typo-{width}")
    offer.get_by_role("link", name="Cinder Hound").first.click()
    expect(box).to_have_value("cinder hound")
    expect(page.locator(".card-tile-name")).to_have_text(["Cinder Hound"])
    expect(page.locator(".did-you-mean")).to_have_count(0)
    assert page.problems == [], "\n".join(map(str, page.problems))


def test_a_half_typed_field_value_shows_no_error_until_it_is_whole(watched, cards, width):
    page = watched
    page.goto("/")
    expect(page.locator(".card-tile-name")).to_have_count(4)
    box = page.get_by_role("combobox", name="Search the cards")
    with page.expect_response(lambda r: searched(r, "kind:av")) as answer:
        box.press_sequentially("kind:av")
    assert answer.value.status == 204
    # The suggestions lead; the results stay as they were, with no error.
    options = page.get_by_role("listbox", name="Suggestions").get_by_role("option")
    expect(options.locator(".suggestion-label")).to_have_text(["kind:avatar"])
    expect(page.locator(".search-error")).to_have_count(0)
    expect(page.locator(".card-tile-name")).to_have_count(4)
    snap(page, f"typing-{width}")
    with page.expect_response(lambda r: searched(r, "kind:avatar")):
        box.press_sequentially("atar")
    expect(page.locator(".card-tile-name")).to_have_text(
        ["Cinder Hound", "Forge Warden", "Reef Sentry"]
    )
    expect(page.locator(".search-error")).to_have_count(0)
    assert_fits(page)
    snap(page, f"typed-{width}")
    assert page.problems == [], "\n".join(map(str, page.problems))


def test_submitting_a_half_typed_query_explains_the_error(watched, cards, width):
    page = watched
    page.goto("/")
    box = page.get_by_role("combobox", name="Search the cards")
    box.press_sequentially("kind:av")
    suggestions = page.get_by_role("listbox", name="Suggestions")
    expect(suggestions.get_by_role("option")).to_have_count(1)
    box.press("Enter")  # none chosen: the search runs as typed
    expect(suggestions).to_be_hidden()
    error = page.get_by_role("alert")
    expect(error).to_contain_text('Unknown kind "av"')
    expect(error.locator("mark.bad-token")).to_have_text("av")
    assert_fits(page)
    snap(page, f"submitted-{width}")
    assert page.problems == [], "\n".join(map(str, page.problems))


def test_enter_straight_after_typing_searches_once(watched, cards, width):
    page = watched
    page.goto("/")
    sent = []
    page.on("request", lambda r: sent.append(r.headers) if searched(r, "kind:av") else None)
    box = page.get_by_role("combobox", name="Search the cards")
    box.press_sequentially("kind:av")
    box.press("Enter")  # before the live search's pause is over
    expect(page.get_by_role("alert")).to_contain_text('Unknown kind "av"')
    page.wait_for_timeout(600)  # past the pause: the overtaken live search never goes
    assert len(sent) == 1
    assert "shen-search" not in sent[0]
    expect(page.get_by_role("alert")).to_contain_text('Unknown kind "av"')
    assert page.problems == [], "\n".join(map(str, page.problems))


def test_a_slow_submitted_search_is_not_lost_to_the_typing_it_overtook(watched, cards, width):
    """The live search's pause ends while the submitted search is still on its way: the
    overtaken live search must neither go nor cancel the submitted one (hx-sync replace)."""
    page = watched
    page.goto("/")

    def slowly(route):
        if "shen-search" not in route.request.headers:
            time.sleep(0.8)  # longer than what is left of the live search's pause
        with contextlib.suppress(PlaywrightError):  # the old page cancelled it: no answer
            route.continue_()

    page.route(lambda url: searched_url(url, "kind:av"), slowly)
    box = page.get_by_role("combobox", name="Search the cards")
    box.press_sequentially("kind:av")
    box.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text('Unknown kind "av"')
    assert page.problems == [], "\n".join(map(str, page.problems))
