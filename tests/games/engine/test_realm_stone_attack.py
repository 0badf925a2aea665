"""Attacking a Realm Stone (R19, activation option 2)."""

from games.engine import AttackRealmStone
from games.engine.decisions import ChooseLostCards
from games.engine.testing.scenario import BLUE, RED, action_card
from tests.games.engine.cards import FIRE_BLADE, FLAME_SPIRIT, SPIRIT_WALK, WARDEN
from tests.games.engine.tables import table


def _table():
    """Blue's Realm Stone on E5, a corner of d4."""
    return table("A7", "E5")


def test_attack_on_a_realm_stone_wins_without_dice_R19():
    scene = _table().avatar(RED, WARDEN, "d4").activation(RED)
    scene.do("d4 attacks stone")
    scene.expect(ChooseLostCards)
    assert scene.decision.count == 3
    scene.do("lose deck 3")
    assert scene.cards_lost(BLUE) == 3
    assert scene.avatar("d4").exhausted
    scene.done()


def test_realm_stone_loss_counts_item_bonuses_but_not_counters_R19():
    builder = _table().counters(RED, "D4 E4 D5").avatar(RED, WARDEN, "d4", items=[FIRE_BLADE])
    scene = builder.activation(RED).do("d4 attacks stone")
    assert scene.decision.count == 4
    scene.do("lose deck 4").done()


def test_realm_stone_attack_needs_the_avatar_there_since_the_phase_began_R19():
    scene = _table().avatar(RED, WARDEN, "d4", arrived=True).activation(RED)
    assert "d4 attacks stone" not in scene.legal()
    reason = scene.refused(AttackRealmStone(scene.avatar("d4").card))
    assert "R19" in reason


def test_exhausted_avatar_cannot_attack_a_realm_stone_R19():
    scene = _table().avatar(RED, WARDEN, "d4", exhausted=True).activation(RED)
    assert "d4 attacks stone" not in scene.legal()


def test_walker_next_to_the_realm_stone_may_attack_it_R19():
    scene = _table().avatar(RED, FLAME_SPIRIT, "E4").activation(RED)
    assert "E4 attacks stone" in scene.legal()


def test_defender_may_play_a_card_against_a_realm_stone_attack_R19():
    weaken = action_card(
        "Weaken",
        {"verb": "modify_trait", "trait": "melee", "amount": -2, "target": "opponent_avatar"},
        realm="water",
        target="opponent_avatar",
        timing="in_combat",
    )
    scene = _table().counters(BLUE, "E4").avatar(RED, WARDEN, "d4").hand(BLUE, weaken)
    scene = scene.activation(RED).do("d4 attacks stone", "play weaken on d4")
    assert scene.decision.count == 1
    scene.do("lose deck 1").done()


def test_avatar_moved_onto_the_path_this_phase_cannot_attack_the_stone_R19():
    scene = _table().avatar(RED, WARDEN, "d4").hand(RED, SPIRIT_WALK).activation(RED)
    assert "d4 attacks stone" in scene.legal()
    scene.do("play spirit-walk on d4 to E4", "pass")
    assert "E4 attacks stone" not in scene.legal()
