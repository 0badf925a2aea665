"""The bot's turns in a bot match, answered by a task: idempotent, deterministic, never
over a write someone made meanwhile, and in the request when the broker is down."""

import pytest

from games.matches import bot_turns
from games.matches.bot_turns import bot_to_decide, bot_turns_play, match_bot_move
from games.matches.services import match_act, match_create, match_resign
from games.models import Match, Mode, Status
from games.tasks import bot_turn
from tests.games.helpers import acting_seat, bot_first, committed, legal_json


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def waits_for_its_bot(match: Match) -> bool:
    return bot_to_decide(match, acting_seat(match))


@pytest.fixture
def waiting(alice, alices_deck):
    """A bot match whose bot is to decide, its task never queued (the test's transaction
    never commits)."""
    match = bot_first(alice, alices_deck)
    assert waits_for_its_bot(match) and match.number == 0
    return match


def test_the_task_run_twice_answers_the_bots_decisions_once(waiting):
    first = bot_turn.apply(args=(waiting.pk, waiting.number)).get()
    played = fresh(waiting)
    second = bot_turn.apply(args=(waiting.pk, waiting.number)).get()
    assert first > 0 and second == 0
    again = fresh(waiting)
    assert (again.actions, again.revision) == (played.actions, played.revision)
    assert played.number == first and not waits_for_its_bot(played)


def test_a_task_for_a_state_the_match_has_left_does_nothing(waiting, alice):
    bot_turns_play(waiting.pk, 0)
    match = fresh(waiting)
    while not waits_for_its_bot(match):
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    before = fresh(match)
    for stale in (0, before.number - 1, before.number + 1):
        assert bot_turns_play(match.pk, stale) == 0
    after = fresh(match)
    assert (after.actions, after.revision) == (before.actions, before.revision)
    assert waits_for_its_bot(after)


def test_a_task_does_nothing_in_a_match_that_is_over(waiting, alice):
    match_resign(match=waiting, user=alice)
    assert bot_turns_play(waiting.pk, waiting.number) == 0
    assert fresh(waiting).actions == []


def test_a_task_does_nothing_in_a_match_without_a_bot(alice, alices_deck):
    hotseat = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=9)
    assert bot_turns_play(hotseat.pk, 0) == 0
    assert bot_turns_play(123_456, 0) == 0
    assert fresh(hotseat).actions == []


def test_written_as_it_goes_the_record_is_the_one_a_single_write_makes(
    alice, alices_deck, bobs_deck
):
    """One decision a write (a slow bot) or all in one (a fast one): the same actions and
    digests, the bot of each decision being seeded by the match and the state alone."""
    records = []
    for seconds in (0.0, 60.0):
        match = bot_first(alice, alices_deck, seed=11, opponent_deck=bobs_deck)
        writes = 0
        for _ in range(6):
            while moved := match_bot_move(match_id=match.pk, number=match.number, seconds=seconds):
                writes += 1
                assert moved == 1 or seconds
                match = fresh(match)
            match_act(match=match, user=alice, action=legal_json(match)[-1], number=match.number)
        match = fresh(match)
        records.append((match.actions, match.digests, writes))
    (one_by_one, digests, many), (at_once, same_digests, few) = records
    assert one_by_one == at_once and digests == same_digests
    assert many > few


def test_a_write_made_while_the_bot_thinks_stands_and_its_answers_are_dropped(
    waiting, alice, monkeypatch
):
    real = bot_turns.match_position

    def resigned_meanwhile(match):
        position = real(match)
        match_resign(match=fresh(match), user=alice)
        return position

    monkeypatch.setattr(bot_turns, "match_position", resigned_meanwhile)
    assert match_bot_move(match_id=waiting.pk, number=waiting.number) == 0
    stored = fresh(waiting)
    assert stored.status == Status.RESIGNED and stored.actions == []


def test_the_task_is_queued_for_the_state_that_hands_the_bot_the_decision(
    alice, alices_deck, queued
):
    with committed():
        match = bot_first(alice, alices_deck)
    assert queued == [(match.pk, 0)]
    assert waits_for_its_bot(fresh(match)), "queued, not played in the request"


def test_with_the_broker_down_the_bot_answers_in_the_request(alice, alices_deck, broker_down):
    with committed():
        match = bot_first(alice, alices_deck)
    assert match.number > 0 and not waits_for_its_bot(match)
    for _ in range(50):
        number = match.number
        with committed():
            match_act(match=match, user=alice, action=legal_json(match)[0], number=number)
        if match.number > number + 1:
            break
    else:
        pytest.fail("the bot never had a decision")
    assert fresh(match).number == match.number and not waits_for_its_bot(match)


def test_a_record_that_no_longer_replays_stops_the_task_without_an_error(waiting, caplog):
    # A changed record (its digests no longer its game's) under a new revision: no
    # position remembered for it, so the task replays it and finds the mismatch.
    Match.objects.filter(pk=waiting.pk).update(digests=["0" * 16], revision=waiting.revision + 1)
    assert bot_turns_play(waiting.pk, waiting.number) == 0
    assert fresh(waiting).actions == []
    assert "no longer replays" in caplog.text
