"""The four kinds of simulation beyond the plain matchup, in Chromium as a designer runs
them: the start form with the kind's own fields, the progress bar followed to the end
without a reload (one real Celery worker plays every test's games), then the kind's
figures, at a desktop's and a phone's width, under the Content-Security-Policy, with
the job's exports downloaded.

Numbers and option names are shown in words another part of the site decides, so these
tests read the figures from the data attributes the results carry, never their text.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from playwright.sync_api import expect

from cards.models import Card, CardRevision
from games.models.simulations import SimulationJob
from games.play import GAMES
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.browser.test_page_widths import PHONE
from tests.factories.decks import FormatFactory, UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.workers import broker_in_use, worker_starter

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
TURN_LIMIT = 6
# Games are played at a real worker's pace: a few per arm keep the module quick.
GAMES_PER_ARM = 6
FINISHED_WITHIN_MS = 90_000


@pytest.fixture(scope="module")
def worker(django_db_setup):
    """One Celery worker for every job of the module (starting one costs seconds); the
    tests' rows come and go under it, since it reads the database afresh for each chunk."""
    with broker_in_use(), worker_starter() as start:
        yield start()


@pytest.fixture
def world():
    """A designer (catalogue staff, who may publish errata) with four decks of the sample
    catalogue, one realm each."""
    realms = sample_catalogue_load()
    # Shén Standard as the site has it (decks' migration 0005), played under both beta
    # rulesets: a test before this one may have flushed the migrated row, and the
    # factory's own is played under the default ruleset alone.
    standard = FormatFactory()
    standard.rulesets = ["beta-2026-07", "beta-2025"]
    standard.save(update_fields=["rulesets"])
    designer = UserFactory(username="designer", is_staff=True)
    names = ["First deck", "Second deck", "Third deck", "Fourth deck"]
    decks = [
        playable_deck(owner=designer, realm=realm, name=name)
        for realm, name in zip(realms, names, strict=True)
    ]
    return {"realms": realms, "decks": decks}


@pytest.fixture
def designer(page, world, worker):
    """The page, logged in as the designer, recording console errors, failed requests
    and CSP violations (``page.problems`` and ``window.__violations``)."""
    # Said plainly, rather than as every later test's progress bar waiting in vain.
    assert worker.poll() is None, f"the module's Celery worker stopped ({worker.returncode})"
    watch(page)
    log_in(page, "designer")
    return page


def start_job(page, world, kind: str, choose) -> SimulationJob:
    """Fill the start form for a job of ``kind`` (``choose`` fills the kind's own fields),
    start it and follow its progress bar to the end without a reload; the job. Deck A is
    the First deck, of Cinderfall (the first realm by slug)."""
    first = world["decks"][0]
    page.goto(f"/simulations/new/?deck={first.pk}")
    expect(page.get_by_label("Deck A:", exact=True)).to_have_value(str(first.pk))
    page.get_by_label("Deck B:", exact=True).select_option(label="Second deck (by designer)")
    page.get_by_label("Deck A's bot:").select_option("random")
    page.get_by_label("Deck B's bot:").select_option("random")
    page.get_by_label("Turn limit (R26):", exact=True).fill(str(TURN_LIMIT))
    page.get_by_label("Games:", exact=True).fill(str(GAMES_PER_ARM))
    page.get_by_label("Seed:", exact=True).fill("11")
    page.get_by_label("Kind:").select_option(kind)
    choose(page)
    page.get_by_role("button", name="Start the simulation").click()
    expect(page).to_have_url(re.compile(r"/simulations/\d+/$"))
    job = SimulationJob.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))
    assert job.kind == kind
    bar = page.get_by_role("progressbar", name="Games played")
    total = GAMES_PER_ARM * job.arm_count
    expect(bar).to_have_attribute("max", str(total))
    page.evaluate("window.__sameDocument = true")
    expect(bar).to_have_attribute("value", str(total), timeout=FINISHED_WITHIN_MS)
    expect(page.get_by_role("heading", name="Results")).to_be_visible()
    assert page.evaluate("window.__sameDocument") is True, "the page was reloaded"
    return job


