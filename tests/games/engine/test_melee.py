"""Melee combat: dice pools, results, removal, retreats and advancing (R18, R21–R23)."""

import pytest

from games.engine import PlayCard, Retreat, Ruleset
from games.engine.decisions import (
    ActivationStep,
    AfterCombat,
    ChooseAdvance,
    ChooseLostCards,
    ChooseRetreat,
    CombatWindow,
    RemoveOrLose,
)
from games.engine.events import MeleeRolled
from games.engine.testing.scenario import (
    BLUE,
    RED,
    ScenarioBuilder,
    ability,
    action_card,
    avatar_card,
)
from tests.games.engine.cards import (
    FIRE_BLADE,
    FLAME_SPIRIT,
    GUARD,
    RAGE,
    REGROUP,
    SENTINEL,
    WARDEN,
    WAVE_SPIRIT,
)
from tests.games.engine.tables import table


def _duel(
    warden_at: str = "c3",
    sentinel_at: str = "d3",
    *,
    stones: tuple[str, str] = ("A7", "I3"),
    ruleset: Ruleset | None = None,
    anchors: tuple[str, ...] | None = None,
    **warden_options,
) -> ScenarioBuilder:
    """Red's Ember Warden (melee 3) facing Blue's Tide Sentinel (defense 2), Stones far off."""
    builder = table(*stones, ruleset=ruleset, anchors=anchors)
    builder.avatar(RED, WARDEN, warden_at, **warden_options)
    return builder.avatar(BLUE, SENTINEL, sentinel_at)


def _warden_beats_sentinel(
    *, stones: tuple[str, str] = ("A7", "I3"), anchors: tuple[str, ...] | None = None
) -> ScenarioBuilder:
    """The Warden on c3 attacks the Sentinel on d4 and wins 15 to 8: beaten, not doubled."""
    return _duel("c3", "d4", stones=stones, anchors=anchors).dice(5, 5, 5, 4, 4)


# Blue's Realm Stone on the board's corner I1 touches one space only, h1: R7 allows it
# there when h1 is not an anchor point.
_CORNER_STONES = {"stones": ("A7", "I1"), "anchors": ("a8", "h8")}


def _rolled(scene) -> MeleeRolled:
    return next(e for e in scene.events if isinstance(e, MeleeRolled))


def test_melee_dice_are_power_plus_own_counters_around_each_position_R22():
    scene = (
        _duel("d4", "e4")
        .counters(RED, "C3 D3")  # around c3, where Red attacks from
        .counters(BLUE, "E4 E5 F5")  # around e4, the defended space... and d4's corner E5
        .dice(6, 6, 6, 6, 6, 1, 1, 1, 1, 1)
        .activation(RED)
    )
    scene.do("d4xe4")
    rolled = _rolled(scene)
    # Red: melee 3 + counters around d4 (D4 E4 D5 E5: none red) = 3 dice.
    # Blue: defense 2 + counters around e4 (E4 F4 E5 F5: three blue) = 5 dice.
    assert len(rolled.attack_dice) == 3
    assert len(rolled.defense_dice) == 5
    scene.do("keep avatar", "lose deck 3", "pass").done()


def test_attacker_counts_counters_around_the_space_it_moved_from_R21():
    scene = _duel("b4", "d4").counters(RED, "C4 C5").dice(*[6] * 5, *[1] * 2).activation(RED)
    scene.do("b4-c4xd4")
    assert len(_rolled(scene).attack_dice) == 5  # 3 + C4, C5 around c4
    scene.do("lose deck 3", "pass").done()


@pytest.mark.parametrize("counts", [True, False])
def test_realm_stone_counts_for_melee_dice_option_R22(counts):
    rules = Ruleset(realm_stone_counts=counts)
    scene = _duel("c3", "c2", stones=("D4", "I3"), ruleset=rules)  # D4: a corner of c3
    scene = scene.dice(*[6] * 4, *[1] * 2).activation(RED)
    scene.do("c3xc2")
    assert len(_rolled(scene).attack_dice) == (4 if counts else 3)
    scene.do("lose deck 3", "pass").done()


def test_melee_tie_goes_to_the_defender_R22():
    scene = _duel().dice(2, 2, 2, 3, 3).activation(RED)
    scene.do("c3xd3")
    assert _rolled(scene).winner == "Tide Sentinel"
    assert scene.decision == RemoveOrLose(RED, scene.find("ember-warden").card, 2)
    scene.do("keep avatar", "lose deck 2").done()


