"""The simulation form's card pickers and abilities form, and the filter of my
simulations, in Chromium as a designer uses them, at a desktop's and a phone's width,
under the Content-Security-Policy: each page fits the screen and the console stays clean.

Issue 23 counts what a designer does, and these tests pin the counts (a click on a menu
is two: open it, pick; a key is one keystroke). Measured the same way on main before the
pickers: starting a card impact from my simulations took 10 clicks and 22 keystrokes at
both widths, provided the designer knew the card's exact name ("Cinder Hound", 12 keys)
and the substitute's slug ("tidecaller", 10 keys), which meant a visit to the catalogue,
whose card page's address holds the slug. With the pickers: 12 clicks and 5 keys, the
names read off the lists (deck A's cards open with the box). Finding one of nine jobs
(a card impact of Cinder Hound against the Third deck, the sixth row) took 1 click after
reading six rows; at 390 px after scrolling about 980 px (none at 1280 px). With the
filter: 2 clicks and 11 keys ("hound third"), one row left to read, no scrolling at either
width (unfiltered, the filter above the list adds about 130 px at 390 px).

Screenshots go to SHEN_SCREENSHOTS (a folder) when it is set, to be looked at.
"""

from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from cards.models import Card
from games.decklists import deck_data, latest_version
from games.models.simulations import SimulationJob, SimulationKind
from games.simulations.kinds import deck_card_names
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.browser.test_page_widths import PHONE
from tests.browser.test_simulation_kinds import DESKTOP, world  # noqa: F401 (a fixture)
from tests.games.simulation_jobs import gauntlet, rule_ab, simulation_start
from tests.games.workers import broker_in_use

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = os.environ.get("SHEN_SCREENSHOTS", "")
WIDTHS = {"1280": DESKTOP, "390": PHONE}


class Counted:
    """What a person does on ``page``, counted: clicks (a menu is two: open, pick) and
    keystrokes."""

    def __init__(self, page) -> None:
        self.page = page
        self.clicks = 0
        self.keys = 0

    def click(self, target) -> None:
        target.click()
        self.clicks += 1

    def choose(self, menu, **option) -> None:
        menu.select_option(**option)
        self.clicks += 2

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.keys += len(text)

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.keys += 1


@pytest.fixture(params=list(WIDTHS))
def width(request, page):
    page.set_viewport_size(WIDTHS[request.param])
    page.width_name = request.param
    return request.param


@pytest.fixture
def designer(page, world, width):  # noqa: F811 (the fixture imported above)
    """The designer, signed in, at the width asked; jobs go to a broker no worker reads."""
    with broker_in_use():
        watch(page)
        log_in(page, "designer")
        yield page


