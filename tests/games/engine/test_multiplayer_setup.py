"""Seats, scenarios and the order of play with more than two players (M1, M2, M3)."""

import pytest

from games.engine import RULESETS, DeckList, PlaceRealmStone, apply, legal_actions, start_game
from games.engine.decisions import ActivationStep, ChooseRealmStone, EndTurn, PlaceShen
from games.engine.scenarios import Scenario, ScenarioError
from games.engine.seats import (
    allies,
    are_allies,
    next_in_turn,
    opponents,
    players_in,
    stone_order,
    turn_order,
)
from games.engine.setup import room_for_stones, scenario_board
from games.engine.testing.scenario import (
    BLUE,
    GREEN,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    ScenarioBuilder,
    avatar_card,
)

CARDS = tuple(avatar_card(f"A{i}") for i in range(10))
RULES = RULESETS["beta-2026-07"]


def decks(count: int) -> list[DeckList]:
    return [DeckList(("fire", "water")[p % 2], CARDS) for p in range(count)]


def start(players: int, teams: int = 0, forced: tuple[int, ...] = (), **board):
    scenario = Scenario(players=players, teams=teams, **board)
    return start_game(RULES, decks(players), 1, scenario, forced_dice=forced)


# -- M1: scenarios -------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, side", [(2, 8), (3, 10), (4, 10), (5, 12), (6, 12)], ids=lambda v: str(v)
)
def test_m1_the_board_grows_with_the_players(players, side):
    state, _ = start(players)
    assert (state.board.width, state.board.height) == (side, side)


def test_m1_anchor_points_default_to_the_boards_four_corner_spaces():
    state, _ = start(3)
    assert [state.board.space_name(a) for a in state.anchors] == ["a1", "j1", "a10", "j10"]


def test_m1_a_scenario_sets_any_board_from_4_to_16():
    state, _ = start(2, width=12, height=5)
    assert (state.board.width, state.board.height) == (12, 5)
    assert [state.board.space_name(a) for a in state.anchors] == ["a1", "l1", "a5", "l5"]


@pytest.mark.parametrize("width, height", [(3, 8), (8, 17), (0, 8)])
def test_m1_a_board_outside_4_to_16_is_refused_R1(width, height):
    with pytest.raises(ScenarioError, match="4 to 16"):
        start(2, width=width, height=height)


@pytest.mark.parametrize("players", [1, 7])
def test_m1_a_game_seats_two_to_six_players(players):
    with pytest.raises(ScenarioError, match="2 to 6 players"):
        start_game(RULES, decks(max(players, 1)), 1, Scenario(players=players))


@pytest.mark.parametrize("players, teams", [(3, 2), (5, 2), (4, 3), (2, 2), (6, 4)])
def test_m1_teams_are_two_or_three_of_equal_size(players, teams):
    with pytest.raises(ScenarioError, match="equal size"):
        start(players, teams)


def test_m1_each_seat_needs_a_deck():
    with pytest.raises(ValueError, match="3 players needs 3 decks"):
        start_game(RULES, decks(2), 1, Scenario(players=3))


def test_m1_simplified_0_1_stays_a_two_player_game():
    simplified = RULESETS["simplified-0.1"]
    with pytest.raises(ScenarioError, match="2 players"):
        start_game(simplified, decks(3), 1, Scenario(players=3))


def test_m1_an_anchor_point_off_the_board_is_refused_R5():
    with pytest.raises(ValueError, match="k9"):
        start(2, anchors=("a1", "k9"))


def test_m1_a_board_without_room_for_every_realm_stone_is_refused_R7():
    with pytest.raises(ScenarioError, match="no room for 6 Realm Stones"):
        start(6, width=4, height=4, anchors=("a1",))


def test_m1_room_for_stones_packs_the_default_boards():
    for players in range(2, 7):
        board, names = scenario_board(RULES, Scenario(players=players))
        state, _ = start(players)
        assert room_for_stones(board, state.anchors, RULES, players), names


def tight_table():
    """Four players on a 4x4 board with anchors a1 and d4: room for four stones only
    if each leaves room for the rest."""
    builder = ScenarioBuilder(players=4, width=4, height=4, anchors=("a1", "d4"))
    for player in (RED, BLUE, GREEN, YELLOW):
        builder.fill(player, deck=3)
    return builder.realm_stones(first=RED)


def test_m1_a_realm_stone_that_would_leave_no_room_for_the_rest_is_refused_R7():
    scene = tight_table()
    assert "stone D2" not in scene.legal()
    assert "leaves no room" in scene.refused(PlaceRealmStone(scene.vertex("D2")))


