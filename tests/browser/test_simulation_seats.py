"""Simulations of more seats in Chromium at 1280 and 390 px: the start form shows the seats
the chosen scenario has, a four-seat job's results and a scenario A/B's read at both
widths, and the console stays clean. Screenshots go to SHEN_SHOTS when it is set."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.models.simulations import SimulationKind
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_page_widths import PHONE, assert_fits_a_phone, logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.simulation_jobs import simulation_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"wide": {"width": 1280, "height": 900}, "phone": PHONE}


@pytest.fixture
def table_jobs(named_scenarios):
    """A designer's four-corners job of three decks (one in two seats) and a scenario A/B
    of it against six anchors."""
    realms = sample_catalogue_load()
    designer = UserFactory(username="designer")
    jade = playable_deck(owner=designer, realm=realms[0], name="Jade Tempo")
    ember = playable_deck(owner=designer, realm=realms[1], name="Ember Rush")
    third = playable_deck(owner=designer, realm=realms[2], name="Tide Control")
    seats = {
        "scenario": "four-corners",
        "seat_decks": [third, jade],
        "seat_bots": ["random", "greedy"],
        "games": 8,
        "options": {"max_turns": 6},
    }
    table = simulation_start(designer, jade, ember, **seats)  # tasks run eagerly in the tests
    paired = simulation_start(
        designer,
        jade,
        ember,
        kind=SimulationKind.SCENARIO_AB,
        parameters={"scenario_b": "six-anchors"},
        **{**seats, "games": 4},
    )
    return designer, {"table": table, "scenario_ab": paired}


@pytest.fixture(params=list(WIDTHS))
def screen(request, browser, live_server, table_jobs):
    user, _ = table_jobs
    context = browser.new_context(base_url=live_server.url, viewport=WIDTHS[request.param])
    context.add_cookies([logged_in_cookie(user, live_server.url)])
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(RECORD_VIOLATIONS)
    page.problems = problems
    page.width_name = request.param
    yield page
    context.close()


def assert_clean(page) -> None:
    assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    if page.width_name == "phone":
        assert_fits_a_phone(page, page.url)


def shot(page, name: str) -> None:
    folder = os.environ.get("SHEN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}-{page.width_name}.png", full_page=True)


def test_the_form_shows_the_seats_of_the_chosen_scenario(screen):
    screen.goto("/simulations/new/")
    seat = {n: screen.locator(f"select[name=deck_{n}]") for n in (3, 4, 5)}
    expect(seat[3]).to_be_attached()
    expect(seat[3]).to_be_hidden()
    screen.locator("select[name=scenario]").select_option("four-corners")
    expect(seat[3]).to_be_visible()
    expect(seat[4]).to_be_visible()
    expect(seat[5]).to_be_hidden()
    expect(seat[5]).to_be_disabled()  # hidden, so never sent
    shot(screen, "form-four-corners")
    assert_clean(screen)


def test_a_four_seat_jobs_results_read_at_each_width(screen, table_jobs):
    _, made = table_jobs
    screen.goto(f"/simulations/{made['table'].pk}/")
    expect(screen.get_by_test_id("table-decks").locator("li")).to_have_count(4)
    rows = screen.get_by_test_id("deck-win-rates").locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.nth(3)).to_contain_text("4. Jade Tempo (Yellow)")
    for title in ("Win rate of each deck", "Win rate by seat", "Finishing places"):
        expect(screen.locator("svg title", has_text=title)).to_have_count(1)
    shot(screen, "table-results")
    assert_clean(screen)


def test_a_scenario_ab_shows_each_decks_shift(screen, table_jobs):
    _, made = table_jobs
    screen.goto(f"/simulations/{made['scenario_ab'].pk}/")
    expect(screen.get_by_test_id("table-shifts").locator("tr")).to_have_count(4)
    expect(screen.locator(".simulation-kind")).to_contain_text("Six anchors")
    shot(screen, "scenario-ab")
    assert_clean(screen)
