"""Every game ends (R13, R26), whoever plays it: random, greedy and search bots against
each other under every ruleset, over seeds Hypothesis picks.

Each game: never raises, keeps every card in exactly one place, ends within the bound
docs/rules.md states (R13: at most T actions a turn; R26: at most 4 + max_turns × T a
game) and replays identically. Games are short and the search bot's budget small, so
that each case takes a few seconds; the bound holds for games of any length.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, GreedyBot, RandomBot, SearchBot, apply, start_game
from games.engine.bots.roster import quick_search
from games.engine.codec import state_digest
from games.engine.events import TurnBegan
from games.engine.replay import replay
from games.engine.state import GameState
from games.engine.testing.samples import sample_decks_for
from tests.games.engine.test_invariants import check_cards_are_conserved

# Set-up's actions: two Realm Stones and at most one redraw each (R6–R8).
SETUP_ACTIONS = 4
BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "quick-search": quick_search,
    "search": lambda seed: SearchBot(seed, playouts=4, max_actions=200),
}
PAIRS = [("random", "greedy"), ("greedy", "greedy"), ("greedy", "search")]
PAIRS += [("search", "random"), ("search", "search"), ("quick-search", "greedy")]
PAIRS += [("random", "quick-search")]
# Turns a game is played for: the Activation phases of beta-2026-07 are long, a turn
# of one action (R27) is short.
TURNS = {"beta-2026-07": 2, "beta-2025": 20, "simplified-0.1": 20}
seeds = st.integers(min_value=0, max_value=2**31)


def effect_decisions(steps) -> int:
    """The most decisions these effect steps can ask (R13's E for one effect)."""
    total = 0
    for step in steps:
        if step.verb in ("place_counters", "remove_counters"):
            total += 2 * dict(step.params)["count"] + 1
        elif step.verb in (
            "opponent_loses_cards",
            "gain_cards_back",
            "walk_spirit_path",
            "leave_spirit_path",
        ):
            total += 1
    return total


def turn_bound(state: GameState) -> int:
    """R13's T: the most actions one turn of this game can take, from its cards."""
    cards = state.cards
    steps = [[step for ability in spec.abilities for step in ability.effect] for spec in cards]
    decisions = max((effect_decisions(card_steps) for card_steps in steps), default=0)
    if state.ruleset.one_action:
        return 18 + 7 * decisions  # R27: one action, its effect, a combat
    given_back = max(
        (
            dict(s.params)["count"]
            for card_steps in steps
            for s in card_steps
            if s.verb == "gain_cards_back"
        ),
        default=0,
    )
    n = len(cards)
    plays = n * (1 + 6 * given_back)
    placements = state.ruleset.placements_per_turn
    return 4 * placements + 4 + plays * (6 + decisions) + n * (26 + 7 * decisions)


def play(ruleset_name: str, names: tuple[str, str], seed: int):
    """A short game between the bots ``names``: (ruleset, decks, actions, events, states)."""
    ruleset = RULESETS[ruleset_name].with_options(max_turns=TURNS[ruleset_name])
    decks = sample_decks_for(ruleset_name, seed % 1000)
    bots = [BOTS[name](seed * 2 + seat) for seat, name in enumerate(names)]
    state, opening = start_game(ruleset, decks, seed)
    bound = turn_bound(state)
    game_bound = SETUP_ACTIONS + ruleset.max_turns * bound
    actions, events, states = [], [tuple(opening)], [state]
    in_turn = 0
    while state.result is None:
        assert in_turn <= bound, f"turn {state.turn} is past R13's bound of {bound} actions"
        assert len(actions) <= game_bound, f"past R26's bound of {game_bound} actions"
        action = bots[state.to_decide].choose(state)
        state, emitted = apply(state, action)
        actions.append(action)
        events.append(tuple(emitted))
        states.append(state)
        in_turn = 0 if any(isinstance(e, TurnBegan) for e in emitted) else in_turn + 1
    return ruleset, decks, seed, tuple(actions), tuple(events), states


def check_game(ruleset: str, names: tuple[str, str], seed: int) -> None:
    """Play the game; it ended, kept its cards and replays to the same events and state."""
    rules, decks, seed, actions, events, states = play(ruleset, names, seed)
    final = states[-1]
    assert final.result is not None and final.result.winner in (0, 1, None)
    for state in states:
        check_cards_are_conserved(state)
    replayed = replay(rules, decks, seed, actions)
    assert replayed.events == events
    assert state_digest(replayed.final) == state_digest(final)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("names", PAIRS, ids="-".join)
@settings(max_examples=2, deadline=None)
@given(seed=seeds)
def test_bots_games_end_within_the_bound_and_replay_R13_R26(ruleset, names, seed):
    check_game(ruleset, names, seed)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_random_games_of_many_seeds_end_within_the_bound_and_replay_R13_R26(ruleset, seed):
    """Random play is cheap: many more seeds of the same checks."""
    check_game(ruleset, ("random", "random"), seed)


def test_the_bound_counts_the_sample_decks_as_the_rulebook_says_R13():
    """docs/rules.md works the bound out for two 40-card sample decks: T ≤ 16,336."""
    state, _ = start_game(RULESETS["beta-2026-07"], sample_decks_for("beta-2026-07", 1), 1)
    assert len(state.cards) == 80
    assert turn_bound(state) == 16_336
