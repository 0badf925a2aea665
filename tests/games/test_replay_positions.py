"""A replay's states are served from the match's checkpoints at bounded cost, equal to the
record replayed from the start; checkpoints are named by the record's digests."""

import pytest

from games.matches.records import (
    checkpoint_every,
    match_replayed,
    replay_position,
    replay_positions,
)
from games.matches.services import match_create
from games.models import Match, Mode
from games.play import GAMES, RecordMismatch
from tests.games.helpers import played_to_the_end

SHEN = type(GAMES["shen"])


@pytest.fixture
def finished(alice, alices_deck) -> Match:
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=11)
    match = played_to_the_end(match, seed=2)
    assert match.number > 3 * checkpoint_every(match)
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def applied(monkeypatch):
    """How many actions the game applies from here on."""
    count = [0]
    apply = SHEN.apply

    def counted(self, state, action):
        count[0] += 1
        return apply(self, state, action)

    monkeypatch.setattr(SHEN, "apply", counted)
    return count


def test_every_state_served_is_the_records_state_with_its_events(finished):
    game = GAMES["shen"]
    whole = match_replayed(finished)
    for number in (0, 1, 9, 10, 49, 50, 51, finished.number - 1, finished.number, 7, 0):
        position = replay_position(finished, number)
        assert position.number == number
        assert game.digest(position.state) == game.digest(whole.states[number])
        assert position.log[-1] == (number, whole.events[number])


def test_once_a_record_is_checkpointed_a_state_costs_fewer_actions_than_a_checkpoint_apart(
    finished, applied
):
    replay_position(finished, finished.number - 1)  # checkpoints the whole record
    stride = checkpoint_every(finished)
    for number in range(finished.number):
        applied[0] = 0
        replay_position(finished, number)
        assert applied[0] == number % stride < stride


def test_a_missing_checkpoint_is_rebuilt_from_the_nearest_before_it(finished, applied):
    stride = checkpoint_every(finished)
    replay_position(finished, stride + 1)
    applied[0] = 0
    replay_position(finished, 3 * stride + 2)
    assert applied[0] == 2 * stride + 2


def test_a_checkpoint_is_never_served_for_a_record_whose_digest_changed(finished):
    """A checkpoint is named by its state's stored digest: once that changes (an undo, a
    changed row), the checkpoint is not read, and the record is checked again."""
    stride = checkpoint_every(finished)
    replay_position(finished, stride + 1)
    slot = stride // finished.digest_every
    finished.digests = [*finished.digests[:slot], "0" * 16, *finished.digests[slot + 1 :]]
    with pytest.raises(RecordMismatch):
        replay_position(finished, stride + 1)


def test_a_window_of_states_is_each_the_records_state_with_its_events(finished):
    game = GAMES["shen"]
    whole = match_replayed(finished)
    stride = checkpoint_every(finished)
    for first, last in ((0, 0), (stride - 3, stride + 4), (finished.number - 5, finished.number)):
        positions = replay_positions(finished, first, last)
        assert [position.number for position in positions] == list(range(first, last + 1))
        for position in positions:
            assert game.digest(position.state) == game.digest(whole.states[position.number])
            assert position.log == ((position.number, whole.events[position.number]),)


def test_a_window_of_states_is_played_forward_once_from_the_checkpoint_before_it(finished, applied):
    stride = checkpoint_every(finished)
    replay_positions(finished, 0, finished.number)  # checkpoints the whole record
    applied[0] = 0
    replay_positions(finished, stride + 2, stride + 11)
    assert applied[0] == 11


def test_a_window_outside_the_record_is_refused(finished):
    for first, last in ((-1, 3), (5, 4), (0, finished.number + 1)):
        with pytest.raises(ValueError):
            replay_positions(finished, first, last)


def test_the_replay_page_serves_states_at_a_rate(client, alice, finished, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "replay": "2/minute"},
    }
    client.force_login(alice)
    pages = [client.get(f"/games/{finished.pk}/replay/?at={at}") for at in (1, 2, 3)]
    assert [page.status_code for page in pages] == [200, 200, 429]
    assert "Too many replay states asked for" in pages[2].content.decode()
    assert pages[2]["Retry-After"]
