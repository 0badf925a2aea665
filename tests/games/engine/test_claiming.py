"""Claiming anchor points (R19, R20) and winning by holding them all."""

from games.engine import Claim
from games.engine.decisions import ChooseLostCards
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from tests.games.engine.cards import WARDEN
from tests.games.engine.tables import table


def _table(anchors: tuple[str, ...] | None = None) -> ScenarioBuilder:
    """Realm Stones on D4 and F6, clear of the four corner anchor points."""
    return table("D4", "F6", anchors=anchors)


def test_ready_avatar_on_an_anchor_point_claims_it_and_is_exhausted_R20():
    scene = _table().avatar(RED, WARDEN, "a1").activation(RED)
    scene.do("a1 claims")
    assert scene.holder("a1") == RED
    assert scene.avatar("a1").exhausted
    assert scene.cards_lost(BLUE) == 0  # the first anchor costs nothing
    scene.done()


def test_each_further_anchor_costs_the_opponent_one_more_card_R20():
    scene = _table().holds(RED, "h1").holds(RED, "a8").avatar(RED, WARDEN, "a1").activation(RED)
    scene.do("a1 claims")
    scene.expect(ChooseLostCards)
    assert scene.decision.count == 2  # Red now holds three
    scene.do("lose deck 2")
    assert scene.cards_lost(BLUE) == 2


def test_claim_needs_the_avatar_there_ready_since_the_phase_began_R20():
    scene = _table().avatar(RED, WARDEN, "a1", arrived=True).activation(RED)
    assert "a1 claims" not in scene.legal()
    reason = scene.refused(Claim(scene.avatar("a1").card))
    assert "R20" in reason


def test_exhausted_avatar_cannot_claim_R20():
    scene = _table().avatar(RED, WARDEN, "a1", exhausted=True).activation(RED)
    assert "a1 claims" not in scene.legal()


def test_previously_claimed_anchor_can_be_claimed_by_the_other_player_R20():
    scene = _table().holds(BLUE, "a1").avatar(RED, WARDEN, "a1").activation(RED)
    scene.do("a1 claims")
    assert scene.holder("a1") == RED


def test_claim_marker_is_not_a_shen_counter_R20():
    scene = _table().avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    assert scene.counters(RED) == ""


def test_holding_every_anchor_point_wins_at_once_R20():
    builder = _table().holds(RED, "h1").holds(RED, "a8").holds(RED, "h8")
    scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    assert scene.state.result.winner == RED
    assert scene.state.result.reason == "anchors"
    assert scene.legal() == []


def test_scenario_with_one_anchor_point_is_won_by_one_claim_R5():
    scene = _table(anchors=("b7",)).avatar(RED, WARDEN, "b7").activation(RED).do("b7 claims")
    assert scene.state.result.winner == RED
