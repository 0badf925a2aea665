"""A designer compares two rulesets in Chromium: the rules that differ side by side on a
desktop, one above the other on a phone, the rules worded alike folded until opened."""

import pytest
from playwright.sync_api import expect

from tests.factories.rulebooks import OLDER, ONLY_OLDER, write_test_rulebooks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def books(settings, tmp_path, monkeypatch):
    return write_test_rulebooks(settings, tmp_path, monkeypatch)


def sides(page, anchor: str):
    """The bounding boxes of the two sides of a compared rule."""
    columns = page.locator(f"#{anchor} .compare-side")
    expect(columns).to_have_count(2)
    return columns.nth(0).bounding_box(), columns.nth(1).bounding_box()


def test_on_a_desktop_the_rulesets_stand_side_by_side(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto("/rules/beta-2026-07/")
    page.get_by_role("link", name=OLDER).click()
    expect(page.locator("h1")).to_have_text("Compare rulesets")
    first, second = sides(page, "r13")
    assert second["x"] > first["x"] + first["width"] - 1
    assert abs(second["y"] - first["y"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280


def test_on_a_phone_they_are_stacked_and_fit_the_screen(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/rules/compare/?a=beta-2026-07&b={OLDER}")
    first, second = sides(page, "r1")
    assert second["y"] >= first["y"] + first["height"] - 1
    assert abs(second["x"] - first["x"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_folded_rule_opens_and_show_every_rule_opens_them_all(page):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/rules/compare/?a=beta-2026-07&b={OLDER}")
    r2 = page.locator("#r2")
    expect(r2.get_by_text("Spaces are named like chess squares")).to_be_hidden()
    r2.locator("summary").click()
    expect(r2.get_by_text("Spaces are named like chess squares")).to_be_visible()
    page.get_by_label("Show every rule").check()
    page.get_by_role("button", name="Compare").click()
    expect(page.locator("#r3").get_by_text("neighbours").first).to_be_visible()
    expect(page.locator("details.compared:not([open])")).to_have_count(0)


def test_the_list_of_differences_leads_to_the_rule(page):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/rules/compare/?a=beta-2026-07&b={OLDER}")
    differences = page.get_by_role("navigation", name="Rules that differ")
    differences.get_by_role("link", name=ONLY_OLDER).click()
    expect(page.locator(f"#{ONLY_OLDER.lower()}")).to_be_in_viewport()
