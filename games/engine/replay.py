"""Replaying a stored match: ruleset + decks + seed + action log gives the game back.

Every random draw comes from the seed inside the state, so applying the same
actions to the same starting state reproduces every state and event. A match
also stores the digest of every N-th state; a replay checks them as it goes and
stops at the first state that differs (a changed rule, a corrupted log).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine.actions import Action
from games.engine.cards import CardSpec
from games.engine.codec import state_digest
from games.engine.events import Event
from games.engine.game import apply
from games.engine.ruleset import Ruleset
from games.engine.setup import DeckList, Scenario, start_game
from games.engine.state import GameState


class ReplayMismatch(Exception):
    """A replayed state whose digest differs from the one recorded for it.

    ``index`` counts the actions applied before that state (0: the starting state).
    """

    def __init__(self, index: int, expected: str, got: str) -> None:
        super().__init__(f"state after {index} actions has digest {got}, recorded {expected}")
        self.index = index
        self.expected = expected
        self.got = got


@dataclass(frozen=True)
class ReplayResult:
    """The states of a replayed match and the events that led to each.

    ``states[0]`` is the starting state and ``events[0]`` the set-up events
    (the first-player roll); ``states[i + 1]`` is the state after
    ``actions[i]``, whose events are ``events[i + 1]``.
    """

    states: tuple[GameState, ...]
    events: tuple[tuple[Event, ...], ...]

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.states[-1]


def record_digests(states: Sequence[GameState], every: int) -> tuple[str, ...]:
    """The digests of ``states[0]``, ``states[every]``, ``states[2 * every]``, ..."""
    _check_every(every)
    return tuple(state_digest(state) for state in states[::every])


def replay(
    ruleset: Ruleset,
    decks: Sequence[DeckList | Mapping[str, Any] | Sequence[CardSpec]],
    seed: int,
    actions: Iterable[Action],
    *,
    scenario: Scenario | None = None,
    digests: Sequence[str] | None = None,
    every: int = 1,
) -> ReplayResult:
    """Rebuild a match from its action log.

    With ``digests`` (from ``record_digests(states, every)``) each recorded
    state is checked as soon as it is reached; the first difference raises
    ReplayMismatch. An action the engine refuses raises its IllegalAction.
    """
    _check_every(every)
    state, opening = start_game(ruleset, decks, seed, scenario)
    states = [state]
    events = [tuple(opening)]
    _verify(digests, every, 0, state)
    for index, action in enumerate(actions, start=1):
        state, emitted = apply(state, action)
        states.append(state)
        events.append(tuple(emitted))
        _verify(digests, every, index, state)
    if digests is not None and len(digests) > len(states[::every]):
        # The log stops before a state that was recorded: the match was cut short.
        index = len(states[::every]) * every
        raise ReplayMismatch(index, digests[len(states[::every])], "no such state")
    return ReplayResult(states=tuple(states), events=tuple(events))


def _verify(digests: Sequence[str] | None, every: int, index: int, state: GameState) -> None:
    if digests is None or index % every:
        return
    slot = index // every
    if slot >= len(digests):
        return
    got = state_digest(state)
    if got != digests[slot]:
        raise ReplayMismatch(index, digests[slot], got)


def _check_every(every: int) -> None:
    if not isinstance(every, int) or isinstance(every, bool) or every < 1:
        raise ValueError(f"every must be a positive whole number of actions, not {every!r}")
