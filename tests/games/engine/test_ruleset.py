"""The ruleset options of docs/rules.md keep the defaults of `beta-2026-07`.

Each option's behaviour is pinned both ways where the rule is played out: R9 in
test_recovery, R12 in test_placement, R15 in test_costs, R22 in test_melee, R26 in
test_victory. These pin which way the default game goes.
"""

import pytest

from games.engine import RULESETS, Ruleset


def test_beta_2026_07_is_the_default_ruleset():
    assert RULESETS["beta-2026-07"] == Ruleset(finite_turns=True)


def test_without_finite_turns_is_the_reading_records_stored_before_R9_R16_replay_under():
    # Left out of a stored state while it holds its default: their digests stay.
    assert Ruleset().finite_turns is False
    assert RULESETS["beta-2025"].finite_turns is False


def test_every_player_recovers_by_default_R9():
    assert Ruleset().recovery == "all"


def test_an_unknown_recovery_choice_is_refused_R9():
    with pytest.raises(ValueError, match="recovery must be one of all, turn_player"):
        Ruleset(recovery="nobody")


def test_no_ko_rule_by_default_R12():
    assert Ruleset().ko is False


def test_the_realm_stone_counts_as_a_counter_by_default_R15():
    assert Ruleset().realm_stone_counts is True


def test_the_turn_limit_is_sixty_turns_by_default_R26():
    assert Ruleset().max_turns == 60


def test_a_turn_limit_below_one_is_refused_R26():
    with pytest.raises(ValueError, match="max_turns must be positive"):
        Ruleset(max_turns=0)


def test_with_options_flips_one_option_and_keeps_the_rest():
    flipped = Ruleset().with_options(ko=True)
    assert flipped.ko is True
    assert flipped == Ruleset(ko=True)
