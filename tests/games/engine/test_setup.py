"""Set-up: scenario, first player, Realm Stones, opening hands (R5–R8)."""

from games.engine import RULESETS, DeckList, PlaceRealmStone, Scenario, apply, start_game
from games.engine.decisions import ChooseRealmStone, PlaceShen
from games.engine.events import FirstPlayerRolled
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder, avatar_card

CARDS = tuple(avatar_card(f"A{i}") for i in range(10))
DECKS = [DeckList("fire", CARDS), DeckList("water", CARDS)]
RULES = RULESETS["beta-2026-07"]


def test_default_anchor_points_are_the_four_corners_R5():
    state, _ = start_game(RULES, DECKS, 1)
    assert [state.board.space_name(a) for a in state.anchors] == ["a1", "h1", "a8", "h8"]


def test_scenario_places_its_own_anchor_points_R5():
    state, _ = start_game(RULES, DECKS, 1, Scenario(anchors=("d4", "e5", "b7")))
    assert [state.board.space_name(a) for a in state.anchors] == ["d4", "e5", "b7"]


def test_highest_2d6_places_a_realm_stone_first_R6():
    state, events = start_game(RULES, DECKS, 1, forced_dice=(1, 2, 6, 5))
    assert isinstance(events[0], FirstPlayerRolled)
    assert events[0].rolls == ((1, 2), (6, 5))
    assert state.decision == ChooseRealmStone(BLUE)


def test_tied_first_player_rolls_are_rolled_again_R6():
    state, events = start_game(RULES, DECKS, 1, forced_dice=(3, 4, 5, 2, 6, 6, 1, 1))
    assert events[0].rolls == ((3, 4), (5, 2), (6, 6), (1, 1))
    assert state.decision == ChooseRealmStone(RED)


def test_player_who_placed_last_takes_the_first_turn_R6():
    scene = ScenarioBuilder().fill(RED, deck=10).fill(BLUE, deck=10).realm_stones(first=RED)
    scene.do("stone E3", "stone E7")
    assert scene.state.turn == 1
    assert scene.state.turn_player == BLUE
    assert scene.decision == PlaceShen(BLUE)


def test_realm_stone_gets_counters_on_every_neighbour_R7():
    scene = ScenarioBuilder().fill(RED, deck=10).fill(BLUE, deck=10).realm_stones(first=RED)
    scene.do("stone E1")
    assert scene.counters(RED) == "D1 E2 F1"


def test_realm_stone_not_on_a_corner_of_an_anchor_point_R7():
    scene = ScenarioBuilder().fill(RED, deck=9).fill(BLUE, deck=9).realm_stones(first=RED)
    reason = scene.refused(PlaceRealmStone(scene.vertex("B2")))
    assert "anchor" in reason and "B2" in reason


def test_realm_stone_not_next_to_another_realm_stone_R7():
    scene = ScenarioBuilder().fill(RED, deck=9).fill(BLUE, deck=9).realm_stones(first=RED)
    scene.do("stone E5")
    assert "E6" in scene.refused(PlaceRealmStone(scene.vertex("E6")))
    assert "occupied neighbour" in scene.refused(PlaceRealmStone(scene.vertex("E7")))


def test_realm_stone_starting_counters_may_not_overlap_R7():
    scene = ScenarioBuilder().fill(RED, deck=9).fill(BLUE, deck=9).realm_stones(first=RED)
    scene.do("stone E5")
    assert "stone E7" not in scene.legal()
    assert "stone E8" in scene.legal()


def test_each_player_shuffles_and_draws_seven_R8():
    scene = ScenarioBuilder().fill(RED, deck=20).fill(BLUE, deck=9).realm_stones(first=RED)
    scene.do("stone E3", "stone E7")
    assert len(scene.state.hands[RED]) == 7
    assert len(scene.state.decks[RED]) == 13
    assert len(scene.state.decks[BLUE]) == 2


def test_new_game_accepts_plain_card_data():
    data = [
        {
            "name": "Ember Warden",
            "kind": "avatar",
            "realm": "fire",
            "cost": 2,
            "melee": 3,
            "defense": 2,
            "ranged": 0,
            "movement": 2,
        }
    ] * 8
    state, _ = start_game(RULES, [data, data], 3)
    assert state.home_realms == ("fire", "fire")
    placer = state.decision.player
    state, _ = apply(state, PlaceRealmStone(state.board.parse_vertex("E5")))
    assert state.board.vertex_name(state.stones[placer]) == "E5"
