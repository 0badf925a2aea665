"""A match's game rebuilt from its record: ruleset, decks by value, seed, actions, digests.

Rebuilding replays every action and checks the stored digests, so a record that
no longer reproduces its game (a changed rule, a corrupted row) is caught. The
position a request needs (the state now and the latest events) is cached under
the match, its revision and its state number: every write bumps the revision and
revisions never repeat, so an undo that goes back and a new action that goes
forward again never meet a stale entry. Within one request the position is kept
on the match row object it was read for, so a request reads the cache once, and
each process keeps its last few positions (:data:`RECENT`): a revision names one
list of actions for good, so a remembered position can never be stale, only gone.
The cache holds the engine's values as the cache pickles them: reading the
engine's canonical JSON back costs 15-45 ms for a mid-game state (every card
spec is rebuilt), unpickling about 2 ms.
The key also carries a fingerprint of the engine's source, so values pickled by
another version of the engine are never read.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
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


class RecentPositions:
    """The last ``size`` positions this process read or wrote, by cache key (thread-safe)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[str, Position] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Position | None:
        with self._lock:
            position = self._entries.get(key)
            if position is not None:
                self._entries.move_to_end(key)
            return position

    def put(self, key: str, position: Position) -> None:
        with self._lock:
            self._entries[key] = position
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)


RECENT = RecentPositions(64)


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
    key = position_key(match)
    held = getattr(match, "_position", None)
    if held is not None and held[0] == key:
        return held[1]
    cached = RECENT.get(key) or cache.get(key)
    if isinstance(cached, Position):
        RECENT.put(key, cached)
        match._position = (key, cached)
        return cached
    position = position_from(match_replayed(match))
    position_remember(match, position)
    return position


def position_remember(match: Match, position: Position) -> None:
    """Cache ``position`` as the one ``match``'s actions lead to."""
    key = position_key(match)
    cache.set(key, position, CACHE_SECONDS)
    RECENT.put(key, position)
    match._position = (key, position)


def position_key(match: Match) -> str:
    """The cache key of the match's position at its current revision. The creation time
    tells apart two matches given the same id (a database restored, or rolled back)."""
    made = match.created_at.timestamp() if match.created_at else 0
    return f"games:position:{ENGINE_FINGERPRINT}:{match.pk}:{made}:{match.revision}:{match.number}"


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
