"""Alternating Activation steps, passing and the end of the turn (R13, R14, R19)."""

import pytest

from games.engine import Activate, IllegalAction, Move, apply, legal_actions
from games.engine.cards import AbilitySpec
from games.engine.decisions import ActivationStep, AvatarActivation, FollowUp, PlaceShen
from games.engine.testing.scenario import BLUE, RED, ability, avatar_card
from games.engine.testing.scene import Scene
from tests.games.engine.cards import SENTINEL, WARDEN
from tests.games.engine.tables import table


def _activation() -> Scene:
    """Red's Ember Warden on c3 and Blue's Tide Sentinel on f6, Red to take the first step."""
    return table().avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "f6").activation(RED)


def _runner_with(activated: AbilitySpec) -> Scene:
    """Red's Runner (movement 1) on c3 with one activated ability, Red to step."""
    runner = avatar_card("Runner", movement=1, abilities=[activated])
    return table().avatar(RED, runner, "c3").activation(RED)


def test_players_alternate_steps_starting_with_the_turn_player_R13():
    scene = _activation()
    scene.do("c3-c4")
    assert scene.decision == ActivationStep(BLUE)
    scene.do("f6-f5")
    assert scene.decision == ActivationStep(RED)


def test_passing_does_not_lock_a_player_out_R13():
    scene = _activation()
    scene.do("pass", "f6-f5")
    assert scene.decision == ActivationStep(RED)
    scene.do("c3-c4")
    assert scene.at("c4") == "ember-warden"


def test_turn_ends_when_all_players_pass_in_succession_R13():
    scene = _activation()
    scene.do("pass", "pass")
    assert scene.state.turn == 2
    assert scene.state.turn_player == BLUE
    assert isinstance(scene.decision, PlaceShen)
    assert scene.decision.player == BLUE


def test_an_avatar_is_activated_at_most_once_per_turn_R14():
    scene = _activation()
    scene.do("c3-c4", "pass")
    assert not any(m.startswith("c4-") for m in scene.legal())
    reason = scene.refused(Move(scene.avatar("c4").card, scene.space("c5")))
    assert "already been activated" in reason and "R14" in reason


def test_activation_without_exhausting_still_counts_R14():
    scene = _activation()
    scene.do("c3-c4")
    assert not scene.avatar("c4").exhausted
    assert scene.avatar("c4").activated


def test_ability_before_a_move_exhausts_and_the_move_follows_R19():
    surge = ability(
        "Surge", "activated", {"verb": "modify_trait", "trait": "movement", "amount": 2}
    )
    scene = _runner_with(surge)
    scene.do("c3 uses Surge")
    scene.expect(FollowUp)
    assert scene.avatar("c3").exhausted
    # movement 1 + 2 − 1 for being exhausted = 2
    assert "c3-c5" in scene.legal()
    scene.do("c3-c5")
    assert scene.decision == ActivationStep(BLUE)


def test_ability_after_a_move_R19():
    rally = ability("Rally", "activated", {"verb": "draw_cards", "count": 1})
    scene = _runner_with(rally)
    scene.do("c3-c4")
    scene.expect(FollowUp)
    scene.do("c4 uses Rally")
    assert len(scene.state.hands[RED]) == 3
    assert scene.avatar("c4").exhausted
    assert scene.decision == ActivationStep(BLUE)


def test_a_step_offers_to_activate_each_avatar_not_yet_activated_R13():
    scene = table().avatar(RED, WARDEN, "c3").avatar(RED, SENTINEL, "e3").activation(RED)
    scene.do("c3-c4", "pass")
    actions = legal_actions(scene.state)
    assert Activate(scene.avatar("e3").card) in actions
    assert Activate(scene.avatar("c4").card) not in actions
    assert not any(isinstance(action, Move) for action in actions)


def test_activating_asks_what_that_avatar_does_R19():
    scene = _activation()
    scene.do("activate c3")
    assert scene.decision == AvatarActivation(RED, scene.avatar("c3").card)
    assert {"c3-c4", "done"} <= set(scene.legal())
    assert not any(m.startswith("f6") for m in scene.legal())
    assert scene.log()[-1] == "Red activates Ember Warden on c3"
    scene.do("c3-c4")
    assert scene.decision == ActivationStep(BLUE)


def test_an_activation_may_end_doing_nothing_and_still_counts_R14():
    scene = _activation()
    scene.do("activate c3", "done")
    assert scene.decision == ActivationStep(BLUE)
    assert scene.avatar("c3").activated
    assert not scene.avatar("c3").exhausted


def test_an_activation_with_nothing_to_do_ends_by_itself_R14():
    statue = avatar_card("Statue", movement=0)
    scene = table().avatar(RED, statue, "c3").activation(RED)
    scene.do("activate c3")
    assert scene.decision == ActivationStep(BLUE)
    assert scene.avatar("c3").activated


def test_only_the_activated_avatar_acts_in_its_activation_R19():
    scene = table().avatar(RED, WARDEN, "c3").avatar(RED, SENTINEL, "e3").activation(RED)
    scene.do("activate c3")
    reason = scene.refused(Move(scene.avatar("e3").card, scene.space("e4")))
    assert "Ember Warden" in reason
    scene.do("done")


def test_a_move_without_activating_first_is_refused_R13():
    scene = _activation()
    move = Move(scene.avatar("c3").card, scene.space("c4"))
    with pytest.raises(IllegalAction, match="activate the Avatar first"):
        apply(scene.state, move)


def test_a_move_written_alone_activates_its_avatar_first():
    scene = _activation()
    scene.do("c3-c4")
    assert scene.log()[-2:] == ["Red activates Ember Warden on c3", "Ember Warden moves c3-c4"]
