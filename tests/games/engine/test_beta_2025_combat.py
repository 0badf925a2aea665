"""beta-2025 combat: re-rolled ties and where counters count (R22), one card each before
the roll, printed powers, beaten attackers staying put, winners advancing, only the
winner's ability (R23), and Realm Stone attacks (R19)."""

import pytest

from games.engine import RULESETS
from games.engine.decisions import AfterCombat, CombatWindow, RemoveOrLose, TakeTurn
from games.engine.events import MeleeRolled, RangedRolled
from games.engine.testing.scenario import BLUE, RED, ability, action_card, avatar_card
from tests.games.engine.cards import ARCHER, FIRE_BLADE, GUARD, REGROUP, SENTINEL, WARDEN
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]


def _duel(defender=SENTINEL, items=(), **options):
    """Red's Ember Warden (melee 3) on c3 next to Blue's defender on d3."""
    builder = table("A7", "I3", ruleset=BETA_2025.with_options(**options))
    builder.avatar(RED, WARDEN, "c3", items=items)
    return builder.avatar(BLUE, defender, "d3")


def _rolled(scene, kind=MeleeRolled):
    return [e for e in scene.events if isinstance(e, kind)]


def test_a_tie_is_rolled_again_R22():
    scene = _duel().dice(2, 2, 2, 3, 3, 6, 6, 6, 1, 1).one_action(RED)
    scene.do("c3xd3", "lose deck 3")
    rolled = _rolled(scene)
    assert rolled[-1].attack_dice == (6, 6, 6) and rolled[-1].winner == "Ember Warden"
    assert scene.at("d3") == "ember-warden"  # the Sentinel, doubled, left the game


@pytest.mark.parametrize("ties, warden_wins", [("reroll", True), ("defender", False)])
def test_who_wins_a_tie_is_the_ties_option_R22(ties, warden_wins):
    scene = _duel(ties=ties).dice(2, 2, 2, 3, 3, 6, 6, 6, 1, 1).one_action(RED)
    scene.do("c3xd3")
    assert (_rolled(scene)[-1].winner == "Ember Warden") == warden_wins
    if warden_wins:
        scene.do("lose deck 3")


@pytest.mark.parametrize("at, dice", [("target", 5), ("origin", 3)])
def test_the_attacker_counts_its_counters_around_the_attacked_space_R22(at, dice):
    # E3 and E4 are corners of d3 (attacked), not of c3 (where the Warden stands).
    builder = _duel(attacker_dice_at=at).counters(RED, "E3 E4")
    scene = builder.dice(*[1] * 5, *[6] * 2).one_action(RED).do("c3xd3")
    assert len(_rolled(scene)[-1].attack_dice) == dice
    scene.expect(type(scene.decision))


@pytest.mark.parametrize("counted, dice", [(True, (3, 4)), (False, (2, 2))])
def test_ranged_rolls_count_each_sides_counters_around_the_target_R22(counted, dice):
    builder = table("A7", "I5", ruleset=BETA_2025.with_options(ranged_counters=counted))
    builder.avatar(RED, ARCHER, "c3").avatar(BLUE, SENTINEL, "f3")
    builder.counters(RED, "F3").counters(BLUE, "G3 G4")  # corners of f3
    scene = builder.dice(*[1] * 7).one_action(RED).do("c3>>f3")
    shot = _rolled(scene, RangedRolled)[-1]
    assert (len(shot.attack_dice), len(shot.defense_dice)) == dice


def test_a_beaten_attacker_stays_where_it_attacked_from_and_loses_nothing_R23():
    scene = _duel().dice(1, 1, 1, 6, 6).one_action(RED).do("c3xd3")
    assert scene.at("c3") == "ember-warden" and scene.at("d3") == "tide-sentinel"
    assert scene.cards_lost(RED) == 0
    assert scene.decision == TakeTurn(BLUE)


@pytest.mark.parametrize("pays", [True, False])
def test_whether_a_beaten_attacker_pays_is_an_option_R23(pays):
    scene = _duel(beaten_attacker_pays=pays).dice(1, 1, 2, 3, 3).one_action(RED)
    scene.do("c3xd3")  # 4 against 6: beaten, not doubled
    assert isinstance(scene.decision, RemoveOrLose) == pays
    if pays:
        scene.do("remove avatar")
        assert scene.at("c3") is None


def test_the_winning_attacker_takes_the_space_and_the_defender_retreats_R23():
    scene = _duel().dice(5, 5, 5, 4, 4).one_action(RED)
    scene.do("c3xd3", "keep avatar", "lose deck 3")
    assert scene.at("d3") == "ember-warden"
    assert scene.at("e3") == "tide-sentinel"
    assert scene.decision == TakeTurn(BLUE)  # no choice to stay put


