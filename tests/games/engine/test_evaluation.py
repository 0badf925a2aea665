"""The evaluation the greedy and search bots judge positions by (engine/bots/evaluation.py)."""

import pytest

from games.engine.bots.evaluation import WIN, chance, evaluate, win_chance
from games.engine.state import Result, evolve
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import SENTINEL, WARDEN
from tests.games.engine.tables import bare_table


def _even():
    """Two equal sides: the same cards, one Avatar each, mirrored."""
    builder = bare_table("D4", "F6").fill(RED, hand=3, deck=10).fill(BLUE, hand=3, deck=10)
    return builder.avatar(RED, WARDEN, "c3").avatar(BLUE, WARDEN, "f6")


def test_a_position_is_worth_to_one_player_what_it_costs_the_other():
    state = _even().counters(RED, "B2").activation(RED).state
    assert evaluate(state, RED) == pytest.approx(-evaluate(state, BLUE))
    assert win_chance(state, RED) == pytest.approx(1 - win_chance(state, BLUE))


def test_a_finished_game_scores_a_win_a_loss_or_a_draw_R25():
    state = _even().activation(RED).state
    assert evaluate(evolve(state, result=Result(RED, "anchors")), RED) == WIN
    assert evaluate(evolve(state, result=Result(RED, "anchors")), BLUE) == -WIN
    assert evaluate(evolve(state, result=Result(None, "out_of_cards")), RED) == 0
    assert win_chance(evolve(state, result=Result(BLUE, "out_of_cards")), RED) == 0


def test_more_cards_left_is_better_R25():
    richer = _even().fill(RED, deck=2).activation(RED).state
    assert evaluate(richer, RED) > evaluate(_even().activation(RED).state, RED)


def test_an_anchor_held_is_better_R20():
    held = _even().holds(RED, "a1").activation(RED).state
    assert evaluate(held, RED) > evaluate(_even().activation(RED).state, RED)


def test_an_avatar_in_play_is_worth_more_than_the_card_it_cost_R25():
    in_hand = _even().hand(RED, SENTINEL).activation(RED).state
    in_play = _even().avatar(RED, SENTINEL, "b6").activation(RED).state
    assert evaluate(in_play, RED) > evaluate(in_hand, RED)


def test_a_counter_one_placement_from_capture_is_a_liability_R11():
    safe = _even().counters(RED, "E1").activation(RED).state
    threatened = _even().counters(RED, "E1").counters(BLUE, "D1 F1").activation(RED).state
    alone = _even().counters(BLUE, "D1 F1").activation(RED).state
    # Blue's two counters are worth the same in both; Red's one is worth less in atari.
    assert evaluate(threatened, RED) - evaluate(alone, RED) < evaluate(safe, RED) - evaluate(
        _even().activation(RED).state, RED
    )


def test_chance_is_one_half_for_an_even_score_and_grows_with_it():
    assert chance(0) == 0.5
    assert 0.5 < chance(1) < chance(5) < 1
