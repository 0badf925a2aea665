"""A game is a function of (ruleset, decks by value, seed, actions) and nothing else.

Each seeded random game below is played in several ways that must not matter:
card specs rebuilt from JSON before every step, the whole state rebuilt from
JSON before every step, every action sent through its client JSON form, two
games interleaved step by step, two games in two threads at once, and a replay
in a fresh Python process. Every way must give the same digest after every
action as the plain game.
"""

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from games.engine import RULESETS, DeckList, GameState, apply, legal_actions, start_game
from games.engine.bots import RandomBot
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.codec import from_json, state_digest, to_json
from games.engine.testing.samples import sample_decks, sample_decks_for

SEEDS = (1, 2, 3, 4)
RULESET = RULESETS["beta-2026-07"]
ROOT = Path(__file__).resolve().parents[3]

Rebuild = Callable[[GameState], GameState]


def _same(state: GameState) -> GameState:
    return state


def _specs_from_json(state: GameState) -> GameState:
    # New CardSpec objects, equal by value, for every card of the game.
    return replace(state, cards=from_json(to_json(state.cards)))


def _state_from_json(state: GameState) -> GameState:
    return from_json(to_json(state))


def game_steps(
    seed: int,
    decks: tuple[DeckList, DeckList] | None = None,
    *,
    rebuild: Rebuild = _same,
    sent_as_json: bool = False,
    ruleset: str = RULESET.name,
) -> Iterator[tuple[str, dict]]:
    """(digest, the action's JSON) after each action of a seeded random game."""
    rules = RULESETS[ruleset]
    if rules.one_action:
        rules = rules.with_options(max_turns=80)  # short games keep the suite quick
    state, _ = start_game(rules, decks or sample_decks_for(ruleset, seed), seed)
    bots = (RandomBot(seed * 2), RandomBot(seed * 2 + 1))
    while state.result is None:
        state = rebuild(state)
        action = bots[state.to_decide].choose(state)
        sent = action_to_json(action)
        if sent_as_json:
            action = action_from_json(json.loads(json.dumps(sent)))
        state, _ = apply(state, action)
        yield state_digest(state), sent


def digests(seed: int, **ways) -> list[str]:
    return [digest for digest, _ in game_steps(seed, **ways)]


@pytest.fixture(scope="module")
def plain() -> dict[int, list[str]]:
    return {seed: digests(seed) for seed in SEEDS}


# Decoding every card before every step is slow: two games show it.
@pytest.mark.parametrize("seed", SEEDS[:2])
def test_card_specs_rebuilt_from_json_before_every_step_play_the_same_game(seed, plain):
    assert digests(seed, rebuild=_specs_from_json) == plain[seed]


# Decoding a whole state every step is the slowest way: one game shows it.
@pytest.mark.parametrize("seed", SEEDS[:1])
def test_the_state_rebuilt_from_json_before_every_step_plays_the_same_game(seed, plain):
    assert digests(seed, rebuild=_state_from_json) == plain[seed]


EARLIER = sorted(name for name, rules in RULESETS.items() if rules.one_action)


@pytest.mark.parametrize("ruleset", EARLIER)
def test_earlier_rulesets_play_the_same_game_from_json_states_and_actions(ruleset):
    plain_game = digests(2, ruleset=ruleset)
    assert plain_game == digests(2, ruleset=ruleset)
    assert digests(2, ruleset=ruleset, rebuild=_state_from_json, sent_as_json=True) == plain_game


@pytest.mark.parametrize("seed", SEEDS)
def test_every_action_sent_as_json_plays_the_same_game(seed, plain):
    assert digests(seed, sent_as_json=True) == plain[seed]


@pytest.mark.parametrize("seed", SEEDS)
def test_decks_of_equal_but_distinct_card_objects_play_the_same_game(seed, plain):
    copied = tuple(
        replace(deck, cards=tuple(from_json(to_json(spec)) for spec in deck.cards))
        for deck in sample_decks(seed)
    )
    originals = sample_decks(seed)[0].cards
    assert all(a is not b for a, b in zip(copied[0].cards, originals, strict=True))
    assert digests(seed, decks=copied) == plain[seed]


def test_two_games_interleaved_step_by_step_play_as_alone(plain):
    first, second = game_steps(SEEDS[0]), game_steps(SEEDS[1])
    played: dict[int, list[str]] = {SEEDS[0]: [], SEEDS[1]: []}
    running = {SEEDS[0]: first, SEEDS[1]: second}
    while running:
        for seed, steps in list(running.items()):
            step = next(steps, None)
            if step is None:
                del running[seed]
            else:
                played[seed].append(step[0])
    assert played[SEEDS[0]] == plain[SEEDS[0]]
    assert played[SEEDS[1]] == plain[SEEDS[1]]


def test_games_in_two_threads_at_once_play_as_alone(plain):
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(digests, SEEDS))
    assert results == [plain[seed] for seed in SEEDS]


def test_legal_lists_of_a_state_and_its_json_copy_are_equal():
    state, _ = start_game(RULESET, sample_decks(5), 5)
    bot = RandomBot(10)
    for _ in range(150):
        if state.result is not None:
            break
        copy = from_json(to_json(state))
        assert copy == state
        assert legal_actions(copy) == legal_actions(state)
        state, _ = apply(state, bot.choose(state))


_REPLAY_IN_A_FRESH_PROCESS = """
import json, sys
from games.engine.testing.samples import sample_decks, sample_decks_for
from games.engine import RULESETS
from games.engine.client.action_json import action_from_json
from games.engine.codec import state_digest
from games.engine.replay import replay

seed, actions = json.load(sys.stdin)
result = replay(RULESETS["beta-2026-07"], sample_decks(seed), seed,
                [action_from_json(a) for a in actions])
print(json.dumps([state_digest(s) for s in result.states[1:]]))
"""


def test_a_replay_in_a_fresh_process_matches(plain):
    seed = SEEDS[2]
    actions = [sent for _, sent in game_steps(seed)]
    done = subprocess.run(
        [sys.executable, "-c", _REPLAY_IN_A_FRESH_PROCESS],
        input=json.dumps([seed, actions]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout) == plain[seed]
