"""Hot-seat in Chromium as two friends on one screen play it: from the deck's Play-test
button through the Set-Up and the whole first turn, at a desktop's width and a phone's,
with at most one hand-over per change of player, never a hand on the screen but that of
its player, the hand-over screen showing the board, and a clean console under the
Content-Security-Policy. Prints how many clicks that took."""

import os
import re
from itertools import pairwise

import pytest
from playwright.sync_api import expect

from games.matches.records import match_position
from games.models import Match
from games.play import GAMES
from tests.browser.test_content_security_policy import watch
from tests.browser.test_page_widths import logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What the two friends answer with, most wanted first: the Set-Up's placements, then a turn
# that places its counter, manifests an Avatar and passes.
WANTED = ["place_realm_stone", "place_counter", "play_card", "pass"]
HANDOVER = re.compile("show my side")
# Where the screenshots go, to be looked at (set SHEN_SCREENSHOTS to keep them).
SCREENSHOTS = os.environ.get("SHEN_SCREENSHOTS", "")


def snapshot(page, name: str) -> None:
    if SCREENSHOTS:
        page.screenshot(path=os.path.join(SCREENSHOTS, f"{name}.png"), full_page=True)


def click(page, locator, clicks: list[str], what: str) -> None:
    """Click ``locator`` as the player does, and count it."""
    locator.click()
    clicks.append(what)


def answer(page, clicks: list[str]) -> str:
    """Answer the decision on the table with the most wanted option, as a player clicks it:
    a board-wide option by its spot on the board, a card's by its Play button and then its
    spot, else its button (opening its folded group first); its type."""
    live = page.locator("#match-live")
    number = live.get_attribute("data-number")
    forms = live.locator("form.choice")
    expect(forms.first).to_be_attached()
    options = forms.evaluate_all(
        "fs => fs.map(f => [JSON.parse(f.querySelector('button').dataset.action).type,"
        " f.dataset.choice, f.dataset.group, f.dataset.point])"
    )
    types = [kind for kind, *_ in options]
    kind = next((kind for kind in WANTED if kind in types), types[0])
    _, choice, group, point = options[types.index(kind)]
    form = live.locator(f'form.choice[data-choice="{choice}"]')
    sources = live.locator("[data-source]")
    owners = sources.evaluate_all("ss => ss.map(s => s.dataset.source.split(' '))")
    source = next((n for n, groups in enumerate(owners) if group and group in groups), None)
    if point and (not group or source is not None):
        if group:
            click(page, sources.nth(source), clicks, f"{kind}: source")
        click(page, live.locator(f'.board .place.is-target[data-place="{point}"]'), clicks, kind)
        # Several options there: the page points at them (nothing is posted yet).
        if form.evaluate_all("fs => fs.some(f => f.classList.contains('is-candidate'))"):
            click(page, form.locator("button"), clicks, f"{kind}: which")
    else:
        folded = form.locator("xpath=ancestor::details[not(@open)]/summary")
        if folded.count():
            click(page, folded, clicks, f"{kind}: open")
        click(page, form.locator("button"), clicks, kind)
    expect(live).not_to_have_attribute("data-number", number)
    return kind


