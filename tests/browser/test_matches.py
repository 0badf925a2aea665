"""Play-testing in Chromium: a hot-seat match by clicks, a bot match to its end, and a
friend match where each browser sees the other's move within 2 seconds."""

import json
import re

import pytest
from playwright.sync_api import expect

from games.models import Match
from games.services import match_create, match_join
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The action types a hot-seat test prefers, in order, so the game gets to the board.
PREFERRED = ["place_realm_stone", "move", "play_card", "activate", "place_counter"]


@pytest.fixture
def world():
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    bob = UserFactory(username="bob")
    return {
        "alice": alice,
        "bob": bob,
        "alices_deck": playable_deck(owner=alice, realm=realms[0], name="First deck"),
        "bobs_deck": playable_deck(owner=bob, realm=realms[1], name="Second deck"),
    }


def click_an_option(page, preferred=()):
    """Click the first option of the most preferred type on the table; its type."""
    live = page.locator("#match-live")
    handover = live.get_by_role("button", name=re.compile("show my side"))
    if handover.count():
        handover.click()
        expect(live.locator("#decision-prompt")).to_be_visible()
    number = live.get_attribute("data-number")
    buttons = live.locator("button[data-action]")
    expect(buttons.first).to_be_attached()
    actions = [
        json.loads(text) for text in buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    ]
    types = [action["type"] for action in actions]
    kind = next((kind for kind in preferred if kind in types), types[0])
    button = buttons.nth(types.index(kind))
    # Options of a piece sit in its group, folded until the player opens it.
    button.evaluate("b => { const group = b.closest('details'); if (group) group.open = true; }")
    button.click()
    expect(live).not_to_have_attribute("data-number", number)
    return kind


def test_a_hotseat_match_from_a_valid_deck_played_by_clicks(page, world):
    log_in(page, "alice")
    page.goto(f"/decks/{world['alices_deck'].pk}/")
    page.get_by_role("link", name="Play-test").click()
    page.get_by_label("Seed").fill("5")
    page.get_by_role("button", name="Start the match").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/$"))
    clicked = [click_an_option(page, PREFERRED) for _ in range(40)]
    assert clicked[:2] == ["place_realm_stone", "place_realm_stone"]
    assert "place_counter" in clicked and "play_card" in clicked
    match = Match.objects.get()
    assert match.number >= 40


def test_a_bot_match_played_to_its_end_by_clicks(page, world):
    match = match_create(
        owner=world["alice"],
        deck=world["alices_deck"],
        mode="bot",
        seed=4,
        options={"max_turns": 2},
    )
    log_in(page, "alice")
    page.goto(f"/games/{match.pk}/")
    for _ in range(300):
        if page.locator(".match-status", has_text="Finished").count():
            break
        click_an_option(page, ["pass"])
    expect(page.locator(".match-status")).to_contain_text("Finished")


def test_friends_see_each_others_moves_within_two_seconds(browser, live_server, world):
    match = match_create(owner=world["alice"], deck=world["alices_deck"], mode="friend", seed=8)
    match_join(match=match, user=world["bob"], deck=world["bobs_deck"])
    match = Match.objects.get(pk=match.pk)
    pages = {}
    for user in (match.red_user, match.blue_user):
        context = browser.new_context(base_url=live_server.url)
        pages[user.username] = context.new_page()
        log_in(pages[user.username], user.username)
        pages[user.username].goto(f"/games/{match.pk}/")
    for _ in range(4):
        match.refresh_from_db()
        acting = next(
            name for name, page in pages.items() if page.locator("button[data-action]").count()
        )
        watching = next(name for name in pages if name != acting)
        click_an_option(pages[acting])
        match.refresh_from_db()
        expect(pages[watching].locator("#match-live")).to_have_attribute(
            "data-number", str(match.number), timeout=2000
        )
    for page in pages.values():
        page.context.close()
