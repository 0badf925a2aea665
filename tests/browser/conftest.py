"""Headless Chromium (Debian's `chromium` package) driven by Playwright.

The browser is not optional: when it is missing these tests fail with the
command that installs it, they are never skipped.
"""

import os
import shutil

import pytest

from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = (
        os.environ.get("SHEN_CHROMIUM")
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    if not path:
        pytest.fail(
            "Chromium is needed for the browser tests: `sudo apt-get install chromium` "
            "(or set SHEN_CHROMIUM to its path)",
            pytrace=False,
        )
    return path


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    # Playwright gives each launch a fresh, empty profile of its own.
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def alice_and_bob():
    """The sample catalogue, and Alice and Bob with a 40-card deck each (of its first
    two realms): the players of the match tests."""
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    return {
        "alice": alice,
        "bob": bob,
        "alices_deck": playable_deck(owner=alice, realm=realms[0], name="First deck"),
        "bobs_deck": playable_deck(owner=bob, realm=realms[1], name="Second deck"),
    }
