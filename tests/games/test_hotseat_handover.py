"""Hot-seat on one device: a hand-over only when the other player's decision needs their
hand, the board-only decisions of the Set-Up offered at once with no hand on the table,
the hand-over screen showing the board and what was just played, the board's side kept by
a setting of the device, and no hand ever on the screen but its player's
(``games.matches.screens``)."""

import html
import json
import random
from dataclasses import replace
from itertools import pairwise

import pytest

from games.engine import (
    ActivationStep,
    ChooseLostCards,
    ChooseRealmStone,
    PlaceShen,
    view_for,
)
from games.engine.view import HIDDEN_SPEC
from games.matches.records import match_position
from games.matches.services import match_create
from games.matches.views.tables import BOARD_COOKIE
from games.models import Match, Mode
from games.play import GAMES
from tests.games.helpers import legal_json, played_to_the_end

SHEN = GAMES["shen"]
HANDOVER = "Hand the device to"
HAND = 'id="hand-title"'
# The placements a Set-Up answers with, in the order the tests prefer them.
ON_THE_BOARD = ("place_realm_stone", "place_counter")


@pytest.fixture
def hotseat(alice, alices_deck, bobs_deck):
    """Alice's hot-seat match of her deck against Bob's (other cards: a hand's names
    cannot be told apart from the other side's by a shared card)."""
    return match_create(
        owner=alice, deck=alices_deck, opponent_deck=bobs_deck, mode=Mode.HOTSEAT, seed=3
    )


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def page_of(client, match: Match) -> str:
    return client.get(f"/games/{match.pk}/live/").content.decode()


def answer(client, match: Match, action: dict) -> Match:
    posted = {"action": json.dumps(action), "number": match.number}
    assert client.post(f"/games/{match.pk}/act/", posted).status_code == 302
    return fresh(match)


def take_the_device(client, match: Match, seat: int) -> None:
    assert client.post(f"/games/{match.pk}/reveal/", {"seat": str(seat)}).status_code == 302


def acting(match: Match) -> int | None:
    return SHEN.acting_seat(match_position(match).state)


def private(match: Match) -> bool:
    return SHEN.private(match_position(match).state)


def placement(match: Match) -> dict:
    """A legal Realm Stone or counter to place, else the first legal answer."""
    actions = legal_json(match)
    return next((a for kind in ON_THE_BOARD for a in actions if a["type"] == kind), actions[0])


def set_up(client, match: Match) -> tuple[Match, list[str], list[int]]:
    """The Set-Up answered by placements up to the first decision that needs a hand: the
    match then, the pages of the Set-Up and the seats that answered them, in order."""
    pages, seats = [], []
    while not private(match):
        pages.append(page_of(client, match))
        seats.append(acting(match))
        match = answer(client, match, placement(match))
    return match, pages, seats


def secret_names(match: Match, shown: int | None) -> set[str]:
    """The names of cards in a hand not on the screen that the screen's seat (None: a
    spectator) sees nowhere else: on the board, in a discard pile, among its own cards."""
    state = match_position(match).state
    seen = {spec.name for spec in view_for(state, shown).cards if spec is not HIDDEN_SPEC}
    hands = [hand for seat, hand in enumerate(state.hands) if seat != shown]
    return {state.cards[card].name for hand in hands for card in hand} - seen


def test_the_decisions_on_the_board_are_answered_at_once_with_no_hand(alice_in, hotseat):
    """The Set-Up's Realm Stones and the first turn's Shén counters, up to its first
    activation: each placement offered at once with no hand on the table; the one
    hand-over is for a decision that needs a hand (which cards to lose, R10)."""
    match, board, handovers, seats, holder = hotseat, 0, 0, [], None
    while type(match_position(match).state.decision).__name__ != "ActivationStep":
        page, seat = page_of(alice_in, match), acting(match)
        if private(match):
            handovers += HANDOVER in page
            take_the_device(alice_in, match, seat)
            assert HAND in page_of(alice_in, match)
        else:
            assert HANDOVER not in page and 'id="decision-prompt"' in page
            assert 'class="choice' in page
            # No hand, unless its player answered the decision before (holds the device).
            assert (HAND in page) == (holder == seat) != ("show my hand" in page)
            board += 1
            seats.append(seat)
        match = answer(alice_in, match, placement(match))
        holder = seat
    assert board >= 8, "two Realm Stones and six Shén counters"
    assert set(seats[:2]) == {0, 1}, "a Realm Stone each"
    assert all(a != b for a, b in pairwise(seats[2:6])), "the players alternate"
    assert handovers <= 1


def test_a_player_on_the_board_may_still_take_the_device_to_see_their_hand(alice_in, hotseat):
    seat = acting(hotseat)
    take_the_device(alice_in, hotseat, seat)
    page = page_of(alice_in, hotseat)
    assert HAND in page and HANDOVER not in page and "show my hand" not in page
    assert 'class="choice' in page


def test_a_decision_needing_the_hand_hands_over_to_a_seat_without_the_device(alice_in, hotseat):
    match, _, _ = set_up(alice_in, hotseat)
    seat = acting(match)
    take_the_device(alice_in, match, 1 - seat)  # the other player has it
    page = page_of(alice_in, match)
    assert HANDOVER in page and HAND not in page and 'class="choice' not in page
    take_the_device(alice_in, match, seat)
    page = page_of(alice_in, match)
    assert HANDOVER not in page and HAND in page and 'class="choice' in page


