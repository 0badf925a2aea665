"""simplified-0.1: claiming an anchor point from next to it (R20); all anchor points, or
being the only player with Avatars left, wins (R25)."""

import pytest

from games.engine import RULESETS
from games.engine.testing.scenario import BLUE, FILLER, RED
from tests.games.engine.cards import FLAME_SPIRIT, SENTINEL, WARDEN
from tests.games.engine.tables import bare_table

SIMPLIFIED = RULESETS["simplified-0.1"]


def _table(**options):
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED.with_options(**options))
    return builder.hand(RED, SENTINEL).hand(BLUE, SENTINEL).avatar(BLUE, SENTINEL, "e5")


def test_an_avatar_in_a_space_claims_the_anchor_on_its_corner_R20():
    scene = _table().avatar(RED, WARDEN, "a8").one_action(RED)
    scene.do("a8 claims")
    assert scene.holder("A9") == RED
    assert scene.cards_lost(BLUE) == 0
    assert scene.avatar("a8").exhausted


def test_a_walker_claims_from_the_vertex_beside_the_anchor_R20():
    scene = _table().avatar(RED, FLAME_SPIRIT, "A8").one_action(RED)
    scene.do("A8 claims")
    assert scene.holder("A9") == RED


@pytest.mark.parametrize("reach, offered", [("next_to", False), ("on_or_next_to", True)])
def test_a_walker_on_the_anchor_claims_only_with_the_claim_reach_option_R20(reach, offered):
    scene = _table(claim_reach=reach).avatar(RED, FLAME_SPIRIT, "A9").one_action(RED)
    assert ("A9 claims" in scene.legal()) == offered


def test_an_anchor_one_holds_is_not_claimed_again_R20():
    scene = _table().avatar(RED, WARDEN, "a1").one_action(RED)
    assert "a1 claims" not in scene.legal()  # A1 is Red's from the start


def test_holding_every_anchor_point_wins_R25():
    scene = _table().holds(RED, "A9").avatar(RED, WARDEN, "h8").one_action(RED)
    scene.do("h8 claims")
    assert scene.state.result.winner == RED and scene.state.result.reason == "anchors"


def test_the_only_player_with_avatars_left_wins_R25():
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(RED, SENTINEL)
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.dice(6, 6, 6, 1, 1).one_action(RED).do("c3xd3")
    assert scene.state.result.winner == RED and scene.state.result.reason == "no_avatars"


def test_avatars_in_hand_keep_a_player_in_the_game_R25():
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(BLUE, SENTINEL)
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3")
    scene = builder.dice(6, 6, 6, 1, 1).one_action(RED).do("c3xd3")
    assert scene.state.result is None


@pytest.mark.parametrize("out_when, over", [("no_avatars", True), ("no_cards", False)])
def test_what_puts_a_player_out_is_the_out_when_field_R25(out_when, over):
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED.with_options(out_when=out_when))
    builder.hand(RED, SENTINEL).hand(BLUE, FILLER)  # Blue: a card, but no Avatar
    scene = builder.avatar(RED, WARDEN, "c3").one_action(RED)
    assert (scene.state.result is not None) == over
    if not over:
        scene.do("c3-c4")
