"""The replay viewer in Chromium: the slider, back and forward, the arrow keys; notes on a
state; a replay file downloaded from a finished match and imported to watch it."""

import re

import pytest
from playwright.sync_api import expect

from games.matches.records import match_replayed
from games.matches.services import match_act, match_create, match_resign
from games.models import Match
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import legal_json

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACTIONS = 12


@pytest.fixture
def finished(db):
    """Alice's hot-seat match: both Realm Stones, some of the first turn, then she resigns."""
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=realms[0], name="First deck")
    match = match_create(owner=alice, deck=deck, mode="hotseat", seed=3)
    for _ in range(ACTIONS):
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    match_resign(match=match, user=alice)
    return Match.objects.get(pk=match.pk)


def viewer_at(page, number: int, last: int) -> None:
    """The viewer shows state ``number``: its counter, its slider and its address."""
    viewer = page.locator("#replay-viewer")
    expect(viewer.locator("output")).to_have_text(f"{number} / {last}")
    expect(viewer.locator("input[type=range]")).to_have_value(str(number))
    expect(page).to_have_url(re.compile(rf"\?at={number}$"))


def test_the_slider_the_buttons_and_the_arrow_keys_step_through_a_finished_match(page, finished):
    last = finished.number
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=0")
    viewer = page.locator("#replay-viewer")
    stones = viewer.locator("svg.board .stones .stone")
    log = viewer.locator(".log-lines")
    expect(stones).to_have_count(0)
    # Forward: the first Realm Stone goes down, on the board and in the log.
    viewer.get_by_role("link", name="Forward").click()
    viewer_at(page, 1, last)
    expect(stones).to_have_count(1)
    expect(log).to_contain_text("Realm Stone")
    # The arrow keys step as the buttons do.
    page.keyboard.press("ArrowRight")
    viewer_at(page, 2, last)
    expect(stones).to_have_count(2)
    page.keyboard.press("ArrowLeft")
    viewer_at(page, 1, last)
    expect(stones).to_have_count(1)
    viewer.get_by_role("link", name="Back").click()
    viewer_at(page, 0, last)
    expect(stones).to_have_count(0)
    expect(viewer.get_by_role("link", name="Back")).to_have_count(0)
    # The slider jumps anywhere: the end shows the resignation.
    viewer.get_by_role("slider", name="State").fill(str(last))
    viewer_at(page, last, last)
    expect(stones).to_have_count(2)
    # A resignation is no action of the game: the last state says how the match ended.
    expect(viewer.locator(".status-result")).to_have_text("Red resigned: Blue wins")
    expect(viewer.locator(".decision")).not_to_contain_text("Waiting for")
    expect(viewer.locator(".log-lines li").last).to_have_text("Red resigned: Blue wins")
    expect(viewer.get_by_role("link", name="Forward")).to_have_count(0)
    page.keyboard.press("ArrowRight")  # nowhere further to go
    viewer_at(page, last, last)
    viewer.get_by_role("slider", name="State").fill("5")
    viewer_at(page, 5, last)
    expect(viewer.locator(".status-result")).to_have_count(0)
    counters = viewer.locator("svg.board .counters .counter")
    state = match_replayed(finished, upto=5).states[-1]
    expect(counters).to_have_count(sum(state.grid.counter_count(p) for p in (0, 1)))
    # Back and forward of the browser's own history go where the viewer went.
    page.go_back()
    expect(page).to_have_url(re.compile(rf"\?at={last}$"))


def test_a_note_on_a_state_is_shown_in_the_replay(page, finished):
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/replay/?at=4")
    notes = page.locator(".notes")
    notes.get_by_label("Add a note").fill("Stone too close to the anchor")
    notes.get_by_role("button", name="Save note").click()
    expect(page).to_have_url(re.compile(r"\?at=4$"))
    expect(notes).to_contain_text("alice: Stone too close to the anchor")
    page.goto(f"/games/{finished.pk}/replay/?at=0")
    expect(notes).not_to_contain_text("Stone too close")
    notes.get_by_role("link", name="state 4").click()
    viewer_at(page, 4, finished.number)
    expect(page.locator(".notes")).to_contain_text("Stone too close to the anchor")


def test_a_replay_file_is_downloaded_then_imported_to_watch(page, finished, tmp_path):
    log_in(page, "alice")
    page.goto(f"/games/{finished.pk}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the replay file").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    page.goto("/games/")
    page.get_by_role("link", name="Import a replay file").click()
    page.get_by_label("Replay file (JSON)").set_input_files(saved)
    page.get_by_role("button", name="Import and watch").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/replay/$"))
    imported = Match.objects.exclude(pk=finished.pk).get()
    assert imported.actions == finished.actions
    expect(page.locator("#replay-viewer output")).to_have_text(
        f"{finished.number} / {finished.number}"
    )
    # A file that is not a replay: a clear error, and nothing saved.
    broken = tmp_path / "broken.json"
    broken.write_text(saved.read_text().replace('"seed"', '"sown"'))
    page.goto("/games/import/")
    page.get_by_label("Replay file (JSON)").set_input_files(broken)
    page.get_by_role("button", name="Import and watch").click()
    expect(page.get_by_role("alert")).to_be_visible()
    assert Match.objects.count() == 2