@pytest.mark.parametrize("width", [1280, 390])
def test_a_hotseat_set_up_and_first_turn_hand_over_once_per_change_of_player(
    browser, live_server, width
):
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=realms[0], name="First deck")
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 800}
    )
    try:
        context.add_cookies([logged_in_cookie(alice, live_server.url)])
        page = watch(context.new_page())
        page.set_default_timeout(10_000)
        clicks: list[str] = []
        page.goto(f"/decks/{deck.pk}/")
        click(page, page.get_by_role("link", name="Play-test"), clicks, "play-test")
        page.get_by_label("Seed").fill("3")
        click(page, page.get_by_role("button", name="Start the match"), clicks, "start")
        expect(page).to_have_url(re.compile(r"/games/\d+/$"))
        game, live = GAMES["shen"], page.locator("#match-live")
        holder, handovers, changes, sides = None, 0, 0, []
        for _ in range(80):
            if live.locator(".status-turn", has_text="Turn 2").count():
                break
            state = match_position(Match.objects.get()).state
            seat = game.acting_seat(state)
            changes += holder is not None and holder != seat
            button = live.get_by_role("button", name=HANDOVER)
            if button.count():
                assert holder != seat and game.private(state), "a hand-over with no need"
                # The hand-over screen: the board and the sides, no hand, no option.
                expect(live.locator("svg.board")).to_be_visible()
                expect(live.locator(".handover-last li").first).to_be_visible()
                expect(live.locator("#hand-title")).to_have_count(0)
                expect(live.locator("form.choice")).to_have_count(0)
                snapshot(page, f"handover-{handovers}-{width}")
                click(page, button, clicks, "hand-over")
                expect(live.get_by_role("button", name=HANDOVER)).to_have_count(0)
                handovers += 1
                holder = seat
            hand = live.locator("#hand-title").count()
            assert not hand or holder == seat, "a hand on the screen its player does not hold"
            assert hand or not game.private(state), "a decision needing the hand without it"
            if not handovers and not hand:
                snapshot(page, f"set-up-{width}")
            if hand:
                seen = "blue" if seat == 1 else "red"
                expect(live.locator("svg.board")).to_have_attribute("data-seen-from", seen)
            sides.append(live.locator("svg.board").get_attribute("data-seen-from"))
            answer(page, clicks)
            holder = seat
        expect(live.locator(".status-turn")).to_have_text("Turn 2")
        widths = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert widths[0] <= widths[1], widths
        snapshot(page, f"turn-2-{width}")
        turns = sum(1 for a, b in pairwise(sides) if a != b)
        print(
            f"\nhot-seat set-up and one turn at {width} px: {len(clicks)} clicks, "
            f"{handovers} hand-overs, {changes} changes of player, the board turned "
            f"{turns} times: {clicks}"
        )
        # The changes of player at a placement on the board need none.
        assert 1 <= handovers < changes
        after = [kind for before, kind in pairwise(clicks) if before == "hand-over"]
        assert not set(after) & set(WANTED[:2]), "a hand-over before a placement"
        page.wait_for_load_state("networkidle")
        assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    finally:
        context.close()


def test_the_board_setting_keeps_the_board_still_and_stays_on_the_device(browser, live_server):
    """The hand-over screen's board, then Blue's hand: turned to Blue, until the device
    keeps the board on Red's side, which it then does for a new page too."""
    from games.matches.services import match_act, match_create
    from tests.games.helpers import legal_json

    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=realms[0], name="First deck")
    match = match_create(owner=alice, deck=deck, mode="hotseat", seed=3)
    game = GAMES["shen"]
    for _ in range(80):  # to a decision of Blue's that needs Blue's hand
        state = match_position(match).state
        if game.acting_seat(state) == 1 and game.private(state):
            break
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 800})
    try:
        context.add_cookies([logged_in_cookie(alice, live_server.url)])
        page = watch(context.new_page())
        page.set_default_timeout(10_000)
        page.goto(f"/games/{match.pk}/")
        live = page.locator("#match-live")
        live.get_by_role("button", name="I am Blue: show my side").click()
        board = live.locator("svg.board")
        expect(board).to_have_attribute("data-seen-from", "blue")
        still = live.get_by_role("button", name="Keep the board on Red's side")
        expect(still).to_have_attribute("aria-pressed", "false")
        still.click()
        expect(board).to_have_attribute("data-seen-from", "red")
        expect(still).to_have_attribute("aria-pressed", "true")
        page.reload()
        expect(live.locator("svg.board")).to_have_attribute("data-seen-from", "red")
        snapshot(page, "board-still-390")
        page.wait_for_load_state("networkidle")
        assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    finally:
        context.close()
