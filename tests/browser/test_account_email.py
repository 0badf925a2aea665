"""A player signs up with an e-mail address, or without one and adds it later on the
account page, as a person would: at a desk (1280 px) and on a phone (390 px), with a
clean console, under the Content-Security-Policy, no page wider than the screen.

Screenshots go to SHEN_SCREENSHOTS (a folder) when it is set, to be looked at."""

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser.test_content_security_policy import watch
from tests.browser.test_phone_nav import open_menu
from tests.factories.decks import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desk": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
PASSWORD = "a-long-pass-phrase"


@pytest.fixture(params=list(WIDTHS), ids=list(WIDTHS))
def screen(request, browser, live_server):
    """A fresh browser at one width, recording console errors and CSP violations."""
    context = browser.new_context(base_url=live_server.url, viewport=WIDTHS[request.param])
    page = watch(context.new_page())
    page.set_default_timeout(10_000)
    page.width_name = request.param
    yield page
    assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    context.close()


def looked_at(page, name: str) -> None:
    """The page fits the screen; and a screenshot of it, when asked for."""
    width = page.evaluate("document.documentElement.scrollWidth")
    screen_width = page.viewport_size["width"]
    assert width <= screen_width, f"{name}: {width} px wide at {screen_width} px"
    if folder := os.environ.get("SHEN_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}-{page.width_name}.png", full_page=True)


def sign_up(page, username: str, email: str = "") -> None:
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("E-mail address (optional)").fill(email)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    looked_at(page, f"signup-{'with' if email else 'without'}-email")
    page.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/decks/mine/$"))


def open_account_page(page) -> None:
    open_menu(page)
    page.get_by_role("link", name="Account", exact=True).click()
    expect(page).to_have_url(re.compile(r"/accounts/$"))
    expect(page.get_by_role("heading", name="Your account")).to_be_visible()


def test_signing_up_with_an_email_shows_it_on_the_account_page(screen):
    page = screen
    page.goto("/accounts/signup/")
    expect(page.get_by_text("The only way to reset a forgotten password.")).to_be_visible()
    sign_up(page, "ada", "Ada@Example.test")
    open_account_page(page)
    expect(page.locator("#account-email")).to_have_text("Ada@example.test")
    expect(page.locator("#no-email-warning")).to_have_count(0)
    looked_at(page, "account-with-email")
    assert get_user_model().objects.get(username="ada").email == "Ada@example.test"


def test_signing_up_without_an_email_and_adding_one_later(screen):
    page = screen
    sign_up(page, "bob")
    open_account_page(page)
    warning = page.locator("#no-email-warning")
    expect(warning).to_contain_text("if you forget your password, it can't be reset")
    looked_at(page, "account-without-email")

    # A wrong password is refused, and nothing changes.
    page.get_by_label("E-mail address").fill("bob@example.test")
    page.get_by_label("Current password").fill("not-my-password")
    page.get_by_role("button", name="Add the address").click()
    expect(page.get_by_text("That isn't your current password.")).to_be_visible()
    expect(warning).to_be_visible()
    looked_at(page, "account-wrong-password")

    page.get_by_label("E-mail address").fill("bob@example.test")
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_role("button", name="Add the address").click()
    expect(page.get_by_text("Your e-mail address is now bob@example.test")).to_be_visible()
    expect(page.locator("#account-email")).to_have_text("bob@example.test")
    expect(warning).to_have_count(0)
    looked_at(page, "account-email-added")
    assert get_user_model().objects.get(username="bob").email == "bob@example.test"


def test_an_address_another_account_has_is_refused_on_sign_up(screen):
    UserFactory(username="ada", email="ada@example.test")
    page = screen
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("imposter")
    page.get_by_label("E-mail address (optional)").fill("ADA@example.test")
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Another account has this e-mail address.")).to_be_visible()
    looked_at(page, "signup-email-taken")
    assert not get_user_model().objects.filter(username="imposter").exists()
