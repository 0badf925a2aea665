"""Ranged attacks (R19, R22, R23)."""

from games.engine import RangedAttack
from games.engine.decisions import ActivationStep, AfterCombat, ChooseLostCards, RemoveOrLose
from games.engine.events import RangedRolled
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder, avatar_card
from tests.games.engine.cards import ARCHER, GUARD, REGROUP, SENTINEL, WARDEN, WAVE_SPIRIT
from tests.games.engine.tables import table


def _table() -> ScenarioBuilder:
    """Realm Stones in far corners, out of range of everything."""
    return table("A7", "I3")


def _archer_aims_at_sentinel(**archer_options) -> ScenarioBuilder:
    """Red's Ash Archer (ranged 2) on b2, two spaces from Blue's Tide Sentinel (defense 2) on d4."""
    return _table().avatar(RED, ARCHER, "b2", **archer_options).avatar(BLUE, SENTINEL, "d4")


def _rolled(scene) -> RangedRolled:
    return next(e for e in scene.events if isinstance(e, RangedRolled))


def test_ranged_attack_reaches_one_to_four_spaces_R19():
    builder = _table().avatar(RED, ARCHER, "b2")
    builder.avatar(BLUE, SENTINEL, "f6").avatar(BLUE, SENTINEL, "g2")
    scene = builder.activation(RED)
    legal = scene.legal()
    assert "b2>>f6" in legal
    assert "b2>>g2" not in legal  # five spaces away


def test_R19_beta_2026_07_a_ranged_attack_targets_only_opponents_avatars():
    builder = _table().avatar(RED, ARCHER, "b2").avatar(RED, WARDEN, "c3")
    legal = builder.avatar(BLUE, SENTINEL, "d4").activation(RED).legal()
    assert "b2>>d4" in legal and "b2>>c3" not in legal


def test_no_ranged_attack_to_or_from_the_spirit_path_R19():
    scene = _table().avatar(RED, ARCHER, "b2").avatar(BLUE, WAVE_SPIRIT, "D4").activation(RED)
    assert not any(">>" in m for m in scene.legal())
    reason = scene.refused(RangedAttack(scene.avatar("b2").card, scene.avatar("D4").card))
    assert "R19" in reason


def test_exhausted_avatar_cannot_make_a_ranged_attack_R19():
    scene = _archer_aims_at_sentinel(exhausted=True).activation(RED)
    assert not any(">>" in m for m in scene.legal())


def test_ranged_dice_are_power_and_bonus_dice_only_no_counters_R22():
    scene = (
        _archer_aims_at_sentinel()
        .counters(RED, "B2 C2 B3 C3")
        .counters(BLUE, "D4 E4 D5 E5")
        .dice(5, 5, 4, 4)
        .activation(RED)
    )
    scene.do("b2>>d4")
    rolled = _rolled(scene)
    assert (len(rolled.attack_dice), len(rolled.defense_dice)) == (2, 2)
    scene.do("remove avatar").done()


def test_ranged_tie_goes_to_defender_R22():
    scene = _archer_aims_at_sentinel().dice(4, 3, 5, 2).activation(RED)
    scene.do("b2>>d4")
    assert _rolled(scene).winner == "Tide Sentinel"
    assert scene.decision == ActivationStep(BLUE)
    assert scene.cards_lost(BLUE) == scene.cards_lost(RED) == 0


def test_ranged_attack_that_loses_costs_nobody_anything_R23():
    scene = _archer_aims_at_sentinel().dice(1, 1, 6, 6).activation(RED)
    scene.do("b2>>d4")
    assert scene.cards_lost(RED) == 0
    assert scene.find("ash-archer") is not None
    assert scene.avatar("b2").exhausted


def test_ranged_win_costs_the_defender_ranged_power_in_cards_R22():
    scene = _archer_aims_at_sentinel().dice(5, 4, 4, 3).activation(RED)
    scene.do("b2>>d4")
    assert scene.decision == RemoveOrLose(BLUE, scene.avatar("d4").card, 2)
    scene.do("keep avatar", "lose deck 2")
    assert scene.cards_lost(BLUE) == 2
    assert scene.at("d4") == "tide-sentinel"  # no retreat after a ranged attack


def test_ranged_double_result_removes_and_still_costs_cards_R23():
    scene = _archer_aims_at_sentinel().dice(6, 6, 3, 3).activation(RED)
    scene.do("b2>>d4")
    scene.expect(ChooseLostCards)
    scene.do("lose deck 2")
    assert scene.find("tide-sentinel") is None


def test_only_the_winning_avatar_uses_an_after_combat_ability_R22():
    archer = avatar_card("Scout Archer", ranged=2, abilities=[REGROUP])
    scene = (
        _table()
        .avatar(RED, archer, "b2")
        .avatar(BLUE, GUARD, "d4")
        .dice(5, 4, 4, 3)
        .activation(RED)
    )
    scene.do("b2>>d4", "keep avatar", "lose deck 2")
    assert scene.decision == AfterCombat(RED, scene.avatar("b2").card)
    scene.do("b2 uses Regroup")
    assert scene.decision == ActivationStep(BLUE)
