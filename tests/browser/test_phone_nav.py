"""The site's navigation in Chromium (issue 23): on a phone (390 px) the header is one line,
its links behind a Menu button that the keyboard opens, moves into and closes; wide (1280
px), every link shows beside the brand; no width loses a link."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIGNED_OUT = ["Cards", "Search help", "Decks", "Rules", "Log in", "Sign up", "API"]
SIGNED_IN = [
    "Cards",
    "Search help",
    "Decks",
    "Rules",
    "My decks",
    "My matches",
    "Simulations",
    "Account",
    "Log out (builder)",
    "API",
]


@pytest.fixture
def at_width(browser, live_server):
    """``open(width)``: a watched page that wide; none may log an error or break the CSP."""
    opened = []

    def open_page(width):
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": width, "height": 800}
        )
        page = watch(context.new_page())
        page.set_default_timeout(10_000)
        opened.append((context, page))
        return page

    yield open_page
    for context, page in opened:
        problems = (page.problems, page.evaluate("window.__violations"))
        context.close()
        assert problems == ([], [])


def open_menu(page) -> None:
    """Open the site's menu, as a person on a phone does before following one of its
    links (a wide screen shows them all, and no Menu button)."""
    menu = page.get_by_role("button", name="Menu")
    if menu.is_visible():
        menu.click()
        expect(page.get_by_role("navigation", name="Main")).to_be_visible()


def names(nav) -> list[str]:
    return [item.inner_text().strip() for item in nav.locator(":scope > a, :scope button").all()]


def header_lines(page) -> int:
    """How many lines of text the header takes (the brand's line height each)."""
    header = page.locator(".site-header").bounding_box()["height"]
    brand = page.locator(".site-header .brand").bounding_box()["height"]
    return round(header / (brand + 16))


@pytest.fixture
def builder(db):
    return UserFactory(username="builder")


@pytest.mark.parametrize("signed_in", [False, True], ids=["signed-out", "signed-in"])
def test_a_phones_header_is_one_line_with_every_link_behind_the_menu(at_width, builder, signed_in):
    page = at_width(390)
    if signed_in:
        log_in(page, "builder")
    page.goto("/games/" if signed_in else "/")
    nav = page.get_by_role("navigation", name="Main")
    menu = page.get_by_role("button", name="Menu")
    assert header_lines(page) == 1
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()
    menu.click()
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(nav).to_be_visible()
    assert names(nav) == (SIGNED_IN if signed_in else SIGNED_OUT)
    for link in nav.locator(":scope > a").all():
        expect(link).to_be_in_viewport()
    if signed_in:
        expect(nav.get_by_role("link", name="My matches")).to_have_attribute("aria-current", "page")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # A click elsewhere closes it.
    page.locator(".site-footer").click(position={"x": 5, "y": 5})
    expect(nav).to_be_hidden()


def test_the_menu_opens_moves_and_closes_by_keyboard(at_width):
    page = at_width(390)
    page.goto("/")
    menu = page.get_by_role("button", name="Menu")
    for _ in range(10):
        page.keyboard.press("Tab")
        if menu.evaluate("button => button === document.activeElement"):
            break
    expect(menu).to_be_focused()
    page.keyboard.press("Enter")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_be_visible()
    page.keyboard.press("Tab")
    expect(nav.get_by_role("link", name="Cards")).to_be_focused()
    page.keyboard.press("Escape")
    expect(nav).to_be_hidden()
    expect(menu).to_be_focused()
    expect(menu).to_have_attribute("aria-expanded", "false")
    page.keyboard.press(" ")
    expect(nav).to_be_visible()


def test_a_wide_header_shows_every_link_beside_the_brand(at_width, builder):
    page = at_width(1280)
    log_in(page, "builder")
    page.goto("/games/")
    nav = page.get_by_role("navigation", name="Main")
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(nav).to_be_visible()
    assert names(nav) == SIGNED_IN
    assert header_lines(page) == 1
    brand = page.locator(".site-header .brand").bounding_box()
    for item in nav.locator(":scope > a, :scope button").all():
        box = item.bounding_box()
        assert box["y"] < brand["y"] + brand["height"] and box["y"] + box["height"] > brand["y"]


def test_without_scripts_a_phone_shows_every_link(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 390, "height": 800}, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto("/")
        nav = page.get_by_role("navigation", name="Main")
        expect(nav).to_be_visible()
        expect(page.get_by_role("button", name="Menu")).to_be_hidden()
        assert names(nav) == SIGNED_OUT
    finally:
        context.close()
