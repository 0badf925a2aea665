"""A combat's log entry in Chromium, on a desktop and on a phone: it opens, by a click or
a tap (a <details>: no hover needed), onto where each side's dice came from (R22), under
the Content-Security-Policy with a clean console."""

import random
from pathlib import Path

import pytest
from playwright.sync_api import expect

from games.engine import MeleeRolled, RangedRolled, combat_detail
from games.matches.records import match_position
from games.matches.services import match_act, match_create, match_join
from games.models import Match
from games.play import GAMES
from tests.browser.test_content_security_policy import visit, watch
from tests.browser.test_page_widths import PHONE, logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import legal_json

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/combat")
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": PHONE}
# The answers a random player prefers, so the Avatars meet soon.
ATTACKS = ("melee_attack", "ranged_attack")
MOST_ACTIONS = 600


def _a_roll_naming_a_card(events) -> MeleeRolled | RangedRolled | None:
    for event in events:
        if isinstance(event, MeleeRolled | RangedRolled) and any(
            part.card for part in (*event.attack_pool.parts, *event.defense_pool.parts)
        ):
            return event
    return None


@pytest.fixture
def fought(drawn_seed):
    """A friend match between Alice and Bob, played by random answers (attacks first) up
    to a roll whose dice a card gave (an Item, a card in a combat window); the match and
    that roll."""
    realms = sample_catalogue_load()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    drawn_seed(4)
    match = match_create(
        owner=alice, deck=playable_deck(owner=alice, realm=realms[0]), mode="friend"
    )
    match_join(match=match, user=bob, deck=playable_deck(owner=bob, realm=realms[1]))
    match = Match.objects.get(pk=match.pk)
    chooser, game = random.Random(7), GAMES[match.game]
    for _ in range(MOST_ACTIONS):
        seat = game.acting_seat(match_position(match).state)
        options = legal_json(match)
        attacks = [action for action in options if action["type"] in ATTACKS]
        action = chooser.choice(attacks or options)
        user = match.red_user if seat == 0 else match.blue_user
        match = match_act(match=match, user=user, action=action, number=match.number)
        rolled = _a_roll_naming_a_card(match_position(match).log[-1][1])
        if rolled is not None:
            return match, alice, rolled
    raise AssertionError(f"no roll named a card in {MOST_ACTIONS} random answers")


@pytest.mark.parametrize("width", WIDTHS, ids=list(WIDTHS))
def test_r22_a_combats_log_entry_opens_onto_where_each_die_came_from(
    browser, live_server, fought, width
):
    match, alice, rolled = fought
    viewport = WIDTHS[width]
    context = browser.new_context(base_url=live_server.url, viewport=viewport)
    try:
        context.add_cookies([logged_in_cookie(alice, live_server.url)])
        page = watch(context.new_page())
        page.set_default_timeout(10_000)
        visit(page, f"/games/{match.pk}/")
        entry = page.locator("#match-live .log details.log-detail").last
        summary = entry.locator("summary")
        expect(summary).to_contain_text(rolled.log_line())
        lines = entry.locator("li")
        expect(lines.first).to_be_hidden()  # folded until the reader opens it
        summary.scroll_into_view_if_needed()
        summary.click()  # a tap, on a phone: no hover
        expect(entry).to_have_attribute("open", "")
        expect(lines).to_have_text(list(combat_detail(rolled)))
        expect(lines.first).to_be_visible()
        box = entry.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
        widths = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= viewport["width"], f"{widths[0]} px wide at {viewport['width']} px"
        SHOTS.mkdir(parents=True, exist_ok=True)
        entry.screenshot(path=str(SHOTS / f"log-entry-{width}.png"))
        page.screenshot(path=str(SHOTS / f"table-{width}.png"), full_page=True)
        summary.click()  # and it folds again
        expect(lines.first).to_be_hidden()
        assert page.problems == [] and page.evaluate("window.__violations") == []
    finally:
        context.close()
