"""The scenario pages (M1) in Chromium at 1280 and 390 px: every board drawn whole and
inside the screen, nothing in the console."""

import os
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("width", WIDTHS, ids=str)
@pytest.mark.parametrize("path", ["/rules/scenarios/", "/rules/scenarios/six-anchors/"])
def test_scenario_boards_fit_the_screen(page, named_scenarios, width, path):
    problems = []
    page.on("console", lambda message: message.type == "error" and problems.append(message.text))
    page.set_viewport_size(WIDTHS[width])
    page.goto(path)
    boards = page.locator("svg.scenario-board")
    assert boards.count() >= 1
    screen = WIDTHS[width]["width"]
    for index in range(boards.count()):
        box = boards.nth(index).bounding_box()
        assert box["width"] > 100 and box["x"] >= 0 and box["x"] + box["width"] <= screen
    assert page.evaluate("document.documentElement.scrollWidth") <= screen
    assert problems == []
    if folder := os.environ.get("SHEN_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        name = path.strip("/").replace("/", "-")
        page.screenshot(path=f"{folder}/{name}-{width}.png", full_page=True)
