"""A combat's dice in words, source by source (R18, R22): what the table's log opens onto."""

from games.engine import CardPlayed, combat_detail
from games.engine.client.dice_words import part_words, pool_words
from games.engine.events import DicePool, MeleeRolled, Part, RangedRolled, TiedRoll

SQUIRE = DicePool("Red", (Part("melee", 2), Part("shen", 2), Part("item", 1, "Iron Blade")))
GUARD = DicePool("Blue", (Part("defense", 2), Part("exhausted", -1), Part("shen", 1)))


def _melee(**fields) -> MeleeRolled:
    told = {
        "attack_pool": SQUIRE,
        "defense_pool": GUARD,
        **fields,
    }
    return MeleeRolled(
        "Jade Squire", "c3", "c3", "d3", "Oak Guard", (6, 5, 3, 1, 1), (4, 2), "Jade Squire", **told
    )


def test_r22_a_side_says_its_dice_source_by_source_and_what_it_rolled():
    assert pool_words(SQUIRE, "Jade Squire", "attacks", (6, 5, 3, 1, 1)) == (
        "Red's Jade Squire attacks with 5 dice: melee 2, Shén around 2, Iron Blade +1; "
        "rolls 6 5 3 1 1 = 16"
    )


def test_r18_the_exhausted_penalty_reads_with_a_minus_sign():
    assert part_words(Part("exhausted", -1)) == "exhausted \N{MINUS SIGN}1"


def test_r22_a_card_played_in_a_window_is_named_with_what_it_adds():
    assert part_words(Part("bonus", 2, "Rage")) == "Rage +2"
    assert part_words(Part("turn", -1, "Sap")) == "Sap \N{MINUS SIGN}1"
    assert part_words(Part("attached", 1, "War Banner")) == "War Banner +1"


def test_r22_a_part_without_its_card_says_what_it_is():
    assert part_words(Part("turn", 1)) == "until end of turn +1"
    assert part_words(Part("bonus", 1)) == "bonus dice +1"
    assert part_words(Part("floor", 1)) == "not below 0 +1"
    assert part_words(Part("realm_stone", 1)) == "Realm Stone +1"


def test_r22_an_avatars_own_ability_is_its_ability():
    assert part_words(Part("ability", 1, "Oak Guard")) == "Oak Guard's ability +1"


def test_r22_a_side_without_dice_rolls_none():
    pool = DicePool("Blue", (Part("defense", 0), Part("exhausted", -1), Part("floor", 1)))
    assert pool_words(pool, "Wisp", "defends", ()).endswith(
        "with 0 dice: defense 0, exhausted \N{MINUS SIGN}1, not below 0 +1; rolls no dice"
    )


def test_r22_a_melee_roll_opens_onto_both_sides_and_the_tie_rule():
    assert combat_detail(_melee()) == (
        "Red's Jade Squire attacks with 5 dice: melee 2, Shén around 2, Iron Blade +1; "
        "rolls 6 5 3 1 1 = 16",
        "Blue's Oak Guard defends with 2 dice: defense 2, exhausted \N{MINUS SIGN}1, "
        "Shén around 1; rolls 4 2 = 6",
        "A tie goes to the defender.",
    )


def test_r22_a_ranged_attacker_shoots():
    shot = RangedRolled(
        "Ash Archer",
        "c3",
        "Oak Guard",
        "f3",
        (4, 4),
        (1,),
        "Ash Archer",
        DicePool("Red", (Part("ranged", 2),)),
        DicePool("Blue", (Part("defense", 1),)),
    )
    assert combat_detail(shot)[0] == "Red's Ash Archer shoots with 2 dice: ranged 2; rolls 4 4 = 8"


def test_r22_earlier_rulesets_tell_each_tied_roll_rolled_again():
    detail = combat_detail(_melee(ties="reroll", rerolled=(TiedRoll((3, 3), (6,)),)))
    assert detail[2:] == ("Tied 6 to 6 (3 3 vs 6), rolled again", "A tie is rolled again.")


def test_a_roll_that_tells_no_pools_and_other_events_open_onto_nothing():
    bare = MeleeRolled("Jade Squire", "c3", "c3", "d3", "Oak Guard", (6,), (4,), "Jade Squire")
    assert combat_detail(bare) == ()
    assert combat_detail(CardPlayed("Red", "Rage", "")) == ()
