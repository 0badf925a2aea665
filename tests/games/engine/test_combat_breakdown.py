"""Where each combat die comes from: a roll's pools, part by part (R15, R16, R18, R22).

One scenario per source of dice, in beta-2026-07 and, where they differ, in the earlier
rulesets. The roll counts its dice from the same parts (``combat.dice_pools``), so each
test also checks that the dice rolled are the sum of the parts told.
"""

from dataclasses import replace

import pytest

from games.engine import RULESETS, Ruleset
from games.engine.events import MeleeRolled, Part, RangedRolled, TiedRoll
from games.engine.testing.scenario import (
    BLUE,
    RED,
    ability,
    action_card,
    avatar_card,
    item_card,
    remains_card,
)
from tests.games.engine.cards import ARCHER, FIRE_BLADE, RAGE, SENTINEL, WARDEN
from tests.games.engine.tables import bare_table, table

BETA_2025 = RULESETS["beta-2025"]
SIMPLIFIED = RULESETS["simplified-0.1"]
EARLIER = [BETA_2025, SIMPLIFIED]


def _duel(*, ruleset: Ruleset | None = None, stones=("A7", "I3"), warden=(), sentinel=()):
    """Red's Ember Warden (melee 3) on c3 next to Blue's Tide Sentinel (defense 2) on d3.
    ``warden``/``sentinel``: the keyword options of each Avatar (items, exhausted...)."""
    if ruleset is not None and not ruleset.deck:  # simplified-0.1: forces, no decks (R29)
        builder = bare_table(*stones, ruleset=ruleset).hand(RED, SENTINEL).hand(BLUE, SENTINEL)
    else:
        builder = table(*stones, ruleset=ruleset)
    builder.avatar(RED, WARDEN, "c3", **dict(warden))
    return builder.avatar(BLUE, SENTINEL, "d3", **dict(sentinel))


def _start(builder, ruleset: Ruleset | None = None):
    """The scene at Red's turn: an Activation step, or the one action of the earlier texts."""
    return (
        builder.one_action(RED)
        if ruleset is not None and ruleset.one_action
        else (builder.activation(RED))
    )


def _rolled(scene) -> MeleeRolled | RangedRolled:
    """The scene's last roll; whatever the roll left to decide is accepted as it is."""
    rolled = [e for e in scene.events if isinstance(e, MeleeRolled | RangedRolled)][-1]
    scene.expect(type(scene.decision))
    assert rolled.attack_pool.count == len(rolled.attack_dice)
    assert rolled.defense_pool.count == len(rolled.defense_dice)
    return rolled


def _attack(builder, *moves, ruleset: Ruleset | None = None) -> MeleeRolled | RangedRolled:
    scene = _start(builder.dice(*[3] * 12), ruleset)
    return _rolled(scene.do("c3xd3", *moves))


# -- beta-2026-07 --------------------------------------------------------------------


def test_r22_each_pool_starts_with_its_avatars_trait():
    rolled = _attack(_duel())
    assert rolled.attack_pool.player == "Red" and rolled.defense_pool.player == "Blue"
    assert rolled.attack_pool.parts[0] == Part("melee", 3)
    assert rolled.defense_pool.parts[0] == Part("defense", 2)


def test_r22_shen_around_adds_dice_to_the_breakdown():
    # C3 C4: corners of c3 (where Red attacks from) only; E3 E4 of d3 (defended) only.
    rolled = _attack(_duel().counters(RED, "C3 C4").counters(BLUE, "E3 E4 E5"))
    assert rolled.attack_pool.parts == (Part("melee", 3), Part("shen", 2))
    assert rolled.defense_pool.parts == (Part("defense", 2), Part("shen", 2))


