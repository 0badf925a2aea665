"""A game played by bots alone, for simulations, benchmarks and tests: what a bot is, and
``play_game``, which seats one per player and plays to the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from games.engine.actions import Action
from games.engine.cards import CardSpec
from games.engine.events import Event
from games.engine.game import apply
from games.engine.ruleset import Ruleset
from games.engine.setup import DeckList, Scenario, start_game
from games.engine.state import GameState


class Bot(Protocol):
    """Anything that picks an action for the player who must act in ``state``."""

    def choose(self, state: GameState) -> Action: ...


class GameStalled(RuntimeError):
    """A game that stopped progressing: a decision with no answer, or no end in sight."""


# Far above any real game (60 turns of placements and steps): only an engine
# bug that loops without ending turns gets here.
MAX_ACTIONS = 100_000


def play_game(
    ruleset: Ruleset,
    decks: Sequence[DeckList | Mapping[str, Any] | Sequence[CardSpec]],
    seed: int,
    bots: Sequence[Bot],
    *,
    scenario: Scenario | None = None,
    max_actions: int = MAX_ACTIONS,
) -> tuple[GameState, tuple[Action, ...], tuple[tuple[Event, ...], ...]]:
    """Play a whole game, ``bots[p]`` answering for player ``p``.

    Returns (final state, the actions in order, the events): ``events[0]`` are
    the set-up events and ``events[i + 1]`` those of ``actions[i]``, the same
    shape ``replay`` gives back. The ruleset's turn limit (R26) ends every game.
    """
    state, opening = start_game(ruleset, decks, seed, scenario)
    actions = []
    events = [tuple(opening)]
    while state.result is None:
        if len(actions) >= max_actions:
            raise GameStalled(f"no result after {max_actions} actions (turn {state.turn})")
        action = bots[state.to_decide].choose(state)
        state, emitted = apply(state, action)
        actions.append(action)
        events.append(tuple(emitted))
    return state, tuple(actions), tuple(events)
