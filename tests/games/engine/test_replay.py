"""Replaying a stored match: the same states and events, digests checked on the way."""

import pytest

from games.engine import IllegalAction, Pass
from games.engine.codec import state_digest
from games.engine.replay import ReplayMismatch, record_digests, replay
from games.engine.testing.samples import sample_game


@pytest.fixture(scope="module")
def game():
    return sample_game(seed=11, max_turns=4)


@pytest.fixture(scope="module")
def replayed(game):
    return replay(game.ruleset, game.decks, game.seed, game.actions)


def test_replay_reaches_the_same_final_state(game, replayed):
    assert replayed.final == game.final


def test_replay_gives_the_same_events_action_by_action(game, replayed):
    assert replayed.events == game.events


def test_replay_has_one_state_per_action_plus_the_start(game, replayed):
    assert len(replayed.states) == len(game.actions) + 1 == len(replayed.events)


def test_replay_checks_recorded_digests(game, replayed):
    digests = record_digests(replayed.states, every=5)
    again = replay(game.ruleset, game.decks, game.seed, game.actions, digests=digests, every=5)
    assert again.final == game.final


def test_record_digests_fingerprints_every_nth_state(replayed):
    digests = record_digests(replayed.states, every=7)
    assert digests == tuple(state_digest(state) for state in replayed.states[::7])


def test_a_wrong_digest_is_reported_with_its_state_index(game, replayed):
    digests = list(record_digests(replayed.states, every=3))
    digests[4] = "0" * 16
    with pytest.raises(ReplayMismatch) as caught:
        replay(game.ruleset, game.decks, game.seed, game.actions, digests=digests, every=3)
    assert (caught.value.index, caught.value.expected) == (12, "0" * 16)
    assert caught.value.got == state_digest(replayed.states[12])


def test_a_replay_from_another_seed_fails_at_the_start(game, replayed):
    digests = record_digests(replayed.states, every=1)
    with pytest.raises(ReplayMismatch) as caught:
        replay(game.ruleset, game.decks, game.seed + 1, game.actions, digests=digests)
    assert caught.value.index == 0


def test_a_log_cut_short_of_its_recorded_digests_is_a_mismatch(game, replayed):
    digests = record_digests(replayed.states, every=2)
    cut = game.actions[:10]
    with pytest.raises(ReplayMismatch, match="no such state") as caught:
        replay(game.ruleset, game.decks, game.seed, cut, digests=digests, every=2)
    assert caught.value.index == 12


def test_an_illegal_action_in_the_log_stops_the_replay(game):
    # The opening decision is a Realm Stone placement: passing is never legal there.
    with pytest.raises(IllegalAction):
        replay(game.ruleset, game.decks, game.seed, (Pass(), *game.actions))


@pytest.mark.parametrize("every", [0, -3, 1.5, True])
def test_digest_interval_must_be_a_positive_whole_number(game, every):
    with pytest.raises(ValueError, match="positive whole number"):
        replay(game.ruleset, game.decks, game.seed, (), digests=(), every=every)
