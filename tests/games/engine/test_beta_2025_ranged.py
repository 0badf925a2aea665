"""The earlier rulesets' ranged attacks, read from their own texts: a tie goes to the
defender (R22), no after-combat ability follows (R23), and "any other Avatar" may be read
literally (R19, a match option). beta-2026-07's counterparts are in test_ranged.py."""

import pytest

from games.engine import RULESETS, RangedAttack
from games.engine.decisions import AfterCombat, ChooseLostCards, CombatWindow, TakeTurn
from games.engine.events import RangedRolled
from games.engine.testing.scenario import BLUE, RED, action_card, avatar_card
from tests.games.engine.cards import ARCHER, RAGE, REGROUP, SENTINEL, WARDEN
from tests.games.engine.tables import bare_table, table

BETA_2025 = RULESETS["beta-2025"]
SIMPLIFIED = RULESETS["simplified-0.1"]


def _shot(ruleset=BETA_2025, archer=ARCHER, **options):
    """Red's Archer (ranged 2) on c3, Red's Ember Warden (defense 2) on e3 and Blue's
    Tide Sentinel (defense 2) on f3; no counters near either target."""
    rules = ruleset.with_options(**options)
    if rules.deck:
        builder = table("A7", "I5", ruleset=rules)
    else:  # simplified-0.1: a Sentinel in each hand, so nobody runs out of Avatars (R25)
        builder = bare_table("A7", "I5", ruleset=rules).hand(RED, SENTINEL).hand(BLUE, SENTINEL)
    builder.avatar(RED, archer, "c3").avatar(RED, WARDEN, "e3")
    return builder.avatar(BLUE, SENTINEL, "f3")


# Rage for Blue's Home Realm, so that it costs Blue nothing (R15).
TIDE_RAGE = action_card(
    "Tide Rage", {"verb": "extra_dice", "count": 2}, realm="water", timing="in_combat"
)


def _rolls(scene):
    return [e for e in scene.events if isinstance(e, RangedRolled)]


# -- R22: a ranged tie -------------------------------------------------------------------


def test_R22_beta_2025_a_ranged_tie_goes_to_the_defender():
    scene = _shot().dice(4, 3, 5, 2, 6, 6, 1, 1).one_action(RED).do("c3>>f3")
    (rolled,) = _rolls(scene)
    assert (rolled.attack_dice, rolled.winner) == ((4, 3), "Tide Sentinel")
    assert scene.at("f3") == "tide-sentinel" and scene.cards_lost(BLUE) == 0
    assert scene.decision == TakeTurn(BLUE)


@pytest.mark.parametrize("ranged_ties, rerolled", [("defender", False), ("as_melee", True)])
def test_R22_beta_2025_a_ranged_tie_is_the_ranged_ties_option(ranged_ties, rerolled):
    scene = _shot(ranged_ties=ranged_ties).dice(4, 3, 5, 2, 6, 6, 1, 1).one_action(RED)
    scene.do("c3>>f3")
    assert (_rolls(scene)[-1].attack_dice == (6, 6)) == rerolled
    if rerolled:  # "as_melee" reads ``ties``: re-rolled, and the double removes the Sentinel
        scene.do("lose deck 2")
        assert scene.find("tide-sentinel") is None


def test_R22_beta_2025_a_melee_tie_is_still_rolled_again():
    builder = table("A7", "I3", ruleset=BETA_2025)
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.dice(2, 2, 2, 3, 3, 6, 6, 6, 1, 1).one_action(RED).do("c3xd3")
    assert scene.decision == ChooseLostCards(BLUE, 3)  # the re-roll doubled the Sentinel
    scene.do("lose deck 3")


@pytest.mark.parametrize("ranged_ties, removed", [("defender", False), ("as_melee", True)])
def test_R22_simplified_0_1_a_ranged_tie_is_not_rolled_again(ranged_ties, removed):
    # Only a double matters (R23): a re-roll would give the attacker a second chance at one.
    scene = _shot(SIMPLIFIED, ranged_ties=ranged_ties).dice(3, 3, 3, 3, 6, 6, 1, 1)
    scene = scene.one_action(RED).do("c3>>f3")
    assert (scene.find("tide-sentinel") is None) == removed
    assert scene.decision == TakeTurn(BLUE)


# -- R23: no after-combat ability after a ranged attack ------------------------------------

SCOUT = avatar_card("Scout Archer", melee=1, defense=1, ranged=2, abilities=[REGROUP])


