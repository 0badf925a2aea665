"""simplified-0.1 combat: a double removes the defender and nothing else is lost; the
winner takes the position and the loser retreats to any open neighbour (R23); no attacks
on Realm Stones (R19); a capture costs nothing (R12)."""

import pytest

from games.engine import RULESETS
from games.engine.decisions import ChooseRetreat, TakeTurn
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import ARCHER, SENTINEL, WARDEN
from tests.games.engine.tables import bare_table

SIMPLIFIED = RULESETS["simplified-0.1"]


def _duel(defender_at="d3", **options):
    """Red's Warden (melee 3) on c3 against Blue's Sentinel (defense 2); each player keeps
    a Sentinel in hand, so that nobody runs out of Avatars by accident (R25)."""
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED.with_options(**options))
    builder.hand(RED, SENTINEL).hand(BLUE, SENTINEL)
    return builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, defender_at)


def test_a_double_removes_the_defender_and_costs_no_cards_R23():
    scene = _duel().dice(6, 6, 6, 1, 1).one_action(RED).do("c3xd3")
    assert scene.at("d3") == "ember-warden"  # the winner takes the position
    assert scene.pile(BLUE, "out") == ["tide-sentinel"]
    assert scene.cards_lost(BLUE) == 0
    assert scene.decision == TakeTurn(BLUE)


def test_a_beaten_defender_retreats_to_an_open_neighbour_of_its_choice_R23():
    scene = _duel().dice(5, 5, 5, 4, 4).one_action(RED).do("c3xd3")
    assert isinstance(scene.decision, ChooseRetreat) and scene.decision.player == BLUE
    scene.do("retreat e4")
    assert scene.at("e4") == "tide-sentinel" and scene.at("d3") == "ember-warden"
    assert scene.cards_lost(BLUE) == 0


def test_a_beaten_attacker_retreats_and_is_never_removed_R23():
    scene = _duel().dice(1, 1, 1, 6, 6).one_action(RED).do("c3xd3")
    assert scene.decision == ChooseRetreat(RED, scene.avatar("c3").card, scene.decision.options)
    scene.do("retreat b3")
    assert scene.at("b3") == "ember-warden" and scene.at("d3") == "tide-sentinel"


@pytest.mark.parametrize("retreat, sentinel_at", [("any_empty", None), ("along_attack", "e3")])
def test_where_the_loser_retreats_is_the_retreat_option_R23(retreat, sentinel_at):
    scene = _duel(retreat=retreat).dice(5, 5, 5, 4, 4).one_action(RED).do("c3xd3")
    if sentinel_at is None:
        scene.expect(ChooseRetreat)
    else:
        assert scene.at(sentinel_at) == "tide-sentinel"


@pytest.mark.parametrize("dice, removed", [((6, 6, 1, 1), True), ((5, 5, 4, 4), False)])
def test_a_ranged_attack_removes_its_target_only_on_a_double_R23(dice, removed):
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(BLUE, SENTINEL)
    builder.avatar(RED, ARCHER, "c3").avatar(BLUE, SENTINEL, "f3")
    scene = builder.dice(*dice).one_action(RED).do("c3>>f3")
    assert (scene.at("f3") is None) == removed
    assert scene.cards_lost(BLUE) == 0


@pytest.mark.parametrize("stone_attacks", [False, True])
def test_no_attacks_on_a_realm_stone_R19(stone_attacks):
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED.with_options(stone_attacks=stone_attacks))
    scene = builder.avatar(RED, WARDEN, "f5").avatar(BLUE, SENTINEL, "a1").one_action(RED)
    assert ("f5 attacks stone" in scene.legal()) == stone_attacks


def test_a_capture_costs_no_cards_R12():
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(RED, WARDEN).hand(BLUE, SENTINEL)
    scene = builder.counters(BLUE, "E8").counters(RED, "D8 F8 E9").one_action(RED)
    scene.do("E7")
    assert scene.state.grid.owner(scene.vertex("E8")) is None
    assert scene.cards_lost(BLUE) == 0
    assert scene.decision == TakeTurn(BLUE)


@pytest.mark.parametrize("losses, lost", [(False, 0), (True, 1)])
def test_whether_anything_costs_cards_is_the_card_losses_field_R12(losses, lost):
    ruleset = SIMPLIFIED.with_options(card_losses=losses)
    builder = bare_table("C5", "G5", ruleset=ruleset).hand(RED, WARDEN).hand(BLUE, SENTINEL)
    scene = builder.counters(BLUE, "E8").counters(RED, "D8 F8 E9").one_action(RED).do("E7")
    assert scene.cards_lost(BLUE) == lost