def snap(page, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(
            path=os.path.join(SCREENSHOTS, f"{name}-{page.width_name}.png"), full_page=True
        )


def assert_fits_and_is_clean(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width} px wide"
    assert (page.problems, page.evaluate("window.__violations")) == ([], [])


def choice(page, field: str, name: str):
    """The option of ``field``'s picker that is the card ``name``."""
    return page.locator(f'#id_{field}-options [role="option"][data-name="{name}"]')


def test_a_card_impact_starts_from_the_pickers(designer, world):  # noqa: F811
    page = designer
    first = world["decks"][0]
    page.goto("/simulations/")
    person = Counted(page)
    person.click(page.get_by_role("link", name="Start a simulation"))
    person.choose(page.get_by_label("Deck A:", exact=True), label="First deck (by designer)")
    person.choose(page.get_by_label("Deck B:", exact=True), label="Second deck (by designer)")
    person.choose(page.get_by_label("Kind:"), value="card_impact")
    # Deck A's cards open as the box is entered, each with its cost, kind and realm.
    person.click(page.get_by_label("Card of deck A:"))
    names = deck_card_names(deck_data(first, latest_version(first)))
    options = page.locator('#id_card-options [role="option"]')
    expect(options).to_have_count(len(names))
    assert options.evaluate_all("(all) => all.map((o) => o.dataset.name)") == names
    hound = choice(page, "card", "Cinder Hound")
    expect(hound).to_contain_text("Avatar · Cinderfall")
    if page.width_name == "1280":  # the face of the card under the pointer, beside the list
        hound.hover()
        preview = page.locator("#card-preview")
        expect(preview).to_be_visible()
        expect(preview.locator(".card-preview-name")).to_have_text("Cinder Hound")
        snap(page, "picker-card-list")
    person.click(hound)
    expect(page.get_by_label("Card of deck A:")).to_have_value("Cinder Hound")
    expect(page.locator(".card-picked").first).to_contain_text("Cinder Hound · Avatar")
    # The substitute: any card of the catalogue, found by part of its name.
    person.click(page.get_by_label("Substitute:"))
    expect(page.locator('#id_substitute-options [role="option"]')).to_have_count(0)
    person.type("tidec")
    person.click(choice(page, "substitute", "Tidecaller"))
    expect(page.get_by_label("Substitute:")).to_have_value("Tidecaller")
    snap(page, "picker-card-impact")
    assert_fits_and_is_clean(page)
    person.click(page.get_by_role("button", name="Start the simulation"))
    expect(page).to_have_url(re.compile(r"/simulations/\d+/$"))
    job = SimulationJob.objects.get()
    assert job.kind == SimulationKind.CARD_IMPACT
    assert (job.parameters["card"], job.parameters["substitute"]) == ("Cinder Hound", "tidecaller")
    assert (person.clicks, person.keys) == (12, 5)
    assert_fits_and_is_clean(page)


def test_a_picker_is_used_by_keys_alone_and_offers_near_spellings(designer, world):  # noqa: F811
    page = designer
    page.goto(f"/simulations/new/?deck={world['decks'][0].pk}")
    page.get_by_label("Kind:").select_option("card_impact")
    box = page.get_by_label("Card of deck A:")
    box.focus()
    page.keyboard.type("cindr hund")
    expect(page.get_by_role("status").filter(has_text="nearest")).to_have_text(
        "No card is called “cindr hund”: the nearest is Cinder Hound."
    )
    page.keyboard.press("ArrowDown")
    highlighted = page.locator('#id_card-options [aria-selected="true"]')
    expect(highlighted).to_have_attribute("data-name", "Cinder Hound")
    expect(box).to_have_attribute("aria-activedescendant", "id_card-options-0")
    # The highlighted card's face shows, though the focus stays in the box.
    expect(page.locator("#card-preview .card-preview-name")).to_have_text("Cinder Hound")
    page.keyboard.press("Enter")
    expect(box).to_have_value("Cinder Hound")
    expect(page.locator("#id_card-options")).to_be_hidden()
    expect(page.locator("#card-preview")).to_be_hidden()
    # Escape closes the list and leaves the text; a tap on "preview" shows the face picked.
    page.keyboard.type(" ")
    expect(page.locator("#id_card-options")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#id_card-options")).to_be_hidden()
    expect(box).to_have_value("Cinder Hound ")
    page.keyboard.press("Backspace")
    assert not SimulationJob.objects.exists()
    assert_fits_and_is_clean(page)


def test_a_picked_card_shows_its_face_when_its_preview_is_tapped(designer, world):  # noqa: F811
    page = designer
    page.goto(f"/simulations/new/?deck={world['decks'][0].pk}")
    page.get_by_label("Kind:").select_option("card_impact")
    page.get_by_label("Card of deck A:").click()
    choice(page, "card", "Cinder Hound").click()
    page.locator(".card-picked").first.get_by_role("link", name="preview").click()
    preview = page.locator("#card-preview")
    expect(preview).to_be_visible()
    expect(preview.locator("img")).to_have_attribute("src", "/cards/cinder-hound.svg")
    snap(page, "picker-preview")
    assert_fits_and_is_clean(page)


def test_an_errata_drafts_an_ability_in_the_abilities_form(designer, world):  # noqa: F811
    page = designer
    page.goto(f"/simulations/new/?deck={world['decks'][0].pk}")
    page.get_by_label("Deck B:", exact=True).select_option(label="Second deck (by designer)")
    page.get_by_label("Turn limit (R26):", exact=True).fill("6")
    page.get_by_label("Games:", exact=True).fill("4")
    page.get_by_label("Kind:").select_option("errata")
    # The card to draft: among both decks' cards.
    page.get_by_label("Card to draft:").click()
    page.keyboard.type("squi")
    choice(page, "draft_card", "Ashborn Squire").click()
    abilities = page.get_by_label("Draft abilities:", exact=True)
    expect(page.get_by_label("Draft abilities as JSON:")).to_be_hidden()
    abilities.select_option("form")
    expect(page.get_by_label("Draft abilities as JSON:")).to_be_hidden()
    ability = page.get_by_role("group", name="Ability 1")
    ability.get_by_label("Name:").fill("Kindle")
    ability.get_by_label("Cost:").fill("1")
    ability.get_by_label("Timing:").select_option("activated")
    first_step = ability.get_by_role("group", name="Step 1")
    first_step.get_by_label("Verb:").select_option("draw_cards")
    expect(first_step.get_by_label("Trait:")).to_be_hidden()
    first_step.get_by_label("Count:").fill("1")
    ability.get_by_role("button", name="Add a step").click()
    # The server adds the step (htmx swaps the abilities in), keeping what was filled in.
    second_step = page.get_by_role("group", name="Ability 1").get_by_role("group", name="Step 2")
    expect(second_step).to_be_visible()
    expect(page.get_by_role("group", name="Ability 1").get_by_label("Name:")).to_have_value(
        "Kindle"
    )
    second_step.get_by_label("Verb:").select_option("modify_trait")
    expect(second_step.get_by_label("Count:")).to_be_hidden()
    expect(second_step.get_by_label("Target:")).to_be_visible()
    second_step.get_by_label("Trait:").select_option("melee")
    second_step.get_by_label("Amount:").fill("11")
    page.get_by_label("Erratum note:").fill("The squire learns to kindle.")
    snap(page, "abilities-form")
    assert_fits_and_is_clean(page)
    # An amount the engine refuses: said at its field, the rest kept.
    page.get_by_role("button", name="Start the simulation").click()
    step = page.get_by_role("group", name="Ability 1").get_by_role("group", name="Step 2")
    expect(step.locator(".errorlist")).to_have_text("must be at most 10, not 11")
    page.problems[:] = [text for text in page.problems if "400" not in text]
    assert not SimulationJob.objects.exists()
    step.get_by_label("Amount:").fill("1")
    page.get_by_role("button", name="Start the simulation").click()
    expect(page).to_have_url(re.compile(r"/simulations/\d+/$"))
    job = SimulationJob.objects.get()
    assert job.kind == SimulationKind.ERRATA
    assert job.parameters["changes"]["abilities"] == [
        {
            "name": "Kindle",
            "cost": 1,
            "timing": "activated",
            "effect": [
                {"verb": "draw_cards", "count": 1},
                {
                    "verb": "modify_trait",
                    "trait": "melee",
                    "amount": 1,
                    "target": "self",
                    "duration": "end_of_turn",
                },
            ],
            "text": "",
        }
    ]
    assert_fits_and_is_clean(page)


@pytest.fixture
def nine_jobs(world):  # noqa: F811 (the fixture imported above)
    """Nine of the designer's jobs of every kind, played (a couple of games each) as they
    are made; the sixth, newest first, a card impact of Cinder Hound against the Third deck."""
    designer = world["decks"][0].owner
    first, second, third, fourth = world["decks"]
    squire = Card.objects.get(name="Ashborn Squire")

    def impact(deck_b, card):
        parameters = {"card": card}
        return simulation_start(
            designer, first, deck_b, games=2, kind=SimulationKind.CARD_IMPACT, parameters=parameters
        )

    simulation_start(designer, first, second, games=2)
    simulation_start(designer, third, fourth, games=2, bot_b="greedy")
    rule_ab(designer, first, second, games=2)
    target = impact(third, "Cinder Hound")
    impact(third, "Blaze of Glory")
    impact(second, "Cinder Hound")
    gauntlet(designer, first, second, decks=[third], opponents=[fourth], games=2)
    errata = {"card": squire.slug, "changes": {"melee": 3}, "note": "Harder."}
    simulation_start(
        designer, first, second, games=2, kind=SimulationKind.ERRATA, parameters=errata
    )
    rule_ab(designer, second, fourth, games=2)
    assert SimulationJob.objects.count() == 9
    return target


def scroll_to_reach(page, target) -> int:
    """How far the page must scroll before ``target`` is wholly in view."""
    return max(0, round(target.evaluate("(e) => e.getBoundingClientRect().bottom - innerHeight")))


def test_one_of_nine_jobs_is_found_by_the_filter(page, world, width, nine_jobs):  # noqa: F811
    watch(page)
    log_in(page, "designer")
    page.goto("/simulations/")
    link = page.get_by_role("link", name=f"Simulation {nine_jobs.pk}", exact=True)
    rows = page.locator("table.simulation-list tbody tr")
    expect(rows).to_have_count(9)
    # Unfiltered: the sixth row, reached on a phone by scrolling past five others (about
    # 900 px, as the header's height has it).
    assert rows.nth(5).get_by_role("link").inner_text() == f"Simulation {nine_jobs.pk}"
    unfiltered = scroll_to_reach(page, link)
    assert (unfiltered == 0) if width == "1280" else unfiltered > 600
    snap(page, "list-nine")
    person = Counted(page)
    person.click(page.get_by_label("Find"))
    person.type("hound third")
    expect(rows).to_have_count(1)
    expect(page.get_by_role("status")).to_have_text("1 of 9 simulations")
    expect(page).to_have_url(re.compile(r"/simulations/\?q=hound(\+|%20)third$"))
    assert scroll_to_reach(page, link) == 0
    snap(page, "list-found")
    assert_fits_and_is_clean(page)
    person.click(link)
    expect(page).to_have_url(re.compile(rf"/simulations/{nine_jobs.pk}/$"))
    assert (person.clicks, person.keys) == (2, 11)
    # The kind alone narrows the list too; the page's address keeps what was asked.
    page.go_back()
    expect(page.get_by_label("Find")).to_have_value("hound third")
    page.get_by_label("Find").fill("")
    page.get_by_label("Kind").select_option("card_impact")
    expect(rows).to_have_count(3)
    assert_fits_and_is_clean(page)