def test_loser_keeps_its_avatar_and_loses_the_winners_power_in_cards_R23():
    scene = (
        _duel(items=[FIRE_BLADE])
        .counters(RED, "C3 C4")
        .dice(2, 2, 2, 2, 2, 2, 6, 5)  # 6 dice (3 + 1 + 2 counters) = 12 vs 11
        .activation(RED)
    )
    scene.do("c3xd3", "keep avatar")
    scene.expect(ChooseLostCards)
    assert scene.decision.count == 4  # melee 3 + Fire Blade 1, counters excluded
    scene.do("lose hand filler,filler deck 2")
    assert scene.cards_lost(BLUE) == 4
    assert scene.find("tide-sentinel") is not None
    scene.do("pass").done()


def test_loser_may_remove_its_avatar_instead_of_losing_cards_R23():
    scene = _duel().dice(5, 5, 5, 4, 4).activation(RED)
    scene.do("c3xd3", "remove avatar")
    assert scene.find("tide-sentinel") is None
    assert scene.pile(BLUE, "out") == ["tide-sentinel"]
    assert scene.cards_lost(BLUE) == 0
    scene.do("pass")
    scene.done()


def test_double_result_removes_the_avatar_and_cards_are_still_lost_R23():
    scene = _duel().dice(4, 4, 4, 3, 3).activation(RED)  # 12 vs 6
    scene.do("c3xd3")
    scene.expect(ChooseLostCards)
    scene.do("lose deck 3", "advance")
    assert scene.find("tide-sentinel") is None
    assert scene.cards_lost(BLUE) == 3
    assert scene.at("d3") == "ember-warden"
    scene.done()


def test_beaten_defender_retreats_away_from_the_attack_R23():
    scene = _warden_beats_sentinel().activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3")
    assert scene.at("e5") == "tide-sentinel"
    scene.expect(ChooseAdvance)


def test_winner_may_advance_into_the_attacked_space_R23():
    scene = _warden_beats_sentinel().activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3", "advance")
    assert scene.at("d4") == "ember-warden"
    assert scene.decision == ActivationStep(BLUE)


def test_winner_may_stay_where_it_attacked_from_R23():
    scene = _warden_beats_sentinel().activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3", "pass")
    assert scene.at("c3") == "ember-warden"


def test_beaten_attacker_retreats_back_along_its_move_R23():
    scene = _duel("b2", "d4").dice(1, 1, 1, 2, 2).activation(RED)
    scene.do("b2-c3xd4", "keep avatar", "lose deck 2")
    assert scene.at("b2") == "ember-warden"
    assert scene.at("d4") == "tide-sentinel"
    scene.done()


def test_blocked_retreat_goes_next_to_the_realm_stone_R23():
    scene = _warden_beats_sentinel(**_CORNER_STONES).avatar(BLUE, SENTINEL, "e5").activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3")
    # e5 is taken; Blue's Realm Stone on I1 touches only h1.
    assert scene.at("h1") == "tide-sentinel"
    scene.do("advance").done()


def test_blocked_retreat_with_several_places_asks_the_owner_R23():
    builder = _warden_beats_sentinel(stones=("A7", "F2"))
    scene = builder.avatar(BLUE, SENTINEL, "e5").activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3")
    scene.expect(ChooseRetreat)
    assert sorted(scene.legal()) == ["retreat e1", "retreat e2", "retreat f1", "retreat f2"]
    scene.do("retreat f2")
    assert scene.at("f2") == "tide-sentinel"
    scene.do("pass").done()


def test_a_blocked_retreat_answer_naming_another_avatar_is_refused_R23():
    builder = _warden_beats_sentinel(stones=("A7", "F2"))
    scene = builder.avatar(BLUE, SENTINEL, "e5").activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3")
    decision = scene.expect(ChooseRetreat).decision
    place = decision.options[0]
    other = next(a.card for a in scene.state.avatars if a.card != decision.avatar)
    assert "retreat" in scene.refused(Retreat(other, place))


def test_blocked_retreat_with_no_room_removes_the_avatar_R23():
    builder = _warden_beats_sentinel(**_CORNER_STONES).avatar(BLUE, SENTINEL, "e5")
    builder.avatar(RED, WARDEN, "h1")
    scene = builder.activation(RED)
    scene.do("c3xd4", "keep avatar", "lose deck 3")
    assert scene.at("d4") is None
    assert "tide-sentinel" in scene.pile(BLUE, "out")
    scene.do("advance").done()
    assert scene.at("d4") == "ember-warden"


def test_both_combatants_are_exhausted_after_melee_R22():
    scene = _duel().dice(2, 2, 2, 3, 3).activation(RED)
    scene.do("c3xd3", "keep avatar", "lose deck 2")
    assert scene.avatar("b3").exhausted
    assert scene.avatar("d3").exhausted


def test_exhausted_attacker_rolls_one_die_less_R18():
    scene = (
        table("A7", "I3")
        .avatar(RED, WARDEN, "c3", exhausted=True)
        .avatar(BLUE, SENTINEL, "d3", exhausted=True)
        .dice(6, 6, 1)
        .activation(RED)
    )
    scene.do("c3xd3")
    rolled = _rolled(scene)
    assert len(rolled.attack_dice) == 2 and len(rolled.defense_dice) == 1
    scene.do("lose deck 2", "pass").done()


