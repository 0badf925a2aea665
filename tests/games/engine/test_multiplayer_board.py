"""More than two players on the board: opponents and allies for captures, walkers and
steps (M4).

With two teams the seats alternate (M2): Red and Green are allies against Blue and
Yellow.
"""

from dataclasses import replace

import pytest

from games.engine import PlaceCounter
from games.engine.decisions import ChooseLostCards, PlaceShen
from games.engine.ruleset import BETA_2026_07
from games.engine.testing.scenario import BLUE, GREEN, RED, YELLOW
from tests.games.engine.cards import FLAME_SPIRIT, SENTINEL, WARDEN
from tests.games.engine.tables import seated_table


def test_m4_a_placement_captures_an_opponents_group_in_a_four_player_game():
    scene = seated_table(4).counters(YELLOW, "D4").counters(RED, "C4 E4 D3").placement(RED)
    scene.do("D5")
    scene.expect(ChooseLostCards)
    assert scene.decision.player == YELLOW
    scene.do("lose deck 1")
    assert scene.counters(YELLOW) == ""
    assert scene.cards_lost(YELLOW) == 1
    assert scene.decision == PlaceShen(BLUE, (1, 0, 0, 0), (False,) * 4)


def test_m4_one_placement_captures_the_dead_groups_of_several_opponents():
    scene = (
        seated_table(3)
        .counters(BLUE, "D4")
        .counters(GREEN, "D6")
        .counters(RED, "C4 E4 D3 C6 E6 D7")
        .placement(RED)
    )
    scene.do("D5", "lose deck 1", "lose deck 1")
    assert scene.counters(BLUE) == scene.counters(GREEN) == ""
    assert scene.cards_lost(BLUE) == scene.cards_lost(GREEN) == 1
    scene.done()


def test_m4_a_group_surrounded_by_several_players_dies_at_the_last_placement():
    # Blue's D4 is hemmed in by Green and Red, who are not allies: Red's placement
    # takes its last liberty and captures it.
    scene = (
        seated_table(3).counters(BLUE, "D4").counters(GREEN, "C4 E4").counters(RED, "D3")
    ).placement(RED)
    scene.do("D5", "lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.cards_lost(BLUE) == 1


def test_m4_an_allys_group_is_never_captured_by_its_ally():
    scene = seated_table(4, 2).counters(GREEN, "D4").counters(RED, "C4 E4 D3").placement(RED)
    scene.do("D5")
    assert scene.counters(GREEN) == "D4"
    assert scene.cards_lost(GREEN) == 0
    assert isinstance(scene.decision, PlaceShen) and scene.decision.player == BLUE


def test_m4_without_teams_the_same_placement_captures_that_group():
    scene = seated_table(4).counters(GREEN, "D4").counters(RED, "C4 E4 D3").placement(RED)
    scene.do("D5", "lose deck 1")
    assert scene.counters(GREEN) == ""


def test_m4_ally_counters_block_liberties():
    # Green's counters all round D4 leave Red's counter there no empty vertex: suicide.
    scene = seated_table(4, 2).counters(GREEN, "C4 E4 D3 D5").placement(RED)
    assert "suicide" in scene.refused(PlaceCounter(scene.vertex("D4")))
    assert "D4" not in scene.legal()


def test_m4_an_allys_dead_group_frees_no_liberty_for_a_placement():
    # Green's D5 has no liberty left but D4; Red's counter there would capture it were
    # Green an opponent, and so would have a liberty: between allies it is suicide.
    builder = seated_table(4, 2).counters(GREEN, "D5").counters(BLUE, "C4 E4 D3 C5 E5 D6")
    assert "suicide" in builder.placement(RED).refused(
        PlaceCounter(builder.board.parse_vertex("D4"))
    )
    builder = seated_table(4).counters(GREEN, "D5").counters(BLUE, "C4 E4 D3 C5 E5 D6")
    assert "D4" in builder.placement(RED).legal()


@pytest.mark.parametrize("teams", [0, 2])
def test_m4_a_walker_arriving_captures_only_opponents_groups(teams):
    # Red's Flame Spirit steps from D2 onto D3, the last liberty of Green's D4.
    scene = (
        seated_table(4, teams)
        .counters(GREEN, "D4")
        .counters(RED, "C4 E4 D5")
        .avatar(RED, FLAME_SPIRIT, "D2")
        .activation(RED)
    )
    scene.do("D2-D3")
    if teams:
        assert scene.counters(GREEN) == "D4"
        assert scene.cards_lost(GREEN) == 0
    else:
        scene.do("lose deck 1")
        assert scene.counters(GREEN) == ""


@pytest.mark.parametrize(("walker_counters", "may_enter"), [("own_or_empty", False), ("any", True)])
def test_m4_a_walker_may_not_step_onto_an_allys_counter(walker_counters, may_enter):
    # "Empty, or holding your counter" (R21): an ally's counter is not one's own. The
    # earlier rules (walker_counters "any") let a walker onto any counter.
    scene = (
        seated_table(4, 2, ruleset=replace(BETA_2026_07, walker_counters=walker_counters))
        .counters(GREEN, "D4")
        .avatar(RED, FLAME_SPIRIT, "D3")
        .activation(RED)
    )
    assert ("D3-D4" in scene.legal()) is may_enter


def test_m4_an_allys_avatar_blocks_a_step():
    scene = (
        seated_table(4, 2)
        .avatar(RED, WARDEN, "c3")
        .avatar(GREEN, SENTINEL, "d3")
        .avatar(BLUE, SENTINEL, "c5")
        .activation(RED)
    )
    legal = scene.legal()
    assert "c3-d3" not in legal and "c3xd3" not in legal
    assert "c3xc5" not in legal  # two steps, through c4: the attack is the last step
    assert "c3-c4xc5" in legal


def test_m4_an_avatar_may_not_attack_an_ally():
    scene = (
        seated_table(4, 2).avatar(RED, WARDEN, "c3").avatar(GREEN, SENTINEL, "d4").activation(RED)
    )
    assert not [move for move in scene.legal() if "xd4" in move]


def test_m4_an_avatar_may_attack_any_opponent():
    scene = (
        seated_table(4)
        .avatar(RED, WARDEN, "c3")
        .avatar(GREEN, SENTINEL, "d4")
        .avatar(YELLOW, SENTINEL, "b4")
        .activation(RED)
    )
    legal = scene.legal()
    assert "c3xd4" in legal and "c3xb4" in legal
