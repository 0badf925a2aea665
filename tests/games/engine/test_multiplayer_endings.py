"""Claims, players going out and winning with more than two players (R20, R25, R26,
M5, M7, M8)."""

from games.engine import RULESETS
from games.engine.actions import NameOpponent
from games.engine.codec import to_json
from games.engine.decisions import (
    ActivationStep,
    ChooseAdvance,
    ChooseLostCards,
    ChooseOpponent,
    PlaceShen,
)
from games.engine.events import PlayerOut
from games.engine.going_out import leave
from games.engine.seats import is_opponent, opponent_counter_mask
from games.engine.state import Result, evolve
from games.engine.testing.scenario import BLUE, GREEN, RED, YELLOW
from tests.games.engine.cards import FIRE_BLADE, SENTINEL, WARDEN
from tests.games.engine.multiplayer import accounted, rules, seated

CHOSEN = rules(claim_loss="chosen_opponent")
REMAIN = rules(out_pieces="remain")

# -- M5: the cards a claim costs -----------------------------------------------------------


def _red_claims_a_third_anchor(builder):
    """Red holds j1 and a10 and claims a1 with a Warden: each loss is 2 cards (R20)."""
    return builder.holds(RED, "j1").holds(RED, "a10").avatar(RED, WARDEN, "a1").activation(RED)


def test_m5_each_opponent_loses_cards_after_a_claim():
    scene = _red_claims_a_third_anchor(seated(3)).do("a1 claims")
    scene.expect(ChooseLostCards)
    assert (scene.decision.player, scene.decision.count) == (BLUE, 2)
    scene.do("lose deck 2")
    # Asked in turn order: clockwise from the claimer's left.
    assert (scene.decision.player, scene.decision.count) == (GREEN, 2)
    scene.do("lose deck 2")
    assert (scene.cards_lost(BLUE), scene.cards_lost(GREEN)) == (2, 2)
    scene.done()


def test_m5_a_claim_costs_allies_nothing():
    scene = _red_claims_a_third_anchor(seated(4, teams=2)).do("a1 claims")
    losers = []
    while isinstance(scene.decision, ChooseLostCards):
        losers.append(scene.decision.player)
        scene.do("lose deck 2")
    assert losers == [BLUE, YELLOW]
    assert scene.cards_lost(GREEN) == 0


def test_m5_chosen_opponent_loses_the_cards():
    scene = _red_claims_a_third_anchor(seated(3, ruleset=CHOSEN)).do("a1 claims")
    scene.expect(ChooseOpponent)
    assert sorted(scene.legal()) == ["name Blue", "name Green"]
    scene.do("name Green")
    assert (scene.decision.player, scene.decision.count) == (GREEN, 2)
    scene.do("lose deck 2")
    assert (scene.cards_lost(BLUE), scene.cards_lost(GREEN)) == (0, 2)
    assert "Red names Green to lose 2 cards" in scene.log()


def test_m5_chosen_opponent_is_an_opponent_still_in():
    scene = _red_claims_a_third_anchor(seated(4, teams=2, ruleset=CHOSEN)).do("a1 claims")
    assert sorted(scene.legal()) == ["name Blue", "name Yellow"]
    assert "M5" in scene.refused(NameOpponent(GREEN))  # an ally
    scene.expect(ChooseOpponent)


def test_m5_chosen_opponent_with_one_opponent_in_asks_nobody():
    builder = seated(3, ruleset=CHOSEN).out(GREEN)
    scene = _red_claims_a_third_anchor(builder).do("a1 claims")
    assert (scene.decision.player, scene.decision.count) == (BLUE, 2)
    scene.expect(ChooseLostCards)


def test_m5_two_player_claims_are_unchanged_by_the_option():
    for ruleset in (None, CHOSEN):
        builder = seated(2, ruleset=ruleset).holds(RED, "h1").holds(RED, "a8")
        scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
        scene.expect(ChooseLostCards)
        assert (scene.decision.player, scene.decision.count) == (BLUE, 2)


# -- M7: a player out ----------------------------------------------------------------------


