"""Match services: starting, acting, bots, resigning, undoing, joining, notes."""

import pytest

from decks.models import DeckVersion
from games.decklists import deck_data
from games.engine import CardSpec
from games.matches.errors import DeckNotValid, MatchConflict, MatchError, MatchForbidden, MatchStale
from games.matches.records import match_position, match_replayed
from games.matches.seats import seats_of
from games.matches.services import (
    match_act,
    match_create,
    match_join,
    match_note_add,
    match_resign,
    match_undo,
    match_undo_answer,
)
from games.models import Match, Mode, Status
from games.play import GAMES
from tests.factories.decks import DeckFactory
from tests.games.helpers import acting_seat, committed, legal_json

SHEN = GAMES["shen"]


def fresh(match):
    return Match.objects.get(pk=match.pk)


def test_a_deck_becomes_engine_cards_by_value(alices_deck):
    data = deck_data(alices_deck, alices_deck.versions.get())
    assert len(data["cards"]) == 40
    assert data["home_realm"] == alices_deck.home_realm.slug
    assert all(CardSpec.from_data(card) for card in data["cards"])


def test_a_hotseat_match_starts_with_the_first_digest(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    assert (match.number, match.status, len(match.digests)) == (0, Status.PLAYING, 1)
    assert match.red_user == alice and match.blue_user is None
    assert match.decks[0] == match.decks[1]  # a mirror match without an opponent's deck


def test_an_invalid_deck_gives_its_violations_and_starts_nothing(alice, realms):
    deck = DeckFactory(owner=alice)
    with pytest.raises(DeckNotValid) as refused:
        match_create(owner=alice, deck=deck, mode=Mode.HOTSEAT)
    assert any(v.code == "deck_too_small" for v in refused.value.violations)
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "change",
    [
        {"mode": "chess"},
        {"mode": "bot", "bot_name": "deep-blue"},
        {"ruleset": "nope"},
        {"options": {"ko": "yes"}},
        {"options": {"max_turns": 0}},
        {"options": {"gravity": 1}},
        {"seed": -1},
        {"seed": 2**60},
        {"first_turn": "sometimes"},
    ],
)
def test_bad_choices_are_refused_with_a_reason(alice, alices_deck, change):
    with pytest.raises(MatchError):
        match_create(**{"owner": alice, "deck": alices_deck, "mode": "hotseat", **change})
    assert not Match.objects.exists()


def test_choosing_who_goes_first_seats_the_player_accordingly(alice, alices_deck):
    for seed in range(4):
        mine = match_create(
            owner=alice, deck=alices_deck, mode="hotseat", seed=seed, first_turn="me"
        )
        seat = 0 if mine.red_user_id else 1
        assert SHEN.first_seat(seed) == seat


def test_acting_applies_one_action_and_stores_it(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    action = legal_json(match)[0]
    match_act(match=match, user=alice, action=action, number=0)
    stored = fresh(match)
    assert (stored.number, stored.actions) == (1, [action])


def test_a_stale_number_is_refused_and_changes_nothing(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    action = legal_json(match)[0]
    match_act(match=fresh(match), user=alice, action=action, number=0)
    with pytest.raises(MatchStale) as stale:
        match_act(match=fresh(match), user=alice, action=action, number=0)
    assert stale.value.status == 409 and stale.value.match.number == 1
    assert fresh(match).number == 1


def test_the_same_match_object_acting_twice_on_one_number_applies_once(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    first, second = Match.objects.get(pk=match.pk), Match.objects.get(pk=match.pk)
    action = legal_json(match)[0]
    match_act(match=first, user=alice, action=action, number=0)
    with pytest.raises(MatchStale):
        match_act(match=second, user=alice, action=action, number=0)
    assert fresh(match).number == 1


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fly"},
        {"type": "place_counter", "vertex": 10**9},
        "pass",
        None,
        [],
        {"type": "move"},
    ],
)
def test_malformed_or_illegal_actions_are_refused_with_the_reason(alice, alices_deck, action):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    with pytest.raises(MatchError) as refused:
        match_act(match=match, user=alice, action=action, number=0)
    assert refused.value.status == 400 and str(refused.value)
    assert fresh(match).number == 0


def test_someone_else_cannot_act_in_my_match(alice, bob, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    with pytest.raises(MatchForbidden):
        match_act(match=match, user=bob, action=legal_json(match)[0], number=0)


def test_the_players_request_leaves_the_bots_decisions_to_a_task_queued_on_commit(
    alice, alices_deck, django_capture_on_commit_callbacks
):
    with committed():  # the bot's Realm Stone may come first
        match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=9, first_turn="me")
    bot = 1 - seats_of(match, alice)[0]
    while acting_seat(match) != bot:
        with django_capture_on_commit_callbacks() as waiting:
            match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
        # The bot's task is queued once the action handing it the decision is stored.
        assert len(waiting) == (acting_seat(match) == bot)
    stored = fresh(match)
    assert acting_seat(stored) == bot and stored.actions == match.actions
    with pytest.raises(MatchForbidden, match="not yours"):
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)


