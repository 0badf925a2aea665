"""A match's game rebuilt from its record: ruleset, decks by value, seed, actions, digests.

Rebuilding replays every action and checks the stored digests, so a record that
no longer reproduces its game (a changed rule, a corrupted row) is caught. The
position a request needs (the state now and the latest events) is cached under
the match, its state number and a fingerprint of its actions: an undo that goes
back and a new action that goes forward again make a different fingerprint, so a
cached position is never stale. The cache holds the engine's values as the cache
pickles them: reading the engine's canonical JSON back costs 15-45 ms for a
mid-game state (every card spec is rebuilt), unpickling about 2 ms (bench/matches.py).
The key also carries a fingerprint of the engine's source, so values pickled by
another version of the engine are never read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.core.cache import cache

from games.models import Match
from games.play import GAMES, Game, RecordMismatch, Replayed

# How many actions' events a position keeps for the table's log.
LOG_ACTIONS = 30
CACHE_SECONDS = 60 * 60


def _engine_fingerprint() -> str:
    engine = Path(__file__).resolve().parent / "engine"
    digest = hashlib.sha256()
    for source in sorted(engine.glob("*.py")):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:12]


ENGINE_FINGERPRINT = _engine_fingerprint()


@dataclass(frozen=True)
class Position:
    """A match's game as it stands after ``number`` actions, and the events of the last
    few actions (``log``: (number of the state they led to, events), oldest first)."""

    number: int
    state: Any
    log: tuple[tuple[int, tuple[Any, ...]], ...]

    def followed_by(self, state: Any, events: Sequence[Any]) -> Position:
        """The position one action later."""
        log = (*self.log, (self.number + 1, tuple(events)))[-LOG_ACTIONS:]
        return Position(self.number + 1, state, log)


def game_of(match: Match) -> Game:
    """The game ``match`` plays."""
    return GAMES[match.game]


def match_replayed(match: Match, *, upto: int | None = None) -> Replayed:
    """Every state of the match (up to state ``upto``), replayed from its record with its
    digests checked; raises RecordMismatch."""
    actions = match.actions if upto is None else match.actions[:upto]
    return game_of(match).replay(
        match.ruleset,
        match.options,
        match.decks,
        match.seed,
        actions,
        digests=match.digests[: len(actions) // match.digest_every + 1],
        every=match.digest_every,
    )


def position_from(replayed: Replayed) -> Position:
    """The last position of a replay, with its latest events."""
    numbered = tuple(enumerate(replayed.events))[-LOG_ACTIONS:]
    return Position(len(replayed.states) - 1, replayed.states[-1], numbered)


def match_position(match: Match) -> Position:
    """The match as it stands: from the cache, else replayed from the record (and cached)."""
    cached = cache.get(position_key(match.pk, match.actions))
    if isinstance(cached, Position):
        return cached
    position = position_from(match_replayed(match))
    position_remember(match, position)
    return position


def position_remember(match: Match, position: Position) -> None:
    """Cache ``position`` as the one ``match``'s actions lead to."""
    cache.set(position_key(match.pk, match.actions), position, CACHE_SECONDS)


def position_key(pk: int, actions: Sequence[Any]) -> str:
    """The cache key of the position that ``actions`` lead to in match ``pk``."""
    text = json.dumps(actions, sort_keys=True, separators=(",", ":"))
    fingerprint = hashlib.sha256(text.encode()).hexdigest()[:24]
    return f"games:position:{ENGINE_FINGERPRINT}:{pk}:{len(actions)}:{fingerprint}"


def digests_after(game: Game, digests: list[str], every: int, states: Sequence[Any], first: int):
    """``digests`` extended for ``states``, the states numbered ``first``, ``first + 1``, ..."""
    extended = list(digests)
    for offset, state in enumerate(states):
        if (first + offset) % every == 0:
            extended.append(game.digest(state))
    return extended


__all__ = [
    "Position",
    "RecordMismatch",
    "digests_after",
    "game_of",
    "match_position",
    "match_replayed",
    "position_from",
    "position_key",
    "position_remember",
]