@pytest.mark.parametrize("after, asked", [(False, False), (True, True)])
def test_R23_beta_2025_no_after_combat_ability_after_a_ranged_attack(after, asked):
    scene = _shot(archer=SCOUT, ranged_after_combat=after).dice(5, 4, 4, 3).one_action(RED)
    scene.do("c3>>f3", "keep avatar", "lose deck 2")
    assert scene.decision == (
        AfterCombat(RED, scene.avatar("c3").card) if asked else TakeTurn(BLUE)
    )
    scene.expect(type(scene.decision))


def test_R23_simplified_0_1_no_after_combat_ability_after_a_ranged_attack():
    scene = _shot(SIMPLIFIED, archer=SCOUT).dice(6, 6, 1, 1).one_action(RED).do("c3>>f3")
    assert scene.find("tide-sentinel") is None
    assert scene.decision == TakeTurn(BLUE)


def test_R23_beta_2025_the_winner_of_a_melee_still_uses_an_after_combat_ability():
    scout = avatar_card("Scout", melee=3, abilities=[REGROUP])
    builder = table("A7", "I3", ruleset=BETA_2025)
    builder.avatar(RED, scout, "c3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.dice(5, 5, 5, 4, 4).one_action(RED).do("c3xd3", "keep avatar", "lose deck 3")
    assert scene.decision == AfterCombat(RED, scene.avatar("d3").card)
    scene.do("pass")


# -- R19: "targeting any other Avatar" ----------------------------------------------------


@pytest.mark.parametrize("ruleset", [BETA_2025, SIMPLIFIED], ids=["beta-2025", "simplified-0.1"])
@pytest.mark.parametrize("targets, own_offered", [("opponents", False), ("any", True)])
def test_R19_earlier_rulesets_ranged_targets_is_an_option(ruleset, targets, own_offered):
    legal = _shot(ruleset, ranged_targets=targets).one_action(RED).legal()
    assert "c3>>f3" in legal
    assert ("c3>>e3" in legal) == own_offered
    assert "c3>>c3" not in legal


def test_R19_beta_2025_a_ranged_attack_targets_only_opponents_avatars():
    scene = _shot().one_action(RED)
    assert "c3>>e3" not in scene.legal()
    shot = RangedAttack(scene.avatar("c3").card, scene.avatar("e3").card)
    assert "opponent's Avatar" in scene.refused(shot)


def test_R19_beta_2025_shooting_ones_own_avatar_makes_its_owner_the_defender_who_pays():
    # Red's counters around e3 count on both sides: "your" counters, and "their" counters.
    builder = _shot(ranged_targets="any").counters(RED, "E3").hand(BLUE, TIDE_RAGE)
    scene = builder.dice(6, 6, 6, 1, 1, 1).one_action(RED).do("c3>>e3")
    (rolled,) = _rolls(scene)
    assert (len(rolled.attack_dice), len(rolled.defense_dice)) == (3, 3)
    # Blue, whose Avatar does not fight, had no combat window for its Rage (M6).
    assert scene.decision == ChooseLostCards(RED, 2)
    assert scene.find("ember-warden") is None
    scene.do("lose deck 2")


@pytest.mark.parametrize("target, windows", [("e3", [RED]), ("f3", [RED, BLUE])])
def test_R19_beta_2025_a_shot_at_ones_own_avatar_gives_a_window_to_its_owner_only(target, windows):
    builder = _shot(ranged_targets="any").hand(RED, RAGE).hand(BLUE, TIDE_RAGE)
    scene = builder.dice(1, 1, 6, 6).one_action(RED).do(f"c3>>{target}")
    asked = []
    while isinstance(scene.decision, CombatWindow):
        asked.append(scene.decision.player)
        scene.do("pass")
    assert asked == windows


def test_R23_beta_2025_a_winning_own_target_has_the_after_combat_window():
    # Both sides are Red's: the winner is read from the dice, not from who owns it.
    guard = avatar_card("Guard", defense=2, abilities=[REGROUP])
    rules = BETA_2025.with_options(ranged_targets="any", ranged_after_combat=True)
    builder = table("A7", "I5", ruleset=rules)
    builder.avatar(RED, ARCHER, "c3").avatar(RED, guard, "e3")
    scene = builder.dice(1, 1, 6, 6).one_action(RED).do("c3>>e3")
    assert _rolls(scene)[-1].winner == "Guard"
    assert scene.decision == AfterCombat(RED, scene.avatar("e3").card)
    scene.do("pass")


def test_R19_beta_2025_at_ones_own_avatar_the_players_bonus_dice_are_the_attacks():
    builder = _shot(ranged_targets="any").hand(RED, RAGE)
    scene = builder.dice(1, 1, 1, 1, 6, 6).one_action(RED).do("c3>>e3", "play rage")
    (rolled,) = _rolls(scene)
    assert (len(rolled.attack_dice), len(rolled.defense_dice)) == (4, 2)
