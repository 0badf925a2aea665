"""simplified-0.1 set-up: a force of Avatars in hand and no deck (R29, R8), anchor points
on vertices held half each (R5), Realm Stones away from them with counters on the empty
neighbours (R7)."""

import pytest

from games.engine import RULESETS, PlaceRealmStone, Scenario, apply, legal_actions, start_game
from games.engine.decisions import TakeTurn
from games.engine.testing.samples import sample_decks_for
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from tests.games.engine.cards import ARCHER, SENTINEL, WARDEN

SIMPLIFIED = RULESETS["simplified-0.1"]
FORCES = [[WARDEN, ARCHER, WARDEN, ARCHER], [SENTINEL] * 4]


def _started(ruleset=SIMPLIFIED, seed=2):
    state, _ = start_game(ruleset, FORCES, seed)
    for _ in range(2):
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_the_whole_force_is_the_hand_and_there_is_no_deck_R29():
    state = _started()
    assert [len(hand) for hand in state.hands] == [4, 4]
    assert state.decks == ((), ())
    assert isinstance(state.decision, TakeTurn)
    assert "draw" not in {type(a).__name__ for a in legal_actions(state)}


def test_anchor_points_are_vertices_held_half_each_from_the_start_R5():
    state = _started()
    assert [state.anchor_name(i) for i in range(4)] == ["A1", "I1", "A9", "I9"]
    assert state.holders == (RED, RED, BLUE, BLUE)


def test_a_realm_stone_is_not_next_to_an_anchor_point_R7():
    builder = ScenarioBuilder(SIMPLIFIED).hand(RED, WARDEN).hand(BLUE, SENTINEL)
    scene = builder.realm_stones(RED)
    offered = {a.vertex for a in legal_actions(scene.state) if isinstance(a, PlaceRealmStone)}
    board = scene.state.board
    assert board.parse_vertex("B1") not in offered  # next to the anchor A1
    assert board.parse_vertex("A1") not in offered
    assert board.parse_vertex("C1") in offered


def test_R7_simplified_0_1_a_realm_stone_may_stand_on_the_edge():
    # "up to 4 Shen counters, one on each empty vertex around": an edge vertex has 3.
    builder = ScenarioBuilder(SIMPLIFIED).hand(RED, WARDEN).hand(BLUE, SENTINEL)
    scene = builder.realm_stones(RED).do("stone E1")
    assert scene.counters(RED) == "D1 E2 F1"


def test_starting_counters_go_on_the_empty_neighbours_only_R7():
    builder = ScenarioBuilder(SIMPLIFIED).hand(RED, WARDEN).hand(BLUE, SENTINEL)
    builder.stone(RED, "D5", with_counters=True)
    scene = builder.realm_stones(BLUE)
    # F5 touches Red's E5: allowed here (not in beta-2025), and E5 stays Red's.
    scene.act(PlaceRealmStone(scene.vertex("F5")))
    grid = scene.state.grid
    assert grid.owner(scene.vertex("E5")) == RED
    assert {grid.owner(scene.vertex(v)) for v in ("G5", "F4", "F6")} == {BLUE}


@pytest.mark.parametrize(
    "anchors, reason",
    [(("A1", "B1"), "next to another"), (("A1", "I1", "A9"), "even number")],
)
def test_a_scenario_breaking_the_anchor_rules_is_refused_R5(anchors, reason):
    with pytest.raises(ValueError, match=reason):
        start_game(SIMPLIFIED, FORCES, 1, Scenario(anchors))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_sample_forces_are_shen_starter_forces_F2(seed):
    forces = sample_decks_for("simplified-0.1", seed)
    assert len(forces) == 2
    for force in forces:
        names = [spec.name for spec in force.cards]
        assert len(names) == 4 and len(set(names)) == 4
        assert all(spec.kind == "avatar" for spec in force.cards)