def estimate(cell) -> tuple[float, float, float, int]:
    """(value, low, high, count) of a figure's data attributes; ``value`` is read from the
    attribute that names it."""
    attributes = cell.evaluate(
        "(e) => Object.fromEntries([...e.attributes].map((a) => [a.name, a.value]))"
    )
    named = next(
        value
        for name, value in attributes.items()
        if name in ("data-shift", "data-arm-win-rate", "data-win-rate")
    )
    return (
        float(named),
        float(attributes["data-low"]),
        float(attributes["data-high"]),
        int(attributes["data-count"]),
    )


def assert_a_rate_with_its_interval(cell, games: int) -> None:
    value, low, high, count = estimate(cell)
    assert count == games
    assert 0 <= low <= value <= high <= 1


def assert_paired_results(page, games: int) -> None:
    """Both arms side by side, each with deck A's win rate and its interval, and the
    paired shift from the first to the second with its interval, over every pair."""
    table = page.locator("table.paired-table")
    expect(table.locator("thead th[data-arm]")).to_have_count(2)
    rates = table.locator("td[data-arm-win-rate]")
    expect(rates).to_have_count(2)
    for index in range(2):
        assert_a_rate_with_its_interval(rates.nth(index), games)
    shift, low, high, count = estimate(page.locator(".simulation-shift [data-shift]"))
    assert count == games
    # Newcombe's paired interval: inside ±1, around the shift, never of no width.
    assert -1 <= low <= shift <= high <= 1 and low < high
    first, second = (estimate(rates.nth(index))[0] for index in range(2))
    assert shift == pytest.approx(second - first)
    expect(page.locator(".simulation-charts svg")).to_have_count(2)


def assert_clean_at_both_widths(page) -> None:
    """The results page at a desktop's and a phone's width: never wider than the screen,
    and nothing went wrong in the console or against the CSP on the way."""
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{width} px wide at {size['width']} px"
    assert (page.problems, page.evaluate("window.__violations")) == ([], [])


def download_exports(page) -> dict[str, str]:
    """Click each export link of the results as a person would; each answers 200 with a
    file. The files' text by the link's name."""
    files = {}
    links = page.get_by_test_id("exports").get_by_role("link")
    # JSON, the games' CSV, each game's cards' CSV, the cards' CSV
    expect(links).to_have_count(4)
    for index in range(links.count()):
        link = links.nth(index)
        url = link.evaluate("(a) => a.href")
        with page.expect_response(url) as answer, page.expect_download() as download:
            link.click()
        assert answer.value.status == 200, url
        assert download.value.failure() is None, url
        # Chromium reports a link that turns into a download as an aborted navigation.
        page.problems.remove(f"{url} failed: net::ERR_ABORTED")
        files[link.inner_text()] = download.value.path().read_text(encoding="utf-8")
    return files


def assert_exports_hold_every_game(files: dict[str, str], job: SimulationJob) -> None:
    """The JSON export is JSON and names the job; the games' CSV has a row a game, and
    each game's cards are in the game-cards CSV."""
    document = json.loads(next(text for name, text in files.items() if name == "JSON"))
    assert document["simulation"]["id"] == job.pk
    every_arm = {str(arm) for arm in range(job.arm_count)}
    games_csv = next(text for name, text in files.items() if name.startswith("games"))
    rows = list(csv.DictReader(io.StringIO(games_csv)))
    assert len(rows) == GAMES_PER_ARM * job.arm_count
    assert {row["arm"] for row in rows} == every_arm
    cards_csv = next(text for name, text in files.items() if name.startswith("cards"))
    assert {row["arm"] for row in csv.DictReader(io.StringIO(cards_csv))} == every_arm
    game_cards = next(text for name, text in files.items() if name.startswith("each game"))
    played = {(row["arm"], row["game"]) for row in csv.DictReader(io.StringIO(game_cards))}
    assert played == {(row["arm"], row["game"]) for row in rows}