@pytest.mark.parametrize("power, lost", [("printed", 3), ("current", 4)])
def test_cards_lost_are_the_power_printed_on_the_winners_card_R23(power, lost):
    scene = _duel(items=[FIRE_BLADE], loss_power=power).dice(5, 5, 5, 5, 4, 4).one_action(RED)
    scene.do("c3xd3")
    assert scene.decision.count == lost
    scene.do(f"lose deck {lost}").done()


def test_only_the_attacker_is_exhausted_R23():
    scene = _duel().dice(5, 5, 5, 4, 4).one_action(RED)
    scene.do("c3xd3", "keep avatar", "lose deck 3")
    assert scene.avatar("d3").exhausted
    assert not scene.avatar("e3").exhausted


def test_an_attack_on_a_realm_stone_wins_by_itself_at_printed_power_R19():
    builder = table("A7", "I5", ruleset=BETA_2025)
    scene = builder.avatar(RED, WARDEN, "h5", items=[FIRE_BLADE]).one_action(RED)
    scene.do("h5 attacks stone")
    assert scene.decision.count == 3  # the Blade's +1 is not on the card
    scene.do("lose deck 3")
    assert scene.cards_lost(BLUE) == 3


RAGE = action_card("Rage", {"verb": "extra_dice", "count": 2}, timing="in_combat", cost=1)


@pytest.mark.parametrize("paid_at, offered", [("defended", False), ("sides", True)])
def test_combat_cards_are_paid_with_shen_at_the_defended_space_R22(paid_at, offered):
    builder = _duel(window_shen=paid_at).counters(RED, "C3")  # c3's corner, not d3's
    scene = builder.hand(RED, RAGE).dice(*[1] * 10).one_action(RED).do("c3xd3")
    assert isinstance(scene.decision, CombatWindow) == offered
    scene.expect(type(scene.decision))


RALLY = ability("Rally", "in_combat", {"verb": "extra_dice", "count": 1, "target": "self"})


@pytest.mark.parametrize("abilities", [False, True])
def test_no_abilities_in_the_combat_windows_R22(abilities):
    rallying = avatar_card("Rallying Warden", melee=3, abilities=[RALLY])
    builder = table("A7", "I3", ruleset=BETA_2025.with_options(window_abilities=abilities))
    builder.avatar(RED, rallying, "c3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.dice(*[1] * 10).one_action(RED).do("c3xd3")
    assert isinstance(scene.decision, CombatWindow) == abilities
    scene.expect(type(scene.decision))


@pytest.mark.parametrize("after, asked", [("winner", False), ("both", True)])
def test_only_the_winners_ability_after_combat_R23(after, asked):
    scene = _duel(GUARD, after_combat=after).dice(5, 5, 5, 4, 4).one_action(RED)
    scene.do("c3xd3", "keep avatar", "lose deck 3")
    assert isinstance(scene.decision, AfterCombat) == asked
    scene.expect(type(scene.decision))


@pytest.mark.parametrize("penalty, dice", [(False, 2), (True, 1)])
def test_an_exhausted_defender_defends_at_full_strength_R18(penalty, dice):
    builder = table("A7", "I3", ruleset=BETA_2025.with_options(exhausted_penalty=penalty))
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3", exhausted=True)
    scene = builder.dice(*[1] * 5).one_action(RED).do("c3xd3")
    assert len(_rolled(scene)[-1].defense_dice) == dice
    scene.expect(type(scene.decision))


def test_R19_beta_2025_a_realm_stone_attack_has_its_card_windows():
    # "Combat can also begin with a Realm Stone", and each player may play a card before
    # the (here absent) rolls, paid at the defended vertex: Blue's stone and I4 pay the
    # fire Rage's 2 (R15).
    builder = table("A7", "I5", ruleset=BETA_2025).hand(BLUE, RAGE).counters(BLUE, "I4")
    scene = builder.avatar(RED, WARDEN, "h5").one_action(RED).do("h5 attacks stone")
    assert scene.decision == CombatWindow(BLUE)
    scene.do("pass", "lose deck 3")


def test_R23_beta_2025_the_winner_of_a_realm_stone_attack_may_use_its_ability_after():
    scout = avatar_card("Scout", melee=3, abilities=[REGROUP])
    builder = table("A7", "I5", ruleset=BETA_2025)
    scene = builder.avatar(RED, scout, "h5").one_action(RED).do("h5 attacks stone")
    scene.do("lose deck 3")
    assert scene.decision == AfterCombat(RED, scene.avatar("h5").card)
    scene.do("pass")
