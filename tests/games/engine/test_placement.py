"""Placing Shén, capture in Go order and what captures cost (R10–R12)."""

import pytest

from games.engine import PlaceCounter, Ruleset
from games.engine.decisions import ActivationStep, ChooseLostCards, PlaceShen
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from tests.games.engine.cards import WAVE_SPIRIT
from tests.games.engine.tables import bare_table


def _placing(ruleset: Ruleset | None = None) -> ScenarioBuilder:
    """Both players with cards to pay for captures."""
    return bare_table(ruleset=ruleset).fill(RED, hand=3, deck=10).fill(BLUE, hand=3, deck=10)


def test_players_alternate_single_placements_starting_with_turn_player_R10():
    scene = _placing().placement(RED)
    scene.do("C3")
    assert scene.decision == PlaceShen(BLUE, (1, 0), (False, False))
    scene.do("F6")
    assert scene.decision.player == RED


def test_each_player_places_up_to_three_then_activation_begins_R10():
    scene = _placing().placement(RED)
    scene.do("C3", "F6", "C4", "F7", "C5", "F8")
    assert isinstance(scene.decision, ActivationStep)
    assert scene.decision.player == RED
    assert scene.counters(RED) == "C3 C4 C5"


def test_a_player_who_stops_lets_the_other_go_on_R10():
    scene = _placing().placement(RED)
    scene.do("pass", "F6", "F7", "F8")
    assert isinstance(scene.decision, ActivationStep)
    assert scene.counters(RED) == ""


def test_counter_may_not_go_on_an_occupied_vertex_R10():
    scene = _placing().counters(BLUE, "C3").placement(RED)
    assert "occupied" in scene.refused(PlaceCounter(scene.vertex("C3")))


def test_counter_may_not_go_under_a_spirit_path_walker_R10():
    scene = _placing().avatar(BLUE, WAVE_SPIRIT, "D4").placement(RED)
    assert "walking the Spirit Path" in scene.refused(PlaceCounter(scene.vertex("D4")))


def test_surrounded_group_is_captured_and_its_owner_loses_a_card_each_R12():
    scene = _placing().counters(BLUE, "D4 D5").counters(RED, "C4 C5 E4 E5 D3").placement(RED)
    scene.do("D6", "lose deck 2")
    assert scene.counters(BLUE) == ""
    assert scene.cards_lost(BLUE) == 2
    scene.done()


def test_capture_loss_asks_the_loser_which_cards_R24():
    scene = _placing().counters(BLUE, "D4").counters(RED, "C4 E4 D3").placement(RED)
    scene.do("D5")
    scene.expect(ChooseLostCards)
    assert scene.decision.player == BLUE
    scene.do("lose hand filler")
    assert len(scene.state.hands[BLUE]) == 2
    scene.done()


def test_suicide_placement_is_illegal_R11():
    scene = _placing().counters(BLUE, "C4 E4 D3 D5").placement(RED)
    reason = scene.refused(PlaceCounter(scene.vertex("D4")))
    assert "suicide" in reason and "D4" in reason


def test_placement_that_captures_is_legal_without_liberties_R11():
    scene = (
        _placing()
        .counters(BLUE, "C4 E4 D3 D6 C5 E5")
        .counters(RED, "D5 B4 B5 F4 F5 C6 E6 C3 E3 D2")
        .placement(RED)
    )
    scene.do("D4", "lose deck 5")
    assert "D4" in scene.counters(RED)
    assert scene.counters(BLUE) == "D6"
    assert scene.cards_lost(BLUE) == 5


def test_group_chained_to_its_realm_stone_is_safe_R11():
    scene = (
        bare_table(red_stone="I5", blue_stone="A5")
        .counters(BLUE, "A4")
        .counters(RED, "A3 B4")
        .fill(RED, hand=3, deck=10)
        .fill(BLUE, hand=3, deck=10)
        .placement(RED)
    )
    # A4 touches Blue's Realm Stone on A5: no liberty needed.
    assert scene.state.grid.is_safe(scene.vertex("A4"))
    scene.do("C5")
    assert "A4" in scene.counters(BLUE)


@pytest.mark.parametrize("ko", [False, True])
def test_ko_option_forbids_placing_where_a_counter_was_just_captured_R12(ko):
    scene = (
        _placing(Ruleset(ko=ko))
        .counters(BLUE, "D4 C5 E5 D6")
        .counters(RED, "C4 E4 D3")
        .placement(RED)
    )
    scene.do("D5", "lose deck 1")  # captures D4
    assert "D4" not in scene.counters(BLUE)
    legal = scene.legal()
    assert ("D4" in legal) is not ko