def test_m1_every_realm_stone_offered_leaves_room_for_the_rest_R7():
    scene = tight_table()
    for option in legal_actions(scene.state):
        state, _ = apply(scene.state, option)
        while isinstance(state.decision, ChooseRealmStone):
            state, _ = apply(state, legal_actions(state)[0])
        assert all(stone >= 0 for stone in state.stones)


# -- M2: seats and order ----------------------------------------------------------


def test_m2_only_the_players_tied_for_highest_roll_again_R6():
    # Red 3+4, Blue 6+6, Green 5+1, Yellow 6+6: Blue and Yellow again; then 2+2, 5+5.
    state, events = start(4, forced=(3, 4, 6, 6, 5, 1, 6, 6, 2, 2, 5, 5))
    assert events[0].rolls == ((3, 4), (6, 6), (5, 1), (6, 6), (2, 2), (5, 5))
    assert state.decision == ChooseRealmStone(YELLOW)


def test_m2_realm_stones_go_anticlockwise_from_the_first_player():
    state, _ = start(4, forced=(6, 6, 1, 1, 1, 1, 1, 1))  # Red first
    order = [task.player for task in reversed(state.pending) if isinstance(task, ChooseRealmStone)]
    assert order == [RED, YELLOW, GREEN, BLUE]


def test_m2_the_last_to_place_a_stone_takes_the_first_turn_and_turns_go_clockwise():
    state, _ = start(4, forced=(6, 6, 1, 1, 1, 1, 1, 1))
    assert state.turn_player == BLUE
    assert next_in_turn(state, BLUE) == GREEN


def test_m2_team_mates_alternate_round_the_table():
    state, _ = start(6, teams=3)
    assert state.teams == (0, 1, 2, 0, 1, 2)
    assert are_allies(state, RED, YELLOW) and not are_allies(state, RED, BLUE)
    assert allies(state, BLUE) == (PURPLE,)
    assert opponents(state, RED) == (BLUE, GREEN, PURPLE, ORANGE)


def test_m2_stone_order_wraps_round_the_table():
    assert stone_order(1, 3) == (1, 0, 2)


def test_m4_without_teams_every_other_player_is_an_opponent():
    state, _ = start(3)
    assert opponents(state, GREEN) == (RED, BLUE)
    assert allies(state, GREEN) == ()


def test_m7_a_player_out_is_skipped_in_turn_order():
    scene = ScenarioBuilder(players=4).out(GREEN).activation(BLUE)
    assert next_in_turn(scene.state, BLUE) == YELLOW
    assert players_in(scene.state) == (RED, BLUE, YELLOW)
    assert turn_order(scene.state, BLUE) == (BLUE, YELLOW, RED)
    assert opponents(scene.state, RED) == (BLUE, YELLOW)


# -- M3: alternating steps -----------------------------------------------------------


def three_players():
    builder = ScenarioBuilder(players=3)
    for player in (RED, BLUE, GREEN):
        builder.fill(player, deck=5)
    return builder


def test_m3_placements_go_round_the_table_from_the_turn_player():
    scene = three_players().turn_start(BLUE)
    placers = []
    for _ in range(3):
        placers.append(scene.decision.player)
        scene.do("pass")
    assert placers == [BLUE, GREEN, RED]


def test_m3_a_player_who_stopped_placing_is_skipped():
    scene = three_players().turn_start(RED)
    scene.do("pass")  # Red stops
    assert scene.decision.player == BLUE
    scene.do("C3")
    assert scene.decision.player == GREEN
    scene.do("F6")
    assert scene.decision.player == BLUE


def test_m3_activation_steps_go_round_the_table():
    scene = three_players().activation(GREEN, turn_player=GREEN)
    scene.do("pass")
    assert scene.decision == ActivationStep(RED, 1)
    scene.do("pass")
    assert scene.decision == ActivationStep(BLUE, 2)


def test_m3_the_turn_ends_when_every_player_in_has_passed_in_a_row():
    scene = three_players().activation(GREEN, turn_player=GREEN)
    scene.do("pass", "pass")
    assert not isinstance(scene.state.pending[-1], EndTurn)
    scene.do("pass")
    assert scene.state.turn == 2
    assert scene.state.turn_player == RED


def test_m3_a_player_out_is_not_waited_for():
    scene = three_players().out(BLUE).activation(RED, turn_player=RED)
    scene.do("pass")
    assert scene.decision == ActivationStep(GREEN, 1)
    scene.do("pass")
    assert scene.state.turn == 2 and scene.state.turn_player == GREEN


def test_m3_placements_begin_with_the_turn_player_in_a_two_player_game_too():
    scene = ScenarioBuilder().fill(RED, deck=5).fill(BLUE, deck=5).turn_start(BLUE)
    assert scene.decision == PlaceShen(BLUE)
