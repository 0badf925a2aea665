"""beta-2025 set-up: hands of 6, a redraw for a hand without an Avatar (R8), and Realm
Stones off the board's edge whose counters may not overlap anyone's (R7)."""

import pytest

from games.engine import RULESETS, PlaceRealmStone, apply, legal_actions, start_game
from games.engine.actions import Redraw
from games.engine.decisions import ChooseRedraw, TakeTurn
from games.engine.events import HandRedrawn
from games.engine.testing.scenario import BLUE, FILLER, RED, ScenarioBuilder
from tests.games.engine.cards import SENTINEL, WARDEN

BETA_2025 = RULESETS["beta-2025"]


def _set_up(ruleset, decks, seed=5):
    """Both Realm Stones placed on the first vertex offered; the state after."""
    state, _ = start_game(ruleset, decks, seed)
    for _ in range(2):
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_opening_hands_are_six_cards_R8():
    state = _set_up(BETA_2025, [[WARDEN] * 10, [SENTINEL] * 10])
    assert [len(hand) for hand in state.hands] == [6, 6]
    assert state.decision == TakeTurn(state.turn_player)


def _no_avatar_first(seed):
    """Decks where Red's opening six may hold no Avatar: 2 Avatars among 14 cards, and
    the seed (found below) shuffles them out of the hand."""
    return [[FILLER] * 12 + [WARDEN] * 2, [SENTINEL] * 10]


def _seed_without_red_avatar(ruleset):
    for seed in range(200):
        state, _ = start_game(ruleset.with_options(opening_redraw=False), _no_avatar_first(0), seed)
        for _ in range(2):
            state, _ = apply(state, legal_actions(state)[0])
        if not any(state.cards[c].kind == "avatar" for c in state.hands[RED]):
            return seed
    raise AssertionError("no seed deals Red a hand without Avatars")


def test_a_hand_without_an_avatar_may_be_redrawn_R8():
    seed = _seed_without_red_avatar(BETA_2025)
    state = _set_up(BETA_2025, _no_avatar_first(seed), seed)
    assert state.decision == ChooseRedraw(RED)
    state, events = apply(state, Redraw())
    assert any(isinstance(e, HandRedrawn) for e in events)
    assert len(state.hands[RED]) == 6
    assert state.card_count(RED) == 14  # shuffled back, nothing lost
    assert not isinstance(state.decision, ChooseRedraw)  # once only


def test_a_hand_without_an_avatar_may_be_kept_R8():
    seed = _seed_without_red_avatar(BETA_2025)
    state = _set_up(BETA_2025, _no_avatar_first(seed), seed)
    hand = state.hands[RED]
    state, _ = apply(state, legal_actions(state)[0])  # Pass: keep it
    assert state.hands[RED] == hand
    assert isinstance(state.decision, TakeTurn)


@pytest.mark.parametrize("redraw", [True, False])
def test_the_redraw_is_the_opening_redraw_option_R8(redraw):
    ruleset = BETA_2025.with_options(opening_redraw=redraw)
    seed = _seed_without_red_avatar(BETA_2025)
    state = _set_up(ruleset, _no_avatar_first(seed), seed)
    assert isinstance(state.decision, ChooseRedraw) == redraw


def test_realm_stone_counters_may_not_overlap_another_players_R7():
    builder = ScenarioBuilder(BETA_2025).stone(RED, "D5", with_counters=True)
    builder.fill(RED, deck=10).fill(BLUE, deck=10)
    scene = builder.realm_stones(BLUE)
    offered = {a.vertex for a in legal_actions(scene.state) if isinstance(a, PlaceRealmStone)}
    board = scene.state.board
    # F5 is two steps from D5: its counter E5 would land on Red's.
    assert board.parse_vertex("F5") not in offered
    assert board.parse_vertex("G5") in offered
    assert "R7" in scene.refused(PlaceRealmStone(board.parse_vertex("F5")))


def _stones(ruleset=BETA_2025):
    return ScenarioBuilder(ruleset).fill(RED, deck=10).fill(BLUE, deck=10).realm_stones(RED)


def test_R7_beta_2025_a_realm_stone_is_not_placed_on_the_boards_edge():
    # "places 4 Shén counters, one on each vertex around your realm stone"
    scene = _stones()
    legal = scene.legal()
    assert not {"stone E1", "stone A5", "stone I9"} & set(legal)
    assert "stone E2" in legal and "stone B5" in legal
    assert "edge" in scene.refused(PlaceRealmStone(scene.vertex("E1")))


@pytest.mark.parametrize("on_edge", [False, True])
def test_R7_beta_2025_a_stone_on_the_edge_is_the_stone_on_edge_option(on_edge):
    scene = _stones(BETA_2025.with_options(stone_on_edge=on_edge))
    assert ("stone E1" in scene.legal()) == on_edge
    if on_edge:
        assert scene.do("stone E1").counters(RED) == "D1 E2 F1"


def test_R7_beta_2025_every_game_sets_its_stones_off_the_edge():
    state = _set_up(BETA_2025, [[WARDEN] * 10, [SENTINEL] * 10])
    board = state.board
    assert [len(board.vertex_neighbours[stone]) for stone in state.stones] == [4, 4]
    assert [state.grid.counter_mask(p).bit_count() for p in (RED, BLUE)] == [4, 4]


def _no_avatar_anywhere():
    """Red's deck holds no Avatar at all; Blue's is all Avatars."""
    return [[FILLER] * 10, [SENTINEL] * 10]


@pytest.mark.parametrize("needs_avatar, offered", [(False, True), (True, False)])
def test_R8_beta_2025_a_hand_without_an_avatar_may_be_redrawn_though_the_deck_has_none(
    needs_avatar, offered
):
    ruleset = BETA_2025.with_options(redraw_needs_avatar_in_deck=needs_avatar)
    state = _set_up(ruleset, _no_avatar_anywhere())
    assert state.decision == (ChooseRedraw(RED) if offered else TakeTurn(state.turn_player))


def test_R8_beta_2025_the_redraw_is_offered_once_even_if_the_new_hand_has_no_avatar():
    state = _set_up(BETA_2025, _no_avatar_anywhere())
    state, events = apply(state, Redraw())
    assert any(isinstance(e, HandRedrawn) for e in events)
    assert not any(state.cards[c].kind == "avatar" for c in state.hands[RED])
    assert state.decision == TakeTurn(state.turn_player)
