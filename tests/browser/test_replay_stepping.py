"""Stepping through a replay in Chromium, at a desktop's and a phone's width (issue 23): a
step shows a state the page already holds (no request for it), the whole log's entries go
to their states, the controls and Shift+arrows go by turns, marks under the slider go to
the notes, both hands show once the match is over; a window refused, the page loads the
state as a link would."""

import re

import pytest
from playwright.sync_api import expect

from games.matches.records import match_replayed
from games.matches.services import match_create, match_note_add
from games.matches.whole_log import whole_log_for
from games.models import Match
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import played_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(params=list(WIDTHS))
def page(request, browser, live_server):
    width = WIDTHS[request.param]
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 860}
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    # Console errors, failed or refused requests, CSP violations: none (a test expecting a
    # refusal takes it off ``page.problems``).
    watch(page)
    yield page
    violations = page.evaluate("window.__violations")
    context.close()
    assert (page.problems, violations) == ([], [])


@pytest.fixture
def finished(db):
    """Alice's hot-seat match played to its end, with notes on two of its states."""
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=realms[0], name="First deck")
    match = match_create(owner=alice, deck=deck, mode="hotseat", seed=11)
    match = played_to_the_end(match, seed=2)
    for number in (12, match.number - 20):
        match_note_add(match=match, user=alice, number=number, text=f"Look at {number}")
    return Match.objects.get(pk=match.pk)


def shows(page, number: int, last: int) -> None:
    """The viewer shows state ``number``: its table, counter, slider, address, log entry."""
    viewer = page.locator("#replay-viewer")
    expect(viewer.locator(".table")).to_have_attribute("data-number", str(number))
    expect(viewer.locator("output")).to_have_text(f"{number} / {last}")
    expect(viewer.get_by_role("slider", name="State")).to_have_value(str(number))
    expect(page).to_have_url(re.compile(rf"\?at={number}$"))
    current = page.locator('.replay-log li[aria-current="step"]')
    if current.count():
        expect(current.first).to_have_attribute("data-at", str(number))


def states_asked(page) -> list[str]:
    """The replay states and windows the page asks the server for from now on."""
    asked = []
    page.on("request", lambda request: "/replay/" in request.url and asked.append(request.url))
    return asked


def test_steps_show_states_the_page_holds_without_asking_for_each(page, finished):
    last = finished.number
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=100")
    page.wait_for_load_state("networkidle")  # the window ahead has come
    asked = states_asked(page)
    for number in range(101, 106):
        page.keyboard.press("ArrowRight")
        shows(page, number, last)
    page.keyboard.press("ArrowLeft")
    shows(page, 104, last)
    page.locator("#replay-viewer").get_by_role("link", name="Back").click()
    shows(page, 103, last)
    assert not [url for url in asked if "/replay/?at=" in url], asked
    # What it asks for is a window ahead, never one state at a time.
    assert all("/replay/window/?from=" in url for url in asked)
    state = match_replayed(finished, upto=103).states[-1]
    stones = page.locator("#replay-viewer svg.board .counters .counter")
    expect(stones).to_have_count(sum(state.grid.counter_count(p) for p in (0, 1)))
    # The browser's own Back goes where the viewer was.
    page.go_back()
    shows(page, 104, last)


def test_a_log_entry_goes_to_its_state_and_the_turn_controls_by_turns(page, finished):
    last = finished.number
    starts = whole_log_for(finished, finished.owner).starts
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=0")
    log = page.locator(".replay-log")
    entry = log.locator(f'li[data-at="{starts[3] + 2}"] a')
    entry.click()
    shows(page, starts[3] + 2, last)
    expect(page.locator("#replay-viewer .replay-controls")).to_be_in_viewport()
    viewer = page.locator("#replay-viewer")
    viewer.get_by_role("link", name="Previous turn").click()
    shows(page, starts[3], last)
    viewer.get_by_role("link", name="Previous turn").click()
    shows(page, starts[2], last)
    viewer.get_by_role("link", name="Next turn").click()
    shows(page, starts[3], last)
    page.keyboard.press("Shift+ArrowRight")
    shows(page, starts[4], last)
    page.keyboard.press("Shift+ArrowLeft")
    shows(page, starts[3], last)
    log.get_by_role("link", name=re.compile(r"^Turn 2 ")).click()
    shows(page, starts[2], last)
    viewer.get_by_role("link", name="End").click()
    shows(page, last, last)
    expect(viewer.get_by_role("link", name="Next turn")).to_have_count(0)
    expect(viewer.get_by_role("link", name="Forward")).to_have_count(0)


def test_marks_under_the_slider_go_to_the_notes(page, finished):
    last = finished.number
    noted = last - 20
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=0")
    slider = page.get_by_role("slider", name="State").bounding_box()
    mark = page.get_by_role("link", name=f"Note on state {noted}")
    expect(mark).to_be_visible()
    box = mark.bounding_box()
    # Under the slider, where its state is along it.
    assert slider["y"] < box["y"] + box["height"] / 2 < slider["y"] + slider["height"] + 24
    share = (box["x"] + box["width"] / 2 - slider["x"]) / slider["width"]
    assert abs(share - noted / last) < 0.05
    mark.click()
    shows(page, noted, last)
    expect(page.locator(".notes")).to_contain_text(f"alice: Look at {noted}")
    expect(mark).to_have_attribute("aria-current", "true")


def test_both_hands_show_once_the_match_is_over(page, finished):
    state = match_replayed(finished, upto=60).states[-1]
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=60")
    hands = page.locator(".replay-hands")
    expect(hands).to_be_visible()
    for seat, name in enumerate(("Red", "Blue")):
        hand = hands.locator(f".replay-hand.owner-{name.lower()}")
        expect(hand.locator("li")).to_have_count(len(state.hands[seat]))
        for card in state.hands[seat]:
            expect(hand).to_contain_text(state.card_name(card))
    page.keyboard.press("ArrowRight")  # the hands of the next state come with it
    expect(page.locator("#replay-viewer .table")).to_have_attribute("data-number", "61")
    expect(hands).to_be_visible()


def test_a_state_the_page_may_not_fetch_is_loaded_as_its_link(page, finished, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "replay_window": "1/minute"},
    }
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=10")
    page.wait_for_load_state("networkidle")  # its one window
    page.locator(f'.replay-log li[data-at="{finished.number - 5}"] a').click()
    shows(page, finished.number - 5, finished.number)
    refused = [line for line in page.problems if "429" in line]
    assert refused
    page.problems[:] = [line for line in page.problems if line not in refused]


def test_beside_the_board_the_logs_entry_shown_is_on_the_screen(browser, live_server, finished):
    """At 1280 px (on a phone the whole log is under the table)."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    page = watch(context.new_page())
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/")
    current = page.locator('.replay-log li[aria-current="step"]').last
    expect(current).to_have_attribute("data-at", str(finished.number))
    expect(current).to_be_in_viewport()
    page.keyboard.press("Shift+ArrowLeft")
    expect(page.locator('.replay-log li[aria-current="step"]').first).to_be_in_viewport()
    problems = (page.problems, page.evaluate("window.__violations"))
    context.close()
    assert problems == ([], [])