def test_ready_avatars_fight_at_full_strength_exhaustion_comes_after_R18():
    scene = _duel().dice(4, 4, 4, 6, 5).activation(RED)
    scene.do("c3xd3")
    rolled = _rolled(scene)
    assert len(rolled.attack_dice) == 3 and len(rolled.defense_dice) == 2
    scene.expect(RemoveOrLose)
    assert scene.decision.count == 3  # full melee power, exhaustion not yet applied


def test_combat_window_one_card_each_adds_dice_R22():
    scene = (
        _duel().counters(RED, "C3").hand(RED, RAGE, RAGE).dice(*[1] * 6, *[6] * 2).activation(RED)
    )
    scene.do("c3xd3")
    scene.expect(CombatWindow)
    scene.do("play rage")
    # One card per combat: with nothing else to use, the window closes and dice roll.
    assert len(_rolled(scene).attack_dice) == 3 + 1 + 2
    assert scene.pile(RED, "hand").count("rage") == 1
    scene.do("lose deck 2").done()  # 6 ones against two sixes: Red is beaten twice over


def test_avatar_or_item_cards_cannot_be_played_in_combat_R22():
    scene = (
        _duel()
        .counters(RED, "C3 C4 D3 D4")
        .hand(RED, WARDEN, FIRE_BLADE)
        .hand(RED, RAGE)
        .dice(*[1] * 10)
        .activation(RED)
    )
    scene.do("c3xd3")
    scene.expect(CombatWindow)
    assert sorted(scene.legal()) == ["pass", "play rage"]
    card = scene.card("fire-blade", RED)
    reason = scene.refused(PlayCard(card, target=scene.avatar("c3").card))
    assert "during combat" in reason


def test_in_combat_ability_is_used_in_the_window_R22():
    fury = ability("Fury", "in_combat", {"verb": "extra_dice", "count": 1})
    brute = avatar_card("Brute", melee=1, defense=1, abilities=[fury])
    scene = (
        table("A7", "I3")
        .avatar(RED, brute, "c3")
        .avatar(BLUE, SENTINEL, "d3")
        .dice(*[1] * 10)
        .activation(RED)
    )
    scene.do("c3xd3", "c3 uses Fury", "keep avatar")
    assert len(_rolled(scene).attack_dice) == 2
    scene.do("lose deck 2").done()


def test_defender_uses_its_window_after_the_attacker_R22():
    shield = action_card(
        "Brace", {"verb": "extra_dice", "count": 3}, timing="in_combat", realm="water"
    )
    scene = _duel().counters(BLUE, "D3").hand(BLUE, shield).dice(*[1] * 10).activation(RED)
    scene.do("c3xd3")
    assert scene.decision == CombatWindow(BLUE)  # Red had nothing to use
    scene.do("play brace")
    assert len(_rolled(scene).defense_dice) == 2 + 1 + 3
    scene.do("lose deck 2").done()


def test_after_combat_abilities_for_both_avatars_R22():
    scout = avatar_card("Scout", melee=3, abilities=[REGROUP])
    scene = (
        table("A7", "I3")
        .avatar(RED, scout, "c3")
        .avatar(BLUE, GUARD, "d3")
        .dice(3, 3, 3, 5, 5)
        .activation(RED)
    )
    scene.do("c3xd3", "keep avatar", "lose deck 2")
    scene.expect(AfterCombat)
    assert scene.decision.player == RED
    scene.do("b3 uses Regroup")
    assert scene.decision == AfterCombat(BLUE, scene.avatar("d3").card)
    scene.do("d3 uses Regroup")
    assert len(scene.state.hands[BLUE]) == 3
    scene.done()


def test_walkers_melee_along_the_spirit_path_R21():
    builder = table("A7", "I3").avatar(RED, FLAME_SPIRIT, "D4").avatar(BLUE, WAVE_SPIRIT, "D6")
    scene = builder.dice(4, 4, 5).activation(RED)
    scene.do("D4-D5xD6", "keep avatar", "lose deck 2", "advance")
    assert scene.at("D6") == "flame-spirit"
    assert scene.at("D7") == "wave-spirit"


def test_melee_log_line_shows_the_dice_R2():
    scene = _duel("c3", "e5").dice(6, 5, 2, 4, 3).activation(RED)
    scene.do("c3-d4xe5")
    assert (
        "Ember Warden moves c3-d4 and attacks Tide Sentinel on e5: "
        "3 dice [6,5,2]=13 vs 2 dice [4,3]=7; Ember Warden wins"
    ) in scene.log()
    scene.do("keep avatar", "lose deck 3")
    assert "Blue loses 3 cards (deck: 3)" in scene.log()
    scene.do("pass").done()
