"""Movement in the earlier rulesets (R21): the older texts move Avatars "horizontally,
vertically or diagonally" with no Realm Stone rule for diagonals, let counters stop no
walker (R16's Spirits manifest on any vertex too), and give every Avatar one space or
vertex "or more if their card text states they can" (the ``movement`` reading).

beta-2025 and simplified-0.1 share these rules (simplified-0.1 inherits them); each
test runs under both, and under beta-2026-07 where that text differs, to pin that it
is unchanged.
"""

import pytest

from games.engine import RULESETS, Ruleset
from games.engine.decisions import ChooseLostCards, ChooseRetreat, TakeTurn
from games.engine.testing.scenario import BLUE, RED, avatar_card, item_card
from tests.games.engine.cards import FLAME_SPIRIT, SENTINEL, SPIRIT_WALK, WARDEN
from tests.games.engine.tables import table

EARLIER = ("beta-2025", "simplified-0.1")
SLOW = avatar_card("Slow", movement=1)
BOOTS = item_card("Boots", movement=1)


def test_R21_the_2026_movement_rules_are_the_defaults():
    rules = Ruleset()
    assert rules.stone_blocks_diagonal and rules.walker_counters == "own_or_empty"
    assert rules.movement == "trait"
    for name in EARLIER:
        assert not RULESETS[name].stone_blocks_diagonal
        assert RULESETS[name].walker_counters == "any"


@pytest.mark.parametrize(
    "field, message",
    [("walker_counters", "own_or_empty, any"), ("movement", "trait, text")],
)
def test_R21_an_unknown_movement_reading_is_refused(field, message):
    with pytest.raises(ValueError, match=f"{field} must be one of {message}"):
        Ruleset(**{field: "sideways"})


def _table(ruleset: str, *stones: str, **options):
    """A table under ``ruleset`` (with ``options``), Blue's Sentinel far off on h8 so that
    Blue has an Avatar in play (simplified-0.1, R25)."""
    builder = table(*stones, ruleset=RULESETS[ruleset].with_options(**options))
    return builder.avatar(BLUE, SENTINEL, "h8")


def _turn(ruleset: str, builder):
    """Red's turn: one action in the earlier rulesets, an Activation step in 2026's."""
    return builder.one_action(RED) if RULESETS[ruleset].one_action else builder.activation(RED)


def _by_the_stone(ruleset: str):
    # c3 and d4 touch at D4, the Realm Stone's vertex.
    return _turn(ruleset, _table(ruleset, "A3", "D4").avatar(RED, SLOW, "c3"))


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_an_avatar_crosses_diagonally_past_a_realm_stone(ruleset):
    scene = _by_the_stone(ruleset)
    scene.do("c3-d4")
    assert scene.at("d4") == "slow"


def test_R21_beta_2026_07_no_avatar_crosses_diagonally_past_a_realm_stone():
    assert "c3-d4" not in _by_the_stone("beta-2026-07").legal()


def test_R21_beta_2025_no_avatar_enters_a_realm_stone_vertex():
    # Moving "into or through empty ... vertices": a Realm Stone's vertex is not empty.
    builder = _table("beta-2025").avatar(RED, FLAME_SPIRIT, "H5")
    assert "H5-I5" not in builder.one_action(RED).legal()


def _beaten_past_the_stone(**options):
    """Red's Warden on c3 beats Blue's Sentinel on d4 (not doubled): the Sentinel's
    retreat straight away, to e5, crosses E5, Blue's Realm Stone."""
    ruleset = RULESETS["beta-2025"].with_options(**options)
    builder = table("A3", "E5", ruleset=ruleset).avatar(RED, WARDEN, "c3")
    scene = builder.avatar(BLUE, SENTINEL, "d4").dice(6, 6, 6, 4, 4, 2).one_action(RED)
    return scene.do("c3xd4", "keep avatar", "lose deck 3")


def test_R21_beta_2025_a_beaten_avatar_retreats_diagonally_past_a_realm_stone():
    scene = _beaten_past_the_stone()
    assert scene.at("e5") == "tide-sentinel"
    assert scene.decision == TakeTurn(BLUE)


def test_R21_stone_blocks_diagonal_blocks_the_retreat_too():
    scene = _beaten_past_the_stone(stone_blocks_diagonal=True)
    scene.expect(ChooseRetreat)  # blocked: placed next to Blue's Realm Stone (R23)
    assert scene.at("d4") == "tide-sentinel"


# -- walkers and counters ------------------------------------------------------------


def _walker_by_blue_counters(ruleset: str, **options):
    """Red's Flame Spirit (movement 2) on D4; Blue's counters on E4 and C4."""
    builder = _table(ruleset, **options).counters(BLUE, "E4 C4")
    return _turn(ruleset, builder.avatar(RED, FLAME_SPIRIT, "D4"))


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_a_walker_steps_onto_and_through_an_opponents_counter(ruleset):
    legal = _walker_by_blue_counters(ruleset).legal()
    assert "D4-E4" in legal
    assert "D4-F4" in legal  # only through E4


def test_R21_beta_2026_07_a_walker_steps_onto_no_opponents_counter():
    legal = _walker_by_blue_counters("beta-2026-07").legal()
    assert "D4-E4" not in legal and "D4-F4" not in legal


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_a_walker_ends_its_turn_on_an_opponents_counter(ruleset):
    scene = _walker_by_blue_counters(ruleset).do("D4-E4")
    assert scene.decision == TakeTurn(BLUE)
    assert scene.at("E4") == "flame-spirit"
    assert "flame-spirit" not in scene.pile(RED, "out")
    assert scene.state.grid.owner(scene.vertex("E4")) == BLUE  # the counter stays under it


