"""The seeded random bot and whole games played by bots."""

import pytest

from games.engine import RULESETS, legal_actions, start_game
from games.engine.bots import GameStalled, RandomBot, play_game
from games.engine.testing.samples import sample_decks, sample_game


@pytest.fixture(scope="module")
def game():
    return sample_game(seed=5, max_turns=4)


def _opening():
    state, _ = start_game(RULESETS["beta-2026-07"], sample_decks(3), 3)
    return state


def test_random_bot_picks_one_of_the_legal_actions():
    state = _opening()
    assert RandomBot(1).choose(state) in legal_actions(state)


def test_bots_with_the_same_seed_choose_the_same_actions():
    state = _opening()
    one, two = RandomBot(42), RandomBot(42)
    assert [one.choose(state) for _ in range(20)] == [two.choose(state) for _ in range(20)]


def test_bots_with_other_seeds_choose_differently():
    state = _opening()
    picks = {tuple(RandomBot(seed).choose(state) for _ in range(5)) for seed in range(6)}
    assert len(picks) > 1


def test_same_seeds_play_the_same_game(game):
    again = sample_game(seed=5, max_turns=4)
    assert (again.actions, again.events, again.final) == (game.actions, game.events, game.final)


def test_a_bot_game_ends_with_a_result_within_the_turn_limit(game):
    assert game.final.result is not None
    assert game.final.turn <= game.ruleset.max_turns


def test_play_game_gives_the_setup_events_then_one_entry_per_action(game):
    assert len(game.events) == len(game.actions) + 1
    assert type(game.events[0][0]).__name__ == "FirstPlayerRolled"


def test_a_game_that_runs_past_its_action_budget_is_reported():
    bots = (RandomBot(1), RandomBot(2))
    with pytest.raises(GameStalled, match="no result after 5 actions"):
        play_game(RULESETS["beta-2026-07"], sample_decks(3), 3, bots, max_actions=5)