def test_a_rule_ab_shows_both_rulesets_and_the_paired_difference(designer, world):
    def choose(page):
        page.get_by_label("Ruleset:", exact=True).select_option("beta-2026-07")
        page.get_by_label("Arm B's ruleset:").select_option("beta-2025")
        # Arm B's rules' own options show, as their rulebook has them.
        redraw = page.get_by_label("Arm B: A hand without an Avatar may be redrawn once")
        expect(redraw).to_be_checked()
        page.get_by_label("Arm B: Turn limit (R26):").fill(str(TURN_LIMIT))

    job = start_job(designer, world, "rule_ab", choose)
    # Arm B plays the second rulebook as written but for its turn limit.
    play = GAMES["shen"]
    options = play.match_options("beta-2025")
    rulebook = {name: play.option_default("beta-2025", name) for name in options}
    assert job.parameters["options_b"] == {**rulebook, "max_turns": TURN_LIMIT}
    assert_paired_results(designer, GAMES_PER_ARM)
    assert_exports_hold_every_game(download_exports(designer), job)
    assert_clean_at_both_widths(designer)


def test_a_card_impact_shows_the_paired_shift_of_a_substitute(designer, world):
    substitute = Card.objects.filter(realm__slug=world["realms"][1]).order_by("slug").first()

    def choose(page):
        page.get_by_label("Card of deck A:").fill("Cinder Hound")
        page.get_by_label("Substitute:").fill(substitute.slug)

    job = start_job(designer, world, "card_impact", choose)
    assert job.parameters["substitute"] == substitute.slug
    assert_paired_results(designer, GAMES_PER_ARM)
    assert_exports_hold_every_game(download_exports(designer), job)
    assert_clean_at_both_widths(designer)


def test_a_gauntlet_shows_its_heat_map_matrix(designer, world):
    def choose(page):
        page.get_by_label("More decks:").select_option(label=["Third deck (by designer)"])
        page.get_by_label("More opponents:").select_option(label=["Fourth deck (by designer)"])

    job = start_job(designer, world, "gauntlet", choose)
    assert job.arm_count == 4
    # Two decks by two opponents, and each deck against all of them pooled.
    table = designer.locator("table.gauntlet-table")
    expect(table.locator("tbody tr")).to_have_count(2)
    cells = table.locator("td[data-win-rate]")
    expect(cells).to_have_count(6)
    for row in range(2):
        for column in range(3):
            games = GAMES_PER_ARM * (2 if column == 2 else 1)
            assert_a_rate_with_its_interval(cells.nth(3 * row + column), games)
    heat_map = designer.locator(".simulation-charts svg")
    expect(heat_map).to_have_count(1)
    expect(heat_map.locator("rect")).to_have_count(6)
    assert_exports_hold_every_game(download_exports(designer), job)
    assert_clean_at_both_widths(designer)


def test_an_errata_what_if_shows_the_shift_and_publishes_the_erratum(designer, world):
    def choose(page):
        page.get_by_label("Card to draft:").fill("ashborn-squire")
        page.get_by_label("Draft change:").fill("melee=3")
        page.get_by_label("Erratum note:").fill("Squires hit as hard as hounds.")

    job = start_job(designer, world, "errata", choose)
    assert_paired_results(designer, GAMES_PER_ARM)
    assert_exports_hold_every_game(download_exports(designer), job)
    assert_clean_at_both_widths(designer)
    designer.set_viewport_size(DESKTOP)
    designer.get_by_role("button", name=re.compile("Publish the draft as an erratum")).click()
    expect(designer).to_have_url(re.compile(rf"/simulations/{job.pk}/$"))
    published = designer.get_by_test_id("erratum-published")
    expect(published).to_be_visible()
    expect(designer.get_by_role("button", name=re.compile("Publish"))).to_have_count(0)
    assert CardRevision.objects.filter(card__slug="ashborn-squire").count() == 1
    assert Card.objects.get(slug="ashborn-squire").melee == 3
    published.get_by_role("link").click()
    expect(designer).to_have_url(re.compile(r"/cards/ashborn-squire/$"))
    expect(designer.locator(".revision-list .revision")).to_contain_text(
        "Squires hit as hard as hounds."
    )
    assert_clean_at_both_widths(designer)
