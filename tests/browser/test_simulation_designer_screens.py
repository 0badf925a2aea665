"""The designer's screens in Chromium at 1280 and 390 px: the list tells jobs apart by
kind, decks and result; a matchup's card table sorts and filters in place; a rule A/B's
options have room; no page is wider than the screen, and the console stays clean."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from playwright.sync_api import expect

from games.simulations.services import chunk_run, simulation_cancel
from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.browser.test_page_widths import PHONE, assert_fits_a_phone, logged_in_cookie
from tests.factories.decks import FormatFactory, UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.simulation_jobs import rule_ab, simulation_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"wide": {"width": 1280, "height": 900}, "phone": PHONE}


@pytest.fixture
def jobs():
    """A designer's matchup, finished rule A/B and cancelled rule A/B (its first arm only)."""
    realms = sample_catalogue_load()
    # Shén Standard played under both beta rulesets, as the site's migration has it (a test
    # before this one may have flushed that row; the factory's plays the default alone).
    standard = FormatFactory()
    standard.rulesets = ["beta-2026-07", "beta-2025"]
    standard.save(update_fields=["rulesets"])
    designer = UserFactory(username="designer")
    first = playable_deck(owner=designer, realm=realms[0], name="Jade Tempo")
    second = playable_deck(owner=designer, realm=realms[1], name="Ember Rush")
    matchup = simulation_start(designer, first, second)  # tasks run eagerly in the tests
    finished = rule_ab(designer, first, second)
    with mock.patch("games.simulations.services.simulation_enqueue", lambda job: 0):
        stopped = rule_ab(designer, second, first, games=20)
    chunk_run(stopped.chunks.get(arm=0, index=0).pk)
    simulation_cancel(stopped)
    return designer, {"matchup": matchup, "rule_ab": finished, "stopped": stopped}


@pytest.fixture(params=list(WIDTHS))
def screen(request, browser, live_server, jobs):
    """A logged-in page at each width that records console errors and CSP violations."""
    user, _ = jobs
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


def test_the_list_shows_each_jobs_kind_decks_and_result(screen, jobs):
    _, made = jobs
    screen.goto("/simulations/")
    rows = screen.locator("table.simulation-list tbody tr")
    expect(rows).to_have_count(3)
    matchup = rows.filter(has=screen.get_by_role("link", name=f"Simulation {made['matchup'].pk}"))
    expect(matchup).to_contain_text("Matchup")
    expect(matchup).to_contain_text("Jade Tempo (A) v Ember Rush (B)")
    expect(matchup).to_contain_text(re.compile(r"A wins\s+\d+\.\d% \(\d+\.\d% to \d+\.\d%, n=12\)"))
    finished = rows.filter(has=screen.get_by_role("link", name=f"Simulation {made['rule_ab'].pk}"))
    expect(finished).to_contain_text("Rule A/B")
    expect(finished).to_contain_text("beta-2025 → beta-2026-07")
    expect(finished).to_contain_text("12 games in each arm, 24 in all")
    expect(finished).to_contain_text(re.compile(r"Shift of A.s win rate\s+[+−]?\d+\.\d points \("))
    stopped = rows.filter(has=screen.get_by_role("link", name=f"Simulation {made['stopped'].pk}"))
    expect(stopped).to_contain_text("partial")
    expect(stopped).to_contain_text("Cancelled")
    if screen.width_name == "phone":
        # Stacked: each job a card with its cells' labels, the table's head kept for
        # screen readers only (one pixel).
        assert screen.locator("table.simulation-list thead").bounding_box()["height"] <= 1
        label = screen.locator("table.simulation-list td[data-label=Kind]").first
        assert label.evaluate("cell => getComputedStyle(cell, '::before').content") == '"Kind"'
        box = matchup.bounding_box()
        assert box["width"] <= PHONE["width"]
    assert_clean(screen)


def shown_cards(page) -> list[str]:
    rows = page.locator("table.sortable-cards[data-deck=a] tbody tr")
    return rows.evaluate_all("rows => rows.map(row => row.dataset.card)")


def test_the_card_table_sorts_and_filters_in_place(screen, jobs):
    _, made = jobs
    screen.goto(f"/simulations/{made['matchup'].pk}/")
    screen.evaluate("window.__sameDocument = true")
    table = screen.locator("table.sortable-cards[data-deck=a]")
    everything = shown_cards(screen)
    assert everything == sorted(everything, key=str.casefold)
    table.locator("thead").get_by_role("link", name="Drawn", exact=True).click()
    expect(table.locator("th[aria-sort=descending]")).to_have_attribute("data-column", "drawn")
    cells = table.locator("td[data-column=drawn][data-count]:not([data-count='0'])")
    values = [float(v) for v in cells.evaluate_all("cells => cells.map(c => c.dataset.value)")]
    assert values == sorted(values, reverse=True)
    expect(screen).to_have_url(re.compile(r"\?sort=-drawn$"))
    # Filtering keeps the order, and the filter keeps the focus while it types.
    wanted = everything[0][:4]
    screen.get_by_label("Card name").press_sequentially(wanted.lower())
    expect(screen.locator("[data-testid=cards-shown]").first).to_contain_text(" of ")
    assert all(wanted.lower() in name.lower() for name in shown_cards(screen))
    expect(table.locator("th[aria-sort=descending]")).to_have_attribute("data-column", "drawn")
    assert screen.evaluate("document.activeElement.name") == "name"
    screen.get_by_label("Kind").select_option("avatar")
    expect(table.locator("tbody tr").first).to_have_attribute("data-kind", "avatar")
    expect(screen).to_have_url(re.compile(r"kind=avatar"))
    assert screen.evaluate("window.__sameDocument") is True
    assert_clean(screen)


def test_a_figure_opens_the_games_it_counts(screen, jobs):
    _, made = jobs
    screen.goto(f"/simulations/{made['matchup'].pk}/?sort=-drawn")
    figure = screen.locator("table.sortable-cards[data-deck=a] td[data-column=drawn] a").first
    figure.click()
    expect(screen).to_have_url(re.compile(r"/cards/games/\?deck=a&card=.+&counts=drawn$"))
    expect(screen.locator("tr[data-game]").first).to_be_visible()
    expect(screen.get_by_role("button", name="Watch").first).to_be_visible()
    assert_clean(screen)


def test_a_rule_abs_options_have_room_and_a_stopped_one_shows_partial_results(screen, jobs):
    _, made = jobs
    screen.goto(f"/simulations/{made['rule_ab'].pk}/")
    options = screen.locator("table.options-by-arm")
    expect(options).to_be_visible()
    width = options.bounding_box()["width"]
    if screen.width_name == "wide":
        assert width >= 700, f"options squeezed into {width} px"
    assert_clean(screen)
    screen.goto(f"/simulations/{made['stopped'].pk}/")
    expect(screen.locator("[data-partial=cancelled]")).to_contain_text("Partial results")
    expect(screen.locator(".paired-table")).to_contain_text("10 of 20")
    assert_clean(screen)