def _blue_runs_out(ruleset=None):
    """Red claims a third anchor point; Blue, holding j10, an Avatar with an Item and
    counters, has a single card and goes out paying for it (R20, R25)."""
    builder = (
        seated(3, ruleset=ruleset, short={BLUE: 1})
        .holds(BLUE, "j10")
        .counters(BLUE, "G4 G5")
        .avatar(BLUE, SENTINEL, "f5", items=[FIRE_BLADE])
    )
    # Blue pays first and goes out; then Green pays.
    return _red_claims_a_third_anchor(builder).do("a1 claims", "lose deck 2")


def test_m7_a_player_with_no_cards_is_out_at_once():
    scene = _blue_runs_out()
    assert scene.state.players_out == (BLUE,)
    assert scene.state.result is None  # Red and Green play on
    assert any(isinstance(event, PlayerOut) for event in scene.events)


def test_m7_a_player_out_leaves_the_board():
    scene = _blue_runs_out()
    assert scene.find("tide-sentinel") is None
    assert scene.counters(BLUE) == ""
    assert sorted(scene.pile(BLUE, "out")) == ["filler", "fire-blade", "tide-sentinel"]
    assert accounted(scene.state)


def test_m7_the_realm_stone_of_a_player_out_stays_nobodys():
    scene = _blue_runs_out()
    assert scene.state.grid.stone_owner(scene.vertex("H4")) == BLUE  # still an obstacle
    assert not is_opponent(scene.state, RED, BLUE)  # but nobody's to attack


def test_m7_anchors_of_a_player_out_become_unclaimed():
    scene = _blue_runs_out()
    assert scene.holder("j10") is None
    assert any("j10 unclaimed" in line for line in scene.log())


def test_m7_out_pieces_remain_keeps_counters_ownerless():
    scene = _blue_runs_out(REMAIN)
    assert scene.counters(BLUE) == "G4 G5"  # they stay, blocking
    assert scene.holder("j10") == BLUE  # the claim marker stays too
    assert scene.find("tide-sentinel") is None  # Avatars leave all the same
    # Owned by nobody: no rule counts them as anyone's opponent counters.
    assert not opponent_counter_mask(scene.state, RED) & scene.state.grid.counter_mask(BLUE)


def test_m7_out_pieces_remain_marker_counts_for_nobody():
    builder = seated(3, ruleset=REMAIN).out(BLUE).holds(BLUE, "j10")
    builder.holds(RED, "j1").holds(RED, "a10").avatar(RED, WARDEN, "a1")
    scene = builder.activation(RED).do("a1 claims")
    assert scene.state.result is None  # Blue's marker still stands on j10
    scene.expect(ChooseLostCards)  # Green pays for the claim; Blue, out, pays nothing
    assert scene.decision.player == GREEN


def test_m7_the_turn_passes_on_when_the_turn_player_goes_out():
    builder = seated(3, short={RED: 1}).holds(GREEN, "j1").holds(GREEN, "a10")
    scene = builder.avatar(GREEN, WARDEN, "a1").activation(GREEN, turn_player=RED)
    scene.do("a1 claims", "lose deck 2")  # Red pays first and goes out, then Blue
    assert scene.state.players_out == (RED,)
    # Red's Activation step, next after Green's, goes to Blue.
    assert scene.decision == ActivationStep(BLUE)
    scene.do("pass", "pass")
    assert (scene.state.turn, scene.state.turn_player) == (2, BLUE)


def test_m7_what_waited_for_a_player_out_is_dropped():
    state = seated(3).activation(RED).state
    owed = evolve(state, pending=(*state.pending, ChooseLostCards(BLUE, 2)))
    assert leave(owed, BLUE, []).pending == (ActivationStep(RED),)


def test_m7_placements_go_on_without_a_player_out():
    state = seated(3).placement(BLUE, turn_player=RED).state
    left = leave(state, BLUE, [])
    assert isinstance(left.decision, PlaceShen) and left.decision.player == GREEN


# -- M8: winning -----------------------------------------------------------------------------


def test_m8_a_team_wins_holding_every_anchor_together():
    builder = seated(4, teams=2).holds(RED, "j1").holds(GREEN, "a10").holds(GREEN, "j10")
    scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    result = scene.state.result
    assert (result.winner, result.reason, result.team) == (RED, "anchors", 0)
    assert result.winners == (RED, GREEN)
    assert "Red and Green win (anchors)" in scene.log()


