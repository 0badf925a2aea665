"""Every turn ends (R13): what a turn uses up cannot come back in it without end.

Two rulings close the two ways a played card came back to be played again in the
same turn: a draw in the Activation phase never reshuffles the discard pile (R9),
and a card that gives cards back is never given back itself (R16). The earlier
rulesets, whose turn is one action (R27), keep both as they were.
"""

from games.engine import RULESETS, apply, start_game
from games.engine.actions import ReturnCards
from games.engine.decisions import ActivationStep, ChooseReturnedCards
from games.engine.events import CardsDrawn, TurnBegan
from games.engine.testing.samples import sample_decks
from games.engine.testing.scenario import BLUE, RED, action_card
from games.simulations.games import derive_seed, job_game, make_bot, ruleset_for
from tests.games.engine.tables import bare_table

KINDLE = action_card("Kindle", {"verb": "draw_cards", "count": 2})
RECALL = action_card("Recall", {"verb": "gain_cards_back", "count": 2})
SALVAGE = action_card("Salvage", {"verb": "gain_cards_back", "count": 1})
CALM, RAGE = action_card("Calm"), action_card("Rage")
BETA_2025 = RULESETS["beta-2025"]


def _table(ruleset=None):
    """Red holds only the cards a test gives it (no deck unless given): the tests count
    what comes into the hand. Blue holds cards, so nobody runs out (R25)."""
    return bare_table(ruleset=ruleset).fill(BLUE, hand=2, deck=10)


def test_a_card_that_gives_cards_back_is_never_given_back_R16():
    scene = _table().hand(RED, RECALL).discard(RED, CALM, SALVAGE, RAGE)
    scene = scene.activation(RED).do("play recall").expect(ChooseReturnedCards)
    assert scene.legal() == ["return rage, calm", "return rage", "return none"]
    salvage = scene.card("salvage", RED, "discard")
    refusal = scene.refused(ReturnCards((salvage,)))
    assert refusal == "Salvage gives cards back, so it is never given back itself (R16)"


def test_a_discard_pile_of_cards_that_give_back_gives_nothing_back_R16():
    scene = _table().hand(RED, RECALL).discard(RED, SALVAGE, RECALL)
    scene = scene.activation(RED).do("play recall")
    assert scene.decision == ActivationStep(BLUE)
    assert "Red returns nothing to hand" in scene.log()


def test_two_cards_that_give_back_cannot_give_each_other_back_R13():
    """The loop of the stalled simulations: Recall returns Salvage, Salvage returns Recall."""
    scene = _table().hand(RED, RECALL, SALVAGE).activation(RED)
    scene.do("play recall", "pass", "play salvage")
    assert scene.decision == ActivationStep(BLUE)
    assert scene.pile(RED, "hand") == []
    assert scene.pile(RED, "discard") == ["recall", "salvage"]


def test_a_draw_in_the_activation_phase_never_reshuffles_R9():
    scene = _table().hand(RED, KINDLE).discard(RED, CALM, RAGE).activation(RED)
    scene.do("play kindle")
    assert scene.pile(RED, "hand") == []
    assert scene.pile(RED, "discard") == ["calm", "rage", "kindle"]
    assert CardsDrawn("Red", 0, False) in scene.last


def test_a_draw_in_the_activation_phase_stops_when_the_deck_runs_out_R9():
    scene = _table().hand(RED, KINDLE).deck(RED, CALM).discard(RED, RAGE).activation(RED)
    scene.do("play kindle")
    assert scene.pile(RED, "hand") == ["calm"]
    assert CardsDrawn("Red", 1, False) in scene.last


def test_the_recovery_draw_still_reshuffles_the_discard_pile_R9():
    scene = _table().discard(RED, CALM, RAGE, KINDLE).turn_start(RED)
    assert sorted(scene.pile(RED, "hand")) == ["calm", "kindle", "rage"]
    assert scene.pile(RED, "discard") == []


def test_one_action_a_turn_keeps_the_reshuffling_draw_R27():
    scene = _table(BETA_2025).hand(RED, KINDLE).discard(RED, CALM, RAGE).one_action(RED)
    scene.do("play kindle")
    assert sorted(scene.pile(RED, "hand")) == ["calm", "rage"]
    assert CardsDrawn("Red", 2, True) in scene.last


def test_one_action_a_turn_may_give_back_a_card_that_gives_back_R27():
    scene = _table(BETA_2025).hand(RED, RECALL).discard(RED, SALVAGE).one_action(RED)
    scene.do("play recall", "return salvage")
    assert scene.pile(RED, "hand") == ["salvage"]


def test_the_greedy_game_that_never_left_turn_2_now_does_R13():
    """Game 40 of a 300-game job (two sample decks, greedy against greedy, seed 42) looped
    in turn 2 (Recall giving back Recall) until the simulation gave up: turn 3 begins."""
    game = job_game("beta-2026-07", {}, sample_decks(), ("greedy", "greedy"), 42, 40)
    ruleset = ruleset_for(game.ruleset, game.options)
    decks = [game.decks[game.deck_in_seat(seat)] for seat in (0, 1)]
    bots = [make_bot("greedy", derive_seed(game.seed, "bot", seat)) for seat in (0, 1)]
    state, _ = start_game(ruleset, decks, game.seed)
    for _ in range(300):
        state, events = apply(state, bots[state.to_decide].choose(state))
        if any(isinstance(event, TurnBegan) and event.turn == 3 for event in events):
            break
    else:
        raise AssertionError(f"still in turn {state.turn} after 300 actions")
