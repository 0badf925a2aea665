"""Invariants of games of 3 to 6 players and of teams (M1–M9), Hypothesis picking seeds.

Every game: never raises, ends within its turn limit, replays identically, is the same
game from the same inputs, passes only through valid positions with every card
accounted for, and shows each seat nothing of any other seat's hand (team-mates'
included, M9). Random bots play every seat; ``test_every_game_ends`` has the others.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, RandomBot, play_game, view_for
from games.engine.codec import state_digest
from games.engine.replay import replay
from games.engine.scenarios import Scenario
from games.engine.seats import seats
from games.engine.testing.samples import sample_table
from games.engine.view import HIDDEN
from tests.games.engine.test_invariants import check_valid_positions

seeds = st.integers(min_value=0, max_value=2**31)
# (players, teams): free-for-all games of 3, 4 and 6, and 2v2, 3v3 and three pairs.
TABLES = [(3, 0), (4, 0), (6, 0), (4, 2), (6, 2), (6, 3)]
every_table = pytest.mark.parametrize("players, teams", TABLES, ids=lambda v: str(v))
every_ruleset = pytest.mark.parametrize("ruleset", ["beta-2026-07", "beta-2025"])
# Short games keep the suite quick: turns of one action (R27) are short.
TURNS = {"beta-2026-07": 3, "beta-2025": 60}


def table_game(ruleset: str, players: int, teams: int, seed: int):
    rules = RULESETS[ruleset].with_options(max_turns=TURNS[ruleset])
    decks = sample_table(ruleset, seed, players)
    scenario = Scenario(players=players, teams=teams)
    bots = [RandomBot(seed * 13 + p) for p in range(players)]
    final, actions, events = play_game(rules, decks, seed, bots, scenario=scenario)
    return rules, decks, scenario, final, actions, events


@every_ruleset
@every_table
@settings(max_examples=4, deadline=None)
@given(seed=seeds)
def test_table_games_end_and_replay_identically(ruleset, players, teams, seed):
    rules, decks, scenario, final, actions, events = table_game(ruleset, players, teams, seed)
    assert final.result is not None
    assert 1 <= final.turn <= rules.max_turns
    again = replay(rules, decks, seed, actions, scenario=scenario)
    assert again.events == events
    assert state_digest(again.final) == state_digest(final)


@every_ruleset
@every_table
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_table_games_are_the_same_game_from_the_same_inputs(ruleset, players, teams, seed):
    first = table_game(ruleset, players, teams, seed)
    second = table_game(ruleset, players, teams, seed)
    assert first[4] == second[4]
    assert state_digest(first[3]) == state_digest(second[3])


@every_ruleset
@every_table
@settings(max_examples=3, deadline=None)
@given(seed=seeds)
def test_table_games_only_reach_valid_positions(ruleset, players, teams, seed):
    rules, decks, scenario, _, actions, _ = table_game(ruleset, players, teams, seed)
    check_valid_positions(replay(rules, decks, seed, actions, scenario=scenario))


@every_ruleset
@every_table
@settings(max_examples=2, deadline=None)
@given(seed=seeds)
def test_m9_each_seat_sees_only_its_own_hand(ruleset, players, teams, seed):
    rules, decks, scenario, _, actions, _ = table_game(ruleset, players, teams, seed)
    states = replay(rules, decks, seed, actions, scenario=scenario).states
    for state in states[:: max(1, len(states) // 12)]:
        for seat in seats(state):
            view = view_for(state, seat)
            assert view.hands[seat] == state.hands[seat]
            for other in seats(state):
                if other != seat:
                    assert set(view.hands[other]) <= {HIDDEN}, (seat, other)
                    assert len(view.hands[other]) == len(state.hands[other])
