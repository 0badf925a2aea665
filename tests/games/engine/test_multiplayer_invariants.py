"""Invariants of games of 3 to 6 players and of teams (M1–M9), Hypothesis picking seeds.

Every game: never raises, ends within its turn limit, replays identically, is the same
game from the same inputs, passes only through valid positions with every card
accounted for, and shows each seat nothing of any other seat's hand (team-mates'
included, M9). Random bots play every seat; ``test_every_game_ends`` has the others.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    RULESETS,
    GreedyBot,
    RandomBot,
    SearchBot,
    apply,
    legal_actions,
    play_game,
    start_game,
    view_for,
)
from games.engine.bots.determinize import determinize
from games.engine.bots.roster import quick_search
from games.engine.bots.search import on_side
from games.engine.codec import state_digest
from games.engine.replay import replay
from games.engine.scenarios import Scenario
from games.engine.seats import seats
from games.engine.testing.samples import sample_table
from games.engine.testing.scenario import BLUE, GREEN, RED, YELLOW, ScenarioBuilder
from games.engine.view import HIDDEN
from tests.games.engine.test_invariants import check_cards_are_conserved, check_valid_positions

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


# -- every bot at a bigger table (issue 19: each sees only its own view) -------------

BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "quick-search": quick_search,
    "search": lambda seed: SearchBot(seed, playouts=4, max_actions=200),
}


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("players, teams", [(3, 0), (4, 2)], ids=lambda v: str(v))
@settings(max_examples=2, deadline=None)
@given(seed=seeds)
def test_every_bot_plays_any_seat_of_a_table_game(bot, players, teams, seed):
    rules = RULESETS["beta-2026-07"].with_options(max_turns=2)
    decks = sample_table("beta-2026-07", seed, players)
    scenario = Scenario(players=players, teams=teams)
    # The bot under test in every seat but one, a random bot in that one.
    bots = [BOTS[bot](seed + p) if p else RandomBot(seed) for p in range(players)]
    final, actions, _ = play_game(rules, decks, seed, bots, scenario=scenario)
    assert final.result is not None
    again = replay(rules, decks, seed, actions, scenario=scenario)
    assert state_digest(again.final) == state_digest(final)


def test_a_bots_world_hides_every_other_seat_team_mates_too_M9():
    rules = RULESETS["beta-2026-07"]
    decks = sample_table("beta-2026-07", 3, 4)
    state, _ = start_game(rules, decks, 3, Scenario(players=4, teams=2))
    while state.phase == "setup":
        state, _ = apply(state, legal_actions(state)[0])
    view = view_for(state, RED)
    world, _ = determinize(view, RED, 7)
    assert world.hands[RED] == state.hands[RED]
    for seat in (BLUE, GREEN, YELLOW):
        assert len(world.hands[seat]) == len(state.hands[seat])
        assert HIDDEN not in world.hands[seat]
    check_cards_are_conserved(world)


def test_search_is_paranoid_with_team_mates_on_its_side():
    scene = ScenarioBuilder(players=4, teams=2).activation(RED)
    assert on_side(scene.state, RED, RED) and on_side(scene.state, RED, GREEN)
    assert not on_side(scene.state, RED, BLUE) and not on_side(scene.state, RED, YELLOW)