def test_m8_a_player_wins_holding_every_anchor():
    builder = seated(3).holds(RED, "j1").holds(RED, "a10").holds(RED, "j10")
    scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    assert scene.state.result.winners == (RED,)


def test_m8_the_last_team_in_wins():
    builder = seated(4, teams=2, short={BLUE: 1}).out(YELLOW).holds(RED, "a10")
    scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    result = scene.state.result
    assert (result.reason, result.team, result.winners) == ("out_of_cards", 0, (RED, GREEN))


def test_m8_the_last_player_in_wins():
    builder = seated(3, short={BLUE: 1}).out(GREEN).holds(RED, "a10")
    scene = builder.avatar(RED, WARDEN, "a1").activation(RED).do("a1 claims")
    assert (scene.state.result.winner, scene.state.result.reason) == (RED, "out_of_cards")


def test_m8_the_last_players_going_out_together_draw():
    scene = seated(3, short={BLUE: 0, GREEN: 0}).out(RED).activation(BLUE)
    result = scene.state.result
    assert (result.winner, result.reason, result.among) == (None, "out_of_cards", (BLUE, GREEN))


def _last_turn(builder, *seats):
    """Every seat passes in the last allowed turn: R26 adjudicates."""
    scene = builder.activation(RED)
    scene.do(*["pass"] * len(seats))
    return scene.state.result


def test_m8_adjudication_counts_team_cards_together():
    # Blue holds the most cards, but Red and Green hold more together (R26, M8).
    builder = seated(4, teams=2, ruleset=rules(max_turns=1), short={BLUE: 20, YELLOW: 1})
    result = _last_turn(builder, RED, BLUE, GREEN, YELLOW)
    assert (result.reason, result.team, result.winners) == ("adjudicated", 0, (RED, GREEN))


def test_m8_adjudication_ties_draw_among_the_leaders():
    builder = seated(3, ruleset=rules(max_turns=1), short={GREEN: 3})
    result = _last_turn(builder, RED, BLUE, GREEN)
    assert (result.winner, result.reason, result.among) == (None, "adjudicated", (RED, BLUE))


def test_m8_two_player_results_encode_as_before():
    assert to_json(Result(0, "anchors")) == '{"$":"Result","reason":"anchors","winner":0}'
    assert Result(1, "adjudicated").winners == (1,)
    assert Result(None, "adjudicated").winners == ()


# -- beta-2025: one action a turn (R27) ------------------------------------------------------

BETA_2025 = RULESETS["beta-2025"]


def test_m5_each_opponent_loses_cards_after_a_claim_in_beta_2025():
    builder = seated(3, ruleset=BETA_2025).holds(RED, "j1").holds(RED, "a10")
    scene = builder.avatar(RED, WARDEN, "a1").one_action(RED).do("a1 claims")
    scene.do("lose deck 2", "lose deck 2")
    assert (scene.cards_lost(BLUE), scene.cards_lost(GREEN)) == (2, 2)


def test_m7_the_next_turn_skips_a_player_out_in_beta_2025():
    builder = seated(3, ruleset=BETA_2025, short={BLUE: 1}).holds(RED, "j1").holds(RED, "a10")
    scene = builder.avatar(RED, WARDEN, "a1").one_action(RED).do("a1 claims", "lose deck 2")
    assert scene.state.players_out == (BLUE,)
    assert (scene.state.turn_player, scene.decision.player) == (GREEN, GREEN)


def test_m7_a_combat_ends_safely_when_its_loser_goes_out():
    builder = seated(3, short={BLUE: 1}).avatar(RED, WARDEN, "c6").avatar(BLUE, SENTINEL, "d7")
    scene = builder.dice(6, 6, 6, 1, 1).activation(RED).do("c6xd7")
    # Beaten by twice its total: Sentinel is removed and Blue loses its last card (R23).
    assert scene.state.players_out == (BLUE,)
    # The rest of the combat goes on: the winner may move into the vacated space.
    scene.expect(ChooseAdvance).do("advance")
    assert scene.at("d7") == "ember-warden"
    assert scene.state.result is None and scene.state.combat is None
    assert scene.decision == ActivationStep(GREEN)  # after Red's step; Blue's is gone
    assert accounted(scene.state)
