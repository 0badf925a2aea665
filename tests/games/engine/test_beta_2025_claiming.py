"""beta-2025: a Ready Avatar on or next to an anchor point claims it (R20); holding all
of them, or being the last player with cards, wins (R25)."""

import pytest

from games.engine import RULESETS
from games.engine.costs import shen_at
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import FLAME_SPIRIT, WARDEN
from tests.games.engine.tables import bare_table, table

BETA_2025 = RULESETS["beta-2025"]


def _table(anchors=("a1", "h8"), **options):
    return table("A5", "I5", ruleset=BETA_2025.with_options(**options), anchors=anchors)


@pytest.mark.parametrize("at", ["a1", "b2", "b1"])
def test_a_ready_avatar_on_or_next_to_an_anchor_claims_it_R20(at):
    scene = _table().avatar(RED, WARDEN, at).one_action(RED)
    scene.do(f"{at} claims")
    assert scene.holder("a1") == RED
    assert scene.avatar(at).exhausted


def test_a_walker_on_a_corner_of_the_anchor_space_claims_it_R20():
    scene = _table().avatar(RED, FLAME_SPIRIT, "B2").one_action(RED)
    scene.do("B2 claims")
    assert scene.holder("a1") == RED


@pytest.mark.parametrize("reach, offered", [("on_or_next_to", True), ("on", False)])
def test_claiming_from_next_to_the_anchor_is_the_claim_reach_option_R20(reach, offered):
    scene = _table(claim_reach=reach).avatar(RED, WARDEN, "b2").one_action(RED)
    assert ("b2 claims" in scene.legal()) == offered


def test_an_exhausted_avatar_cannot_claim_R20():
    scene = _table().avatar(RED, WARDEN, "a1", exhausted=True).one_action(RED)
    assert "a1 claims" not in scene.legal()


def test_a_claim_costs_the_opponent_a_card_per_other_anchor_held_R20():
    builder = _table(anchors=("a1", "h8", "a8")).holds(RED, "h8")
    scene = builder.avatar(RED, WARDEN, "a1").one_action(RED).do("a1 claims")
    scene.do("lose deck 1")
    assert scene.cards_lost(BLUE) == 1


def test_holding_every_anchor_point_wins_R20():
    scene = _table().holds(RED, "h8").avatar(RED, WARDEN, "a1").one_action(RED)
    scene.do("a1 claims")
    assert scene.state.result.winner == RED and scene.state.result.reason == "anchors"


def test_the_last_player_with_cards_wins_R25():
    builder = bare_table("A5", "I5", ruleset=BETA_2025).fill(RED, deck=5).fill(BLUE, deck=1)
    scene = builder.counters(BLUE, "E5").counters(RED, "D5 F5 E4").one_action(RED)
    scene.do("E6")  # captures E5: Blue loses its last card
    assert scene.state.result.winner == RED and scene.state.result.reason == "out_of_cards"


def test_R20_beta_2025_the_claim_marker_is_not_a_shen_counter():
    # "Place one of your Shén counters on that the Anchor Point": on the space, not on a
    # vertex of the Spirit Path, so it plays no part in capture, costs or dice.
    scene = _table().avatar(RED, WARDEN, "a1").one_action(RED)
    grid = scene.state.grid
    scene.do("a1 claims")
    assert scene.holder("a1") == RED
    assert scene.state.grid == grid
    assert shen_at(scene.state, RED, scene.space("a1"), False) == 0