def test_whoever_answered_holds_the_device_and_sees_their_hand_next(alice_in, hotseat):
    match, _, seats = set_up(alice_in, hotseat)
    placed_last = seats[-1]
    page = page_of(alice_in, match)
    # The seat that placed the last counter and decides next holds the device already.
    assert (HANDOVER in page) == (acting(match) != placed_last)
    take_the_device(alice_in, match, acting(match))
    seat = acting(match)
    while acting(match) == seat and private(match):
        match = answer(alice_in, match, legal_json(match)[0])
        if acting(match) == seat:
            page = page_of(alice_in, match)
            assert HANDOVER not in page and HAND in page


def test_the_handover_screen_shows_the_board_and_what_was_just_played(alice_in, hotseat):
    match, _, _ = set_up(alice_in, hotseat)
    take_the_device(alice_in, match, 1 - acting(match))
    page = page_of(alice_in, match)
    name = ("Red", "Blue")[acting(match)]
    assert f"I am {name}: show my side" in page
    assert 'class="board' in page and 'class="side owner-red' in page
    assert "Just played" in page and "places Shén on" in page.split("Just played")[1]
    assert not [n for n in secret_names(match, None) if html.escape(n) in page]


def test_no_hand_ever_reaches_the_screen_but_that_of_its_player_holding_the_device(
    alice_in, hotseat
):
    """Played by random legal answers, taking the device at each hand-over: every page
    shows at most the hand of the seat to decide, only once that seat holds the device,
    and no other hand's card by name; each hand-over follows a change of player, and
    one is enough."""
    chooser = random.Random(1)
    match, holder, secrets, handovers, changes = hotseat, None, 0, 0, 0
    for _ in range(90):
        seat = acting(match)
        if seat is None:
            break
        changes += holder is not None and holder != seat
        page = page_of(alice_in, match)
        if HANDOVER in page:
            assert HAND not in page and holder != seat and private(match)
            assert not [n for n in secret_names(match, None) if html.escape(n) in page]
            handovers += 1
            take_the_device(alice_in, match, seat)
            page = page_of(alice_in, match)
            assert HANDOVER not in page, "one hand-over is enough"
            holder = seat
        shown = seat if HAND in page else None
        assert shown is None or holder == seat, "a hand on the screen of a device it is not on"
        assert shown == seat or not private(match)
        names = secret_names(match, shown)
        assert not [n for n in names if html.escape(n) in page], (match.number, shown)
        secrets += bool(names)
        match = answer(alice_in, match, chooser.choice(legal_json(match)))
        holder = seat
    assert secrets > 20 and handovers >= 2
    assert handovers <= changes + 1


def test_an_undo_hands_over_before_showing_a_hand_again(alice_in, hotseat):
    match, _, _ = set_up(alice_in, hotseat)
    take_the_device(alice_in, match, acting(match))
    match = answer(alice_in, match, legal_json(match)[0])
    assert alice_in.post(f"/games/{match.pk}/undo/").status_code == 302
    match = fresh(match)
    assert private(match) and HANDOVER in page_of(alice_in, match)


def test_a_match_over_hands_nothing_over(alice_in, hotseat):
    match = played_to_the_end(hotseat)
    page = alice_in.get(f"/games/{match.pk}/").content.decode()
    assert HANDOVER not in page and "show my hand" not in page and HAND not in page
    assert "Keep the board on Red" not in page


def test_a_match_resigned_on_a_decision_needing_a_hand_hands_nothing_over(alice_in, hotseat):
    match, _, _ = set_up(alice_in, hotseat)
    take_the_device(alice_in, match, 1 - acting(match))  # the device with the other player
    assert alice_in.post(f"/games/{match.pk}/resign/").status_code == 302
    page = alice_in.get(f"/games/{match.pk}/").content.decode()
    assert "Resigned" in page
    assert HANDOVER not in page and "show my hand" not in page and HAND not in page


def test_the_board_turns_with_the_hand_on_the_screen_unless_the_device_keeps_it_still(
    alice_in, hotseat
):
    match, _, _ = set_up(alice_in, hotseat)
    # Blue to decide with the hand: it is on the screen once Blue takes the device.
    for _ in range(40):
        if acting(match) == 1 and private(match):
            break
        take_the_device(alice_in, match, acting(match))
        match = answer(alice_in, match, placement(match))
    take_the_device(alice_in, match, 1)
    assert 'data-seen-from="blue"' in page_of(alice_in, match)
    kept = alice_in.post(f"/games/{match.pk}/board/", {"board": "still"}, HTTP_HX_REQUEST="1")
    assert kept.status_code == 200 and 'data-seen-from="red"' in kept.content.decode()
    cookie = kept.cookies[BOARD_COOKIE]
    assert cookie.value == "still" and cookie["max-age"] and cookie["httponly"]
    page = page_of(alice_in, match)  # the client sends the cookie from now on
    assert 'data-seen-from="red"' in page and 'aria-pressed="true"' in page
    alice_in.post(f"/games/{match.pk}/board/", {"board": "turned"})
    assert 'data-seen-from="blue"' in page_of(alice_in, match)


def test_the_set_up_keeps_the_board_on_one_side(alice_in, hotseat):
    _, pages, _ = set_up(alice_in, hotseat)
    sides = {page.split('data-seen-from="')[1].split('"')[0] for page in pages}
    assert len(sides) == 1, sides


def test_only_the_decisions_answered_with_a_hand_are_private(hotseat):
    state = match_position(hotseat).state
    for decision, needs_the_hand in (
        (ChooseRealmStone(0), False),
        (PlaceShen(1), False),
        (ActivationStep(0), True),
        (ChooseLostCards(1, 2), True),
    ):
        assert SHEN.private(replace(state, pending=(decision,))) is needs_the_hand, decision
    assert SHEN.private(replace(state, pending=())) is False  # over: nothing to decide
