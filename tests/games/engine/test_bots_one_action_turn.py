"""The greedy and search bots under the one-action turn (R27) of beta-2025 and simplified-0.1.

A turn's one action, the TakeTurn menu entry, is the bots' step: they play it and
whatever it sets off (combat, card losses) and score the position when the
opponent's turn begins, never looking on into the turns after it.
"""

import pytest

from games.engine import (
    RULESETS,
    Claim,
    GreedyBot,
    MeleeAttack,
    PlaceCounter,
    RandomBot,
    SearchBot,
    apply,
    legal_actions,
)
from games.engine.bots import play_game
from games.engine.bots.evaluation import WIN, evaluate
from games.engine.bots.greedy import FOLLOW_UPS, step_value
from games.engine.decisions import TakeTurn
from games.engine.testing.samples import sample_decks_for
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import SENTINEL, WARDEN
from tests.games.engine.tables import bare_table, table
from tests.games.engine.test_greedy_and_search_bots import Recording

BETA_2025 = RULESETS["beta-2025"]
SIMPLIFIED = RULESETS["simplified-0.1"]

BOT_MAKERS = pytest.mark.parametrize(
    "make",
    [lambda: GreedyBot(1), lambda: SearchBot(1, playouts=12)],
    ids=["greedy", "search"],
)


def _beta_2025_one_claim_from_winning():
    """Red holds h8 and stands, Ready, next to a1, the other anchor point; Blue's Sentinel
    is in reach of Red's Warden, and counters, a draw and moves are on the menu too."""
    builder = table("A5", "I5", ruleset=BETA_2025, anchors=("a1", "h8")).holds(RED, "h8")
    return builder.avatar(RED, WARDEN, "b2").avatar(BLUE, SENTINEL, "c3").one_action(RED)


@BOT_MAKERS
def test_bot_claims_the_anchor_point_that_wins_beta_2025_R20_R27(make):
    scene = _beta_2025_one_claim_from_winning()
    choice = make().choose(scene.state)
    assert choice == Claim(scene.avatar("b2").card)
    scene.act(choice)
    assert scene.state.result.winner == RED
    assert scene.state.result.reason == "anchors"


@BOT_MAKERS
def test_bot_claims_the_anchor_point_that_wins_simplified_0_1_R20_R25(make):
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(RED, SENTINEL).hand(BLUE, SENTINEL)
    builder.avatar(BLUE, SENTINEL, "e5").holds(RED, "A9").avatar(RED, WARDEN, "h8")
    scene = builder.one_action(RED)
    choice = make().choose(scene.state)
    assert choice == Claim(scene.avatar("h8").card)
    scene.act(choice)
    assert scene.state.result.winner == RED


@BOT_MAKERS
def test_bot_places_the_capture_that_leaves_the_opponent_without_cards_beta_2025_R12_R25(make):
    builder = bare_table("A5", "I5", ruleset=BETA_2025).fill(RED, deck=5).fill(BLUE, deck=1)
    scene = builder.counters(BLUE, "E5").counters(RED, "D5 F5 E4").one_action(RED)
    choice = make().choose(scene.state)
    assert choice == PlaceCounter(scene.vertex("E6"))
    scene.act(choice)
    assert scene.state.result.reason == "out_of_cards"


def test_a_menu_entry_is_scored_when_the_opponents_turn_begins_R27():
    # Placing a counter sets nothing off: its step ends at Blue's menu, scored there,
    # without playing Blue's turn (a draw: random) or Red's next menu.
    scene = table("A5", "I5", ruleset=BETA_2025).one_action(RED)
    action = PlaceCounter(scene.vertex("E5"))
    after, _ = apply(scene.state, action)
    assert after.decision == TakeTurn(BLUE)
    step = step_value(scene.state, action, RED, FOLLOW_UPS)
    assert (step.score, step.random, step.played) == (evaluate(after, RED), False, 1)


def test_a_menu_entry_is_scored_after_what_it_sets_off_resolves_R22_R27():
    # The melee's dice roll and its removal play out inside the step: Blue's last
    # Avatar falls, which wins the game for Red before Blue's turn. (The dice are
    # set, so the step does not count as random here.)
    builder = bare_table("C5", "G5", ruleset=SIMPLIFIED).hand(RED, SENTINEL)
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3").dice(6, 6, 6, 1, 1)
    scene = builder.one_action(RED)
    attack = next(a for a in legal_actions(scene.state) if isinstance(a, MeleeAttack))
    assert step_value(scene.state, attack, RED, FOLLOW_UPS).score == WIN


@pytest.mark.parametrize("name", ["beta-2025", "simplified-0.1"])
def test_a_whole_game_of_greedy_against_random_ends(name):
    greedy = Recording(GreedyBot(3))
    final, _, _ = play_game(RULESETS[name], sample_decks_for(name, 3), 3, (greedy, RandomBot(4)))
    assert final.result is not None
    assert greedy.choices > 50
