"""Random games (Hypothesis picks the seeds), every ruleset: the parts of every roll's
pools add up to the dice rolled, and name only cards of the game (R18, R22)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, MeleeRolled, RangedRolled
from games.engine.testing.samples import sample_game

# Every part a pool may hold, and those that are counted from the board or the trait.
WHATS = {"melee", "defense", "ranged", "ability", "item", "attached", "turn", "exhausted"}
WHATS |= {"floor", "shen", "realm_stone", "bonus"}
TRAIT_PARTS = {"melee", "defense", "ranged", "ability", "item", "attached", "turn"}
TRAIT_PARTS |= {"exhausted", "floor"}


def _rolls(game):
    return [
        event
        for batch in game.events
        for event in batch
        if isinstance(event, MeleeRolled | RangedRolled)
    ]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_r22_the_parts_of_each_pool_sum_to_the_dice_rolled(ruleset, seed):
    game = sample_game(seed, ruleset_name=ruleset)
    names = {card.name for deck in game.decks for card in deck.cards}
    for rolled in _rolls(game):
        for pool, dice in (
            (rolled.attack_pool, rolled.attack_dice),
            (rolled.defense_pool, rolled.defense_dice),
        ):
            assert pool.count == len(dice)
            assert {part.what for part in pool.parts} <= WHATS
            assert {part.card for part in pool.parts if part.card} <= names
            # R18: the trait, all its changes counted, is never below 0.
            assert sum(p.amount for p in pool.parts if p.what in TRAIT_PARTS) >= 0
            assert pool.player in ("Red", "Blue")
        for tied in rolled.rerolled:
            assert len(tied.attack_dice) == rolled.attack_pool.count
            assert len(tied.defense_dice) == rolled.defense_pool.count
            assert sum(tied.attack_dice) == sum(tied.defense_dice)
        assert rolled.ties in ("defender", "reroll")
