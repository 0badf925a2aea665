"""Random legal play with more than two players, with and without teams (M1–M6), under
both beta rulesets: many actions without raising. Endings and players going out are not
checked here: the games stop at a step budget."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, apply, legal_actions
from games.engine.scenarios import Scenario
from games.engine.setup import new_game
from games.engine.testing.samples import REALMS, sample_deck

STEPS = 300
TABLES = [(3, 0), (4, 0), (6, 0), (4, 2), (6, 3)]


@pytest.mark.parametrize("ruleset", ["beta-2026-07", "beta-2025"])
@pytest.mark.parametrize(("players", "teams"), TABLES, ids=[f"{p}p{t}t" for p, t in TABLES])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_m4_m6_random_play_round_a_bigger_table_never_raises(ruleset, players, teams, seed):
    decks = [sample_deck(REALMS[p % 2], seed + p) for p in range(players)]
    state = new_game(RULESETS[ruleset], decks, seed, Scenario(players=players, teams=teams))
    chooser = random.Random(seed)
    for _ in range(STEPS):
        if state.result is not None:
            break
        state, _ = apply(state, chooser.choice(list(legal_actions(state))))
        if state.combat is not None:
            assert len(state.combat.bonus_dice) == players
    assert state.turn >= 1