def test_r22_the_attacker_counts_shen_where_it_moved_from():
    builder = table("A7", "I3").avatar(RED, WARDEN, "b3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.counters(RED, "C3 C4").dice(*[3] * 12).activation(RED)
    rolled = _rolled(scene.do("b3-c3xd3"))  # C3 C4 are corners of c3, not of b3
    assert Part("shen", 2) in rolled.attack_pool.parts


@pytest.mark.parametrize("counts", [True, False])
def test_r15_r22_a_realm_stone_around_is_a_part_of_its_own(counts):
    # D4: Red's Realm Stone, a corner of c3.
    rolled = _attack(_duel(ruleset=Ruleset(realm_stone_counts=counts), stones=("D4", "I3")))
    stone = [part for part in rolled.attack_pool.parts if part.what == "realm_stone"]
    assert stone == ([Part("realm_stone", 1)] if counts else [])


def test_r16_r22_an_item_adds_its_dice_by_card():
    rolled = _attack(_duel(warden={"items": [FIRE_BLADE]}))
    assert Part("item", 1, "Fire Blade") in rolled.attack_pool.parts
    assert rolled.attack_pool.count == 3 + 1 + 0  # melee, the Blade, no Shén around


def test_r16_r22_an_attached_card_adds_its_dice_by_card():
    banner = remains_card(
        "War Banner",
        {"verb": "modify_trait", "trait": "defense", "amount": 1, "duration": "while_attached"},
    )
    rolled = _attack(_duel(sentinel={"attachments": [(BLUE, banner)]}))
    assert Part("attached", 1, "War Banner") in rolled.defense_pool.parts


def test_r22_bonus_dice_of_a_card_played_in_the_window_are_named_by_it():
    rolled = _attack(_duel().hand(RED, RAGE), "play rage")
    assert rolled.attack_pool.parts[-1] == Part("bonus", 2, "Rage")
    assert rolled.attack_pool.count == 3 + 0 + 2


def test_r22_a_trait_change_played_in_the_window_is_named_by_its_card():
    blaze = action_card(
        "Blaze",
        {"verb": "modify_trait", "trait": "melee", "amount": 2, "target": "own_avatar"},
        timing="in_combat",
        target="own_avatar",
    )
    rolled = _attack(_duel().hand(RED, blaze), "play blaze on c3")
    assert Part("turn", 2, "Blaze") in rolled.attack_pool.parts
    assert rolled.attack_pool.count == 3 + 2 + 0


def test_r22_an_opponents_card_in_the_window_takes_dice_by_name():
    weaken = action_card(
        "Sap",
        {"verb": "modify_trait", "trait": "defense", "amount": -1, "target": "opponent_avatar"},
        timing="in_combat",
        target="opponent_avatar",
    )
    rolled = _attack(_duel().hand(RED, weaken), "play sap on d3")
    assert Part("turn", -1, "Sap") in rolled.defense_pool.parts


def test_r22_an_avatars_ability_in_the_window_gives_dice_by_the_avatars_name():
    fury = ability("Fury", "in_combat", {"verb": "extra_dice", "count": 1})
    brute = avatar_card("Brute", melee=1, abilities=[fury])
    builder = table("A7", "I3").avatar(RED, brute, "c3").avatar(BLUE, SENTINEL, "d3")
    rolled = _attack(builder, "c3 uses Fury")
    assert rolled.attack_pool.parts == (
        Part("melee", 1),
        Part("shen", 0),
        Part("bonus", 1, "Brute"),
    )


def test_r22_an_items_ability_in_the_window_gives_dice_by_the_items_name():
    flare = ability("Flare", "in_combat", {"verb": "extra_dice", "count": 1})
    torch = replace(item_card("Torch"), abilities=(flare,))
    rolled = _attack(_duel(warden={"items": [torch]}), "c3 uses Flare")
    assert Part("bonus", 1, "Torch") in rolled.attack_pool.parts
    assert not [part for part in rolled.attack_pool.parts if part.what == "item"]  # adds 0


def test_r22_a_trait_change_from_earlier_in_the_turn_is_named_by_its_card():
    cry = action_card(
        "War Cry",
        {"verb": "modify_trait", "trait": "melee", "amount": 1, "target": "own_avatar"},
        target="own_avatar",
    )
    scene = _start(_duel().hand(RED, cry).dice(*[3] * 12))
    scene.do("play war-cry on c3", "pass", "c3xd3")
    assert Part("turn", 1, "War Cry") in _rolled(scene).attack_pool.parts


def test_r22_a_change_whose_card_is_not_noted_is_told_as_until_end_of_turn():
    rolled = _attack(_duel().modifier("ember-warden", "melee", 1))
    assert Part("turn", 1) in rolled.attack_pool.parts


def test_r18_the_exhausted_penalty_takes_a_die():
    rolled = _attack(_duel(sentinel={"exhausted": True}))
    assert rolled.defense_pool.parts == (Part("defense", 2), Part("exhausted", -1), Part("shen", 0))


def test_r18_a_trait_taken_below_0_is_lifted_back_to_0():
    wisp = avatar_card("Wisp", defense=0, realm="water")
    builder = table("A7", "I3").avatar(RED, WARDEN, "c3").avatar(BLUE, wisp, "d3", exhausted=True)
    rolled = _attack(builder)
    assert rolled.defense_pool.parts == (
        Part("defense", 0),
        Part("exhausted", -1),
        Part("floor", 1),
        Part("shen", 0),
    )
    assert rolled.defense_dice == ()


def test_r22_ranged_dice_count_no_shen_in_beta_2026_07():
    builder = table("A7", "I5").avatar(RED, ARCHER, "c3").avatar(BLUE, SENTINEL, "f3")
    builder.counters(RED, "F3").counters(BLUE, "G3 G4")  # corners of f3
    rolled = _rolled(builder.dice(*[3] * 12).activation(RED).do("c3>>f3"))
    assert rolled.attack_pool.parts == (Part("ranged", 2),)
    assert rolled.defense_pool.parts == (Part("defense", 2),)


def test_r22_a_tie_goes_to_the_defender_and_the_roll_says_so():
    scene = _start(_duel().dice(2, 2, 2, 3, 3))
    rolled = _rolled(scene.do("c3xd3"))
    assert (rolled.ties, rolled.rerolled, rolled.winner) == ("defender", (), "Tide Sentinel")


# -- the earlier rulesets ------------------------------------------------------------


@pytest.mark.parametrize("ruleset", EARLIER, ids=lambda r: r.name)
def test_r18_earlier_rulesets_an_exhausted_avatar_loses_no_die(ruleset):
    rolled = _attack(_duel(ruleset=ruleset, sentinel={"exhausted": True}), ruleset=ruleset)
    assert rolled.defense_pool.parts == (Part("defense", 2), Part("shen", 0))


@pytest.mark.parametrize("ruleset", EARLIER, ids=lambda r: r.name)
def test_r22_earlier_rulesets_the_attacker_counts_shen_around_the_attacked_space(ruleset):
    # E3 E4: corners of d3 (attacked), not of c3 (where the Warden stands).
    builder = _duel(ruleset=ruleset).counters(RED, "E3 E4").counters(BLUE, "D3")
    rolled = _attack(builder, ruleset=ruleset)
    assert rolled.attack_pool.parts == (Part("melee", 3), Part("shen", 2))
    assert rolled.defense_pool.parts == (Part("defense", 2), Part("shen", 1))


@pytest.mark.parametrize("ruleset", EARLIER, ids=lambda r: r.name)
def test_r22_earlier_rulesets_ranged_dice_count_shen_around_the_target(ruleset):
    builder = _duel(ruleset=ruleset, stones=("A7", "I5"))  # the Sentinel only stands by
    builder.avatar(RED, ARCHER, "c5").avatar(BLUE, avatar_card("Wisp", realm="water"), "f5")
    builder.counters(RED, "F5").counters(BLUE, "G5 G6")  # corners of f5
    scene = _start(builder.dice(*[3] * 12), ruleset)
    rolled = _rolled(scene.do("c5>>f5"))
    assert rolled.attack_pool.parts == (Part("ranged", 2), Part("shen", 1))
    assert rolled.defense_pool.parts == (Part("defense", 2), Part("shen", 2))


def test_r22_beta_2025_a_tie_is_rolled_again_and_the_tied_roll_is_told():
    scene = _start(_duel(ruleset=BETA_2025).dice(2, 2, 2, 3, 3, 6, 6, 6, 1, 1), BETA_2025)
    rolled = _rolled(scene.do("c3xd3"))
    assert rolled.ties == "reroll"
    assert rolled.rerolled == (TiedRoll((2, 2, 2), (3, 3)),)
    assert rolled.attack_dice == (6, 6, 6)


def test_r22_beta_2025_an_item_played_in_the_window_is_a_part_by_card():
    blade = item_card("Battle Blade", melee=1)
    # E3: a corner of d3, where beta-2025's window is paid (and Red's Shén is counted).
    builder = _duel(ruleset=BETA_2025).counters(RED, "E3").hand(RED, blade)
    rolled = _attack(builder, "play battle-blade on c3", ruleset=BETA_2025)
    assert rolled.attack_pool.parts == (
        Part("melee", 3),
        Part("item", 1, "Battle Blade"),
        Part("shen", 1),
    )
