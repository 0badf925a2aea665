"""beta-2025: a turn is exactly one action from the text's menu (R27), no Recovery (R9),
and the last player to place a Realm Stone goes first (R6)."""

from games.engine import RULESETS, apply, legal_actions, start_game
from games.engine.decisions import ChooseRealmStone, PlaceShen, TakeTurn
from games.engine.events import CardsDrawn, Recovered
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from tests.games.engine.cards import ARCHER, SENTINEL, WARDEN
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]


def _table(**options):
    return table("A5", "I5", ruleset=BETA_2025.with_options(**options))


def test_a_turn_is_one_action_then_the_opponent_takes_theirs_R27():
    scene = _table().one_action(RED)
    scene.do("E5")
    assert scene.decision == TakeTurn(BLUE)
    assert scene.state.turn == 2
    scene.do("E6")
    assert scene.decision == TakeTurn(RED)


def test_no_recovery_and_no_placing_phase_between_turns_R9_R27():
    scene = _table().avatar(RED, WARDEN, "c3", exhausted=True).one_action(RED)
    scene.do("draw", "E6")
    assert not any(isinstance(e, Recovered) for e in scene.events)
    assert not isinstance(scene.decision, PlaceShen)
    assert scene.avatar("c3").exhausted  # nothing refreshes it but a turn's action


def test_drawing_one_card_is_a_turn_R27():
    scene = _table().one_action(RED)
    hand = len(scene.state.hands[RED])
    scene.do("draw")
    assert len(scene.state.hands[RED]) == hand + 1
    assert any(isinstance(e, CardsDrawn) and e.count == 1 for e in scene.events)


def test_refreshing_an_exhausted_avatar_is_a_turn_R27():
    scene = _table().avatar(RED, WARDEN, "c3", exhausted=True).one_action(RED)
    assert "c3-c4" not in scene.legal()  # an exhausted Avatar does nothing until refreshed
    scene.do("refresh c3")
    assert not scene.avatar("c3").exhausted
    assert scene.decision == TakeTurn(BLUE)


def test_moving_into_empty_spaces_does_not_exhaust_R27():
    scene = _table().avatar(RED, WARDEN, "c3").one_action(RED)
    scene.do("c3-c5")
    assert not scene.avatar("c5").exhausted
    assert scene.decision == TakeTurn(BLUE)


def test_a_move_is_the_whole_turn_no_ability_after_it_R27():
    scene = _table().avatar(RED, ARCHER, "c3").avatar(BLUE, SENTINEL, "f3").one_action(RED)
    scene.do("c3-c4")
    assert scene.decision == TakeTurn(BLUE)  # the archer cannot shoot too


def test_a_player_with_nothing_to_do_passes_R27():
    builder = ScenarioBuilder(BETA_2025.with_options(width=4, height=4), anchors=("a1",))
    builder.stone(RED, "A5").stone(BLUE, "E1").fill(BLUE, hand=1, deck=1).fill(RED, hand=1)
    # Red's deck is empty and the board full: Red can do nothing at all.
    for vertex in ("B1", "C1", "D1", "A1", "A2", "A3", "A4", "B5", "C5", "D5", "E5"):
        builder.counters(RED, vertex)
    for vertex in ("B2", "B3", "B4", "C2", "C3", "C4", "D2", "D3", "D4", "E2", "E3", "E4"):
        builder.counters(BLUE, vertex)
    scene = builder.one_action(RED)
    assert scene.decision == TakeTurn(BLUE)
    assert "has nothing to do and passes" in scene.log()[-3]


def test_the_last_player_to_place_a_realm_stone_takes_the_first_turn_R6():
    state, _ = start_game(BETA_2025, [[WARDEN] * 8, [SENTINEL] * 8], seed=3)
    assert isinstance(state.decision, ChooseRealmStone)
    first = state.decision.player
    state, _ = apply(state, legal_actions(state)[0])
    second = state.decision.player
    state, _ = apply(state, legal_actions(state)[0])
    assert second != first
    assert state.decision == TakeTurn(second)
