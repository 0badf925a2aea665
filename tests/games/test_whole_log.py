"""A match's whole log, turn by turn (games.matches.whole_log): each reader reads what
their table showed them while the match is played, everything once it is over; a
resignation closes it in words; turns start where the game's turn changes."""

import pytest

from games.matches.records import match_replayed
from games.matches.services import match_act, match_create, match_resign
from games.matches.whole_log import EVERYTHING, reader_of, whole_log_for
from games.models import Mode
from games.play import GAMES
from tests.factories.decks import UserFactory
from tests.games.engine.unseen import hidden_throughout, without_names_seen_throughout
from tests.games.helpers import legal_json, played_to_the_end


def lines_of(log) -> list[str]:
    return [line for turn in log.turns for entry in turn.entries for line in entry.lines]


@pytest.fixture
def friend_match(friend_match_played):
    return friend_match_played


def test_a_player_reads_their_own_seats_log_and_a_third_user_a_spectators(friend_match):
    match = friend_match
    carol = UserFactory(username="carol")
    assert reader_of(match, match.red_user) == 0
    assert reader_of(match, match.blue_user) == 1
    assert reader_of(match, carol) is None
    game = GAMES["shen"]
    replayed = match_replayed(match)
    for user, seat in ((match.red_user, 0), (match.blue_user, 1), (carol, None)):
        told = [
            game.log_line(event)
            for events in replayed.events
            for event in game.events_for(events, seat)
        ]
        assert lines_of(whole_log_for(match, user)) == told
        text = without_names_seen_throughout(" ".join(told), replayed.states, seat)
        assert not any(name in text for name in hidden_throughout(replayed.states, seat))


def test_the_owner_of_a_hotseat_match_in_play_reads_a_spectators_log(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    assert reader_of(match, alice) is None


def test_once_a_match_is_over_everyone_reads_everything(friend_match):
    match = played_to_the_end(friend_match, seed=2)
    game = GAMES["shen"]
    replayed = match_replayed(match)
    everything = [game.log_line(event) for events in replayed.events for event in events]
    for user in (match.red_user, match.blue_user, UserFactory(username="carol")):
        assert reader_of(match, user) == EVERYTHING
        assert lines_of(whole_log_for(match, user)) == everything


def test_turns_start_where_the_games_turn_changes_R8(alice, alices_deck):
    match = played_to_the_end(
        match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=11), seed=2
    )
    states = match_replayed(match).states
    log = whole_log_for(match, alice)
    starts = [0] + [n for n in range(1, len(states)) if states[n].turn != states[n - 1].turn]
    assert list(log.starts) == starts
    assert [turn.turn for turn in log.turns] == [states[n].turn for n in starts]
    assert log.turns[0].title == "Set-up"
    assert log.turns[1].title == f"Turn 1 · {('Red', 'Blue')[states[starts[1]].turn_player]}"
    assert log.turns_played == states[-1].turn
    for turn, after in zip(log.turns, (*starts[1:], len(states)), strict=True):
        assert all(turn.start <= entry.number < after for entry in turn.entries)


def test_the_turn_before_and_after_a_state(alice, alices_deck):
    match = played_to_the_end(
        match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=11), seed=2
    )
    log = whole_log_for(match, alice)
    first, second, third = log.starts[:3]
    assert log.turn_before(first) is None
    assert log.turn_before(second) == first
    assert log.turn_before(second + 1) == second  # first to the start of the turn shown
    assert log.turn_after(first) == second
    assert log.turn_after(second - 1) == second
    assert log.turn_after(second) == third
    assert log.turn_after(match.number) is None


def test_a_resignation_closes_the_log_in_words(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3)
    match_resign(match=match, user=alice)
    entry = whole_log_for(match, alice).turns[-1].entries[-1]
    assert (entry.number, entry.lines) == (match.number, ("Red resigned: Blue wins",))


@pytest.mark.parametrize("first_turn", ["me", "opponent"])
def test_a_chosen_first_turn_tells_no_roll_R6(alice, alices_deck, first_turn):
    match = match_create(
        owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn=first_turn
    )
    lines = lines_of(whole_log_for(match, alice))
    assert not any("Rolls for first player" in line for line in lines)
    assert any("(the first turn was chosen)" in line for line in lines)


def test_the_whole_log_is_built_once_for_a_match_as_it_stands(alice, alices_deck, monkeypatch):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    built = []
    real = match_replayed
    monkeypatch.setattr(
        "games.matches.whole_log.match_replayed", lambda m: built.append(m.pk) or real(m)
    )
    whole_log_for(match, alice)
    whole_log_for(match, alice)
    assert len(built) == 1
    match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    assert whole_log_for(match, alice).last == 1
    assert len(built) == 2
