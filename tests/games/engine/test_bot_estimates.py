"""The greedy bot's shortlist: placements and moves estimated before they are played.

An estimate is the evaluation's change of score worked out from the position alone
(games/engine/bots/estimates.py); these tests hold it to the evaluation's own
figures, so that ranking by it ranks as playing forward would.
"""

import pytest

from games.engine import GreedyBot, apply, legal_actions
from games.engine.actions import PASS, Move, PlaceCounter
from games.engine.bots.estimates import (
    EVERY_OPTION,
    SHORTLIST,
    Shortlist,
    move_gain,
    placement_gain,
)
from games.engine.bots.evaluation import WEIGHTS, evaluate
from games.engine.decisions import AvatarActivation
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import WARDEN
from tests.games.engine.tables import bare_table, table


def _capture_on_offer():
    """Blue's lone counter on E5 has one liberty left, E6; Red is to place."""
    builder = bare_table("C3", "G7").fill(RED, hand=2, deck=10).fill(BLUE, deck=10)
    return builder.counters(RED, "D5 F5 E4").counters(BLUE, "E5").placement(RED)


def _change(scene, action, player=RED) -> float:
    state = scene.state
    after, _ = apply(state, action)
    return evaluate(after, player) - evaluate(state, player)


def test_a_capture_is_estimated_at_the_opponents_card_and_counter_R12():
    # Blue's captured counter costs it a card and a counter, and no longer counts
    # against it as a counter in atari.
    scene = _capture_on_offer()
    capture = placement_gain(scene.state, RED, scene.vertex("E6"), WEIGHTS)
    plain = placement_gain(scene.state, RED, scene.vertex("B8"), WEIGHTS)
    assert plain == pytest.approx(WEIGHTS.counter)
    assert capture - plain == pytest.approx(WEIGHTS.card + WEIGHTS.counter - WEIGHTS.in_atari)
    assert capture == pytest.approx(_change(scene, PlaceCounter(scene.vertex("E6"))))


def test_a_placement_estimate_is_the_evaluations_change_R11():
    # Every legal placement here: plain ones, the capture, and those next to Blue's
    # counter that change who is in atari.
    scene = _capture_on_offer()
    for action in legal_actions(scene.state):
        if isinstance(action, PlaceCounter) and action.vertex != scene.vertex("E6"):
            estimate = placement_gain(scene.state, RED, action.vertex, WEIGHTS)
            assert estimate == pytest.approx(_change(scene, action)), action


def test_putting_a_counter_in_atari_is_estimated_as_the_evaluation_counts_it_R11():
    # Red's E5 stands alone with two liberties left, E6 and F5... after Blue's D5, E4.
    builder = bare_table("C3", "G7").fill(RED, deck=10).fill(BLUE, hand=2, deck=10)
    scene = builder.counters(BLUE, "D5 E4").counters(RED, "E5").placement(BLUE)
    squeeze = placement_gain(scene.state, BLUE, scene.vertex("F5"), WEIGHTS)
    assert squeeze == pytest.approx(WEIGHTS.counter + WEIGHTS.in_atari)
    assert squeeze == pytest.approx(_change(scene, PlaceCounter(scene.vertex("F5")), BLUE))


def test_a_move_estimate_is_the_evaluations_change_R21():
    scene = table("D4", "F6").avatar(RED, WARDEN, "c3").activation(RED)
    warden = scene.avatar("c3").card
    scene.do("activate c3")
    moves = [a for a in legal_actions(scene.state) if isinstance(a, Move)]
    assert moves
    for action in moves:
        assert move_gain(scene.state, action, WEIGHTS) == pytest.approx(_change(scene, action))
    assert all(action.avatar == warden for action in moves)
    scene.expect(AvatarActivation)


def test_the_shortlist_keeps_the_best_placements_and_every_other_option():
    scene = _capture_on_offer()
    actions = legal_actions(scene.state)
    kept = SHORTLIST.of(scene.state, actions, RED, WEIGHTS)
    placements = [a for a in kept if isinstance(a, PlaceCounter)]
    assert len(placements) == SHORTLIST.placements
    assert PlaceCounter(scene.vertex("E6")) in placements
    assert PASS in kept
    assert kept == [a for a in actions if a in kept]  # the engine's order kept


def test_every_option_shortlists_everything():
    scene = _capture_on_offer()
    actions = legal_actions(scene.state)
    assert list(EVERY_OPTION.of(scene.state, actions, RED, WEIGHTS)) == list(actions)


def test_a_shortlist_of_one_placement_still_finds_the_capture_R12():
    scene = _capture_on_offer()
    bot = GreedyBot(1, shortlist=Shortlist(placements=1, moves=1))
    assert bot.choose(scene.state) == PlaceCounter(scene.vertex("E6"))
