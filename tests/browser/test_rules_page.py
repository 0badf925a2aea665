"""A player reads the rules on a phone and on a desktop, in Chromium."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_phone_nav import open_menu

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_rules_fit_the_screen_and_the_contents_lead_to_a_rule(page, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto("/")
    open_menu(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Rules").click()
    page.get_by_role("link", name=re.compile("Shén rules.*beta-2026-07")).click()
    expect(page.locator("h1")).to_contain_text("beta-2026-07")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.get_by_role("navigation", name="Contents").get_by_role(
        "link", name="R13 Alternating steps"
    ).click()
    expect(page).to_have_url(re.compile(r"/rules/beta-2026-07/#r13$"))
    expect(page.locator("#r13")).to_be_in_viewport()
