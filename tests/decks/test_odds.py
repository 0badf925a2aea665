"""Hypergeometric draw odds, checked against figures worked out by hand."""

import random
from fractions import Fraction
from math import comb

import pytest

from decks.odds import (
    OddsError,
    cards_seen_by_turn,
    chance_by_turn,
    chance_in_opening_hand,
    deck_draw_chances,
    draw_sample_hand,
    probability_at_least,
)


def test_four_copies_in_forty_card_opening_seven_matches_hand_figure():
    # 1 - C(36,7)/C(40,7) = 1 - (33·32·31·30)/(40·39·38·37) = 1 - 982080/2193360
    chance = probability_at_least(40, 4, 7)
    assert chance == 1 - Fraction(982_080, 2_193_360)
    assert float(chance) == pytest.approx(0.552248, abs=1e-6)


def test_three_copies_in_forty_card_opening_seven_matches_hand_figure():
    # 1 - C(37,7)/C(40,7) = 1 - (33·32·31)/(40·39·38)
    assert chance_in_opening_hand(deck_size=40, copies=3) == 1 - Fraction(32_736, 59_280)


def test_at_least_two_subtracts_exactly_one_hit():
    # P(X>=2) = 1 - P(X=0) - P(X=1); P(X=1) = 4·C(36,6)/C(40,7) = 4·1947792/18643560
    expected = 1 - Fraction(8_347_680, 18_643_560) - Fraction(4 * 1_947_792, 18_643_560)
    assert probability_at_least(40, 4, 7, k=2) == expected
    assert float(expected) == pytest.approx(0.134347, abs=1e-6)


def test_exact_formula_agrees_with_comb_for_sixty_card_deck():
    assert probability_at_least(60, 3, 7) == 1 - Fraction(comb(57, 7), comb(60, 7))


def test_no_copies_means_no_chance():
    assert probability_at_least(40, 0, 7) == 0


def test_drawing_the_whole_deck_is_certain():
    assert probability_at_least(10, 1, 25) == 1


def test_more_successes_than_cards_is_an_error():
    with pytest.raises(OddsError):
        probability_at_least(5, 6, 3)


def test_negative_counts_are_an_error():
    with pytest.raises(OddsError):
        probability_at_least(40, -1, 7)


def test_turn_one_has_seen_only_the_opening_hand():
    assert cards_seen_by_turn(1) == 7


def test_each_later_turn_refills_the_cards_played():
    assert cards_seen_by_turn(3, played_per_turn=2) == 11
    assert cards_seen_by_turn(4, played_per_turn=7) == 28


def test_turn_zero_is_an_error():
    with pytest.raises(OddsError):
        cards_seen_by_turn(0)


def test_playing_more_than_a_hand_is_an_error():
    with pytest.raises(OddsError):
        cards_seen_by_turn(2, played_per_turn=8)


def test_by_turn_three_playing_two_a_turn_matches_hand_figure():
    # 11 seen: 1 - C(36,11)/C(40,11) = 1 - (29·28·27·26)/(40·39·38·37)
    chance = chance_by_turn(deck_size=40, copies=4, turn=3, played_per_turn=2)
    assert chance == 1 - Fraction(570_024, 2_193_360)
    assert float(chance) == pytest.approx(0.740113, abs=1e-6)


def test_deck_draw_chances_give_opening_and_by_turn_figures():
    [line] = deck_draw_chances([("Avatar cost ≤ 2", 4)], deck_size=40, turn=3, played_per_turn=2)
    assert line.in_opening_hand == 1 - Fraction(982_080, 2_193_360)
    assert line.by_turn == 1 - Fraction(570_024, 2_193_360)


def test_sample_hand_draws_seven_of_the_copies():
    hand = draw_sample_hand([("a", 3), ("b", 10)], random.Random(1))
    assert len(hand) == 7
    assert hand.count("a") <= 3


def test_sample_hand_of_a_small_deck_is_the_whole_deck():
    assert sorted(draw_sample_hand([("a", 2), ("b", 1)], random.Random(1))) == ["a", "a", "b"]