def test_R21_beta_2025_under_the_2026_walker_rule_the_walker_leaves_the_game():
    builder = _table("beta-2025", walker_counters="own_or_empty").counters(BLUE, "D4")
    builder.avatar(RED, FLAME_SPIRIT, "D4").avatar(RED, SLOW, "a1")
    scene = builder.one_action(RED).do("a1-a2")
    assert "flame-spirit" in scene.pile(RED, "out")


def test_R21_beta_2025_a_beaten_walker_retreats_onto_an_opponents_counter():
    # Red's Flame Spirit on D4 beats Blue's on E4 (6 against 4); F4 holds Red's counter.
    deep_spirit = avatar_card("Deep Spirit", defense=3, spirit=True, realm="water")
    builder = _table("beta-2025").counters(RED, "F4").avatar(RED, FLAME_SPIRIT, "D4")
    scene = builder.avatar(BLUE, deep_spirit, "E4").dice(2, 2, 2, 1, 1, 2).one_action(RED)
    scene.do("D4xE4", "keep avatar", "lose deck 2")
    assert scene.at("F4") == "deep-spirit"
    assert scene.at("E4") == "flame-spirit"


def test_R11_beta_2025_a_walker_on_an_opponents_counter_takes_no_liberty():
    # Blue's E4 breathes through D4 only; Red's walker steps from its own F4 onto E4.
    builder = _table("beta-2025").counters(RED, "E3 E5 F4")
    builder.counters(BLUE, "E4").avatar(RED, FLAME_SPIRIT, "F4")
    scene = builder.one_action(RED).do("F4-E4")
    assert scene.counters(BLUE) == "E4" and scene.counters(RED) == "E3 E5 F4"
    assert scene.at("E4") == "flame-spirit"


def test_R11_beta_2025_the_counter_under_a_walker_is_captured_with_its_group():
    builder = _table("beta-2025").counters(RED, "E3 E5 F4")
    builder.counters(BLUE, "E4").avatar(RED, FLAME_SPIRIT, "E4")
    scene = builder.one_action(RED).do("D4")
    scene.expect(ChooseLostCards).do("lose deck 1")
    assert scene.counters(BLUE) == ""
    assert scene.at("E4") == "flame-spirit"
    # The walker still fills its vertex (R10): no counter may go there.
    assert scene.state.grid.is_blocked(scene.vertex("E4"))
    assert not scene.state.grid.is_empty(scene.vertex("E4"))


def _spirit_in_hand(ruleset: str):
    builder = _table(ruleset).counters(BLUE, "E4").hand(RED, FLAME_SPIRIT)
    return _turn(ruleset, builder)


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R16_earlier_rulesets_a_spirit_manifests_on_an_opponents_counter(ruleset):
    assert "play flame-spirit at E4" in _spirit_in_hand(ruleset).legal()


def test_R16_beta_2026_07_no_spirit_manifests_on_an_opponents_counter():
    assert "play flame-spirit at E4" not in _spirit_in_hand("beta-2026-07").legal()


@pytest.mark.parametrize("ruleset", (*EARLIER, "beta-2026-07"))
def test_R21_a_spirit_path_card_keeps_its_own_words_in_every_ruleset(ruleset):
    # "onto one of that space's corner vertices (empty, or holding your counter)"
    builder = _table(ruleset).avatar(RED, WARDEN, "c3")
    builder.counters(BLUE, "C3 D3").counters(RED, "C4").hand(RED, SPIRIT_WALK)
    plays = [t for t in _turn(ruleset, builder).legal() if t.startswith("play spirit-walk")]
    assert sorted(plays) == ["play spirit-walk on c3 to C4", "play spirit-walk on c3 to D4"]


# -- movement values ------------------------------------------------------------------


def _moves(ruleset: str, movement: str, position: str, spec=WARDEN, items=()):
    """Where Red's Avatar on ``position`` may move under the ``movement`` reading."""
    options = {"movement": movement} if ruleset in EARLIER else {}
    builder = _table(ruleset, **options).avatar(RED, spec, position, items=list(items))
    prefix = f"{position}-"
    return {t.removeprefix(prefix) for t in _turn(ruleset, builder).legal() if t.startswith(prefix)}


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_movement_is_the_card_trait_by_default(ruleset):
    assert RULESETS[ruleset].movement == "trait"
    assert "c5" in _moves(ruleset, "trait", "c3")  # the Warden's movement 2


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_read_as_text_an_avatar_moves_one_space(ruleset):
    moves = _moves(ruleset, "text", "c3")
    assert "c4" in moves and "d4" in moves
    assert "c5" not in moves


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_read_as_text_a_spirit_walks_three_vertices(ruleset):
    moves = _moves(ruleset, "text", "D4", FLAME_SPIRIT)
    assert "D7" in moves and "E6" in moves
    assert "D8" not in moves
    assert "D7" not in _moves(ruleset, "trait", "D4", FLAME_SPIRIT)  # its movement 2


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_read_as_text_a_spirit_off_the_path_moves_one_space(ruleset):
    moves = _moves(ruleset, "text", "c3", FLAME_SPIRIT)
    assert "c4" in moves and "c5" not in moves


@pytest.mark.parametrize("ruleset", EARLIER)
def test_R21_earlier_rulesets_read_as_text_an_item_still_adds_movement(ruleset):
    moves = _moves(ruleset, "text", "c3", items=[BOOTS])
    assert "c5" in moves and "c6" not in moves
