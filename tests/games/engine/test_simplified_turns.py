"""simplified-0.1: one action per turn without drawing (R27), a second Realm Stone (R28)
and Spirits without a limit (R16)."""

from games.engine import RULESETS
from games.engine.decisions import TakeTurn
from games.engine.testing.scenario import BLUE, RED, avatar_card
from tests.games.engine.cards import FLAME_SPIRIT, SENTINEL, WARDEN
from tests.games.engine.tables import bare_table

SIMPLIFIED = RULESETS["simplified-0.1"]


def _table():
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(BLUE, SENTINEL)
    return builder.avatar(BLUE, SENTINEL, "h1")


def test_a_turn_is_one_action_and_there_is_nothing_to_draw_R27():
    scene = _table().hand(RED, WARDEN).one_action(RED)
    assert "draw" not in scene.legal()
    scene.do("E5")
    assert scene.decision == TakeTurn(BLUE)


def test_an_exhausted_avatar_is_refreshed_as_a_turn_R27():
    scene = _table().avatar(RED, WARDEN, "c3", exhausted=True).one_action(RED)
    assert "c3-c4" not in scene.legal()
    scene.do("refresh c3", "h1-h2", "c3-c4")
    assert scene.at("c4") == "ember-warden"


def test_a_second_stone_of_another_realm_lets_its_avatars_cost_no_extra_R28():
    water_guard = avatar_card("Water Guard", cost=2, realm="water")
    builder = _table().avatar(RED, WARDEN, "a1").counters(RED, "E3 F3").hand(RED, water_guard)
    assert "play water-guard at e3" not in builder.one_action(RED).legal()
    scene = builder.second_stone(RED, "H7", "water").one_action(RED)
    assert "play water-guard at e3" in scene.legal()


def test_any_number_of_spirits_R16():
    ember_spirit = avatar_card("Ember Spirit", spirit=True)
    builder = _table().avatar(RED, FLAME_SPIRIT, "E3").hand(RED, ember_spirit)
    scene = builder.one_action(RED)
    assert any(text.startswith("play ember-spirit") for text in scene.legal())