def test_the_bot_answers_its_decisions_deterministically(alice, alices_deck, bobs_deck):
    records = []
    for _ in range(2):
        with committed():
            match = match_create(
                owner=alice, deck=alices_deck, opponent_deck=bobs_deck, mode=Mode.BOT, seed=9
            )
        for _ in range(12):
            with committed():
                match_act(
                    match=match, user=alice, action=legal_json(match)[-1], number=match.number
                )
            assert acting_seat(match) == 0
        records.append(fresh(match).actions)
    assert records[0] == records[1]
    assert len(records[0]) > 12


def test_a_bot_match_plays_to_its_end(alice, alices_deck, bobs_deck):
    with committed():
        match = match_create(
            owner=alice,
            deck=alices_deck,
            opponent_deck=bobs_deck,
            mode=Mode.BOT,
            seed=2,
            options={"max_turns": 4},
        )
    while match.status == Status.PLAYING:
        with committed():
            match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    assert match.status == Status.FINISHED and match.result["reason"]
    with pytest.raises(MatchConflict):
        match_act(match=match, user=alice, action={"type": "pass"}, number=match.number)
    # The record replays to the same end, digests checked.
    assert SHEN.result(match_replayed(fresh(match)).states[-1]) == match.result


def test_resigning_gives_the_win_to_the_other_side(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3)
    match_resign(match=match, user=alice)
    stored = fresh(match)
    assert stored.status == Status.RESIGNED
    assert stored.result == {"winner": 1 - (0 if stored.red_user_id else 1), "reason": "resigned"}


def test_undo_in_a_bot_match_goes_back_to_my_previous_decision(alice, alices_deck):
    with committed():
        match = match_create(
            owner=alice, deck=alices_deck, mode=Mode.BOT, seed=9, first_turn="opponent"
        )
    seat = 0 if match.red_user_id else 1
    for _ in range(5):
        with committed():
            match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    before = fresh(match)
    match_undo(match=fresh(match), user=alice)
    after = fresh(match)
    assert after.number < before.number
    assert acting_seat(after) == seat
    assert after.actions == before.actions[: after.number]
    assert match_position(after).state == match_replayed(after).states[-1]


def test_hotseat_undo_takes_back_one_decision(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    for _ in range(3):
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    match_undo(match=match, user=alice)
    assert fresh(match).number == 2


def test_nothing_to_undo_is_a_conflict(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    with pytest.raises(MatchConflict):
        match_undo(match=match, user=alice)


def test_a_friend_joins_with_their_deck_and_undo_needs_their_consent(
    alice, bob, alices_deck, bobs_deck, drawn_seed
):
    drawn_seed(4)
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND, first_turn="me")
    assert match.status == Status.WAITING and match.invite_token
    with pytest.raises(MatchForbidden):
        match_join(match=match, user=alice, deck=alices_deck)
    with pytest.raises(MatchForbidden):
        match_join(match=match, user=bob, deck=alices_deck)
    match_join(match=match, user=bob, deck=bobs_deck)
    match = fresh(match)
    assert match.status == Status.PLAYING
    assert {match.red_user, match.blue_user} == {alice, bob}
    assert acting_seat(match) is not None
    player = {0: match.red_user, 1: match.blue_user}
    for _ in range(3):
        match_act(
            match=match,
            user=player[acting_seat(match)],
            action=legal_json(match)[0],
            number=match.number,
        )
    asker = player[1 - acting_seat(match)]
    match_undo(match=match, user=asker)
    assert fresh(match).number == 3  # nothing goes back before the opponent accepts
    with pytest.raises(MatchForbidden):
        match_undo_answer(match=fresh(match), user=asker, accept=True)
    other = alice if asker == bob else bob
    match_undo_answer(match=fresh(match), user=other, accept=True)
    assert fresh(match).number < 3 and fresh(match).undo_requested_by is None
    with pytest.raises(MatchConflict):
        match_join(match=fresh(match), user=bob, deck=bobs_deck)


def test_a_started_match_keeps_its_decks_when_the_deck_changes(alice, alices_deck):
    from decks.services import deck_set_slot

    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    card = alices_deck.slots.first().card
    deck_set_slot(deck=alices_deck, card=card, count=0)
    assert len(fresh(match).decks[0]["cards"]) == 40
    assert match.red_version == DeckVersion.objects.get(deck=alices_deck, number=1)


def test_notes_attach_to_a_state_of_my_match(alice, bob, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    note = match_note_add(match=match, user=alice, number=0, text="Opening looks slow")
    assert note.number == 0
    with pytest.raises(MatchError):
        match_note_add(match=match, user=alice, number=5, text="future")
    with pytest.raises(MatchForbidden):
        match_note_add(match=match, user=bob, number=0, text="hi")
