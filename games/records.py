"""A match's game rebuilt from its record: ruleset, decks by value, seed, actions, digests.

Rebuilding replays every action and checks the stored digests, so a record that
no longer reproduces its game (a changed rule, a corrupted row) is caught. The
position a request needs (the state now and the latest events) is cached, one
entry a match holding its latest position and the revision and state number it
is for: every write bumps the revision and revisions never repeat, so an undo
that goes back and a new action that goes forward again never meet a stale
entry, and a match leaves one entry in the cache, not one an action (the file
cache lists its folder before every write). Within one request the position is
kept on the match row object it was read for, so a request reads the cache once,
and so is the fact that its fixtures are in the cache, so an act that read them does
not ask after them again to write the next position.
Nothing is kept in a process between requests: every process reads the same cache,
so what one process wrote is what the next reads.

A position is pickled without its match's fixtures (``Game.fixtures``: in Shén
the cards by value and the board's tables, five sixths of the bytes and of the
time to pickle it), which the match keeps in an entry of their own, written once:
pickling a mid-game position takes a third of the time (0.4 ms, not 1.1-1.4, here)
and the cache compresses and writes 5 KB instead of 33. Reading the engine's canonical JSON
back instead would cost 15-45 ms for a mid-game state (every card spec is rebuilt).
The keys also carry a fingerprint of the engine's source, so values pickled by
another version of the engine are never read.
"""

from __future__ import annotations

import hashlib
import io
import pickle
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
# A match's fixtures outlive its positions: a position whose fixtures are gone is a miss.
FIXTURES_SECONDS = 24 * CACHE_SECONDS


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
    stand = _stand_key(match)
    held = getattr(match, "_position", None)
    if held is not None and held[0] == stand:
        return held[1]
    position = _position_cached(match)
    if position is None:
        position = position_from(match_replayed(match))
        position_remember(match, position)
        return position
    match._position = (stand, position)
    # Read from the cache with the position: a write later in this request need not ask.
    match._fixtures_kept = _fixtures_key(match)
    return position


def position_remember(match: Match, position: Position) -> None:
    """Cache ``position`` as the one ``match``'s actions lead to (at its current revision),
    in place of the match's earlier one."""
    key = position_key(match)
    fixtures = game_of(match).fixtures(position.state)
    # Written once a match (again if it was culled), not with every position; not even
    # asked after when this request read them or wrote them already (an act reads the
    # position, fixtures and all, then writes the next one).
    kept = _fixtures_key(match)
    if getattr(match, "_fixtures_kept", None) != kept and not cache.has_key(kept):
        cache.set(kept, fixtures, FIXTURES_SECONDS)
    match._fixtures_kept = kept
    stand = _stand_key(match)
    cache.set(key, (stand, _packed(position, fixtures)), CACHE_SECONDS)
    match._position = (stand, position)


def position_key(match: Match) -> str:
    """The cache key of the match's position: one entry a match, naming the revision it is
    for. The creation time tells apart two matches given the same id (a database restored,
    or rolled back)."""
    made = match.created_at.timestamp() if match.created_at else 0
    return f"games:position:{ENGINE_FINGERPRINT}:{match.pk}:{made}"


def _fixtures_key(match: Match) -> str:
    return f"{position_key(match)}:fixtures"


def _stand_key(match: Match) -> str:
    """The match where it stands: its position's key, its revision and its state number."""
    return f"{position_key(match)}:{match.revision}:{match.number}"


def _position_cached(match: Match) -> Position | None:
    """The match's position from the cache, if the cache holds the one it stands at."""
    key = position_key(match)
    entry = cache.get(key)
    if not isinstance(entry, tuple) or len(entry) != 2 or entry[0] != _stand_key(match):
        return None
    fixtures = cache.get(_fixtures_key(match))
    if not isinstance(fixtures, tuple):
        return None
    try:
        position = _FixturesTakenBack(io.BytesIO(entry[1]), fixtures).load()
    except (pickle.UnpicklingError, AttributeError, EOFError, ImportError, LookupError, TypeError):
        return None  # written by another version of this module: as good as gone
    return position if isinstance(position, Position) else None


def _packed(position: Position, fixtures: tuple[Any, ...]) -> bytes:
    stream = io.BytesIO()
    _FixturesLeftOut(stream, fixtures).dump(position)
    return stream.getvalue()


class _FixturesLeftOut(pickle.Pickler):
    """Pickles a position leaving out its match's fixtures: a value equal to one is written
    as that fixture's index (a persistent id, in pickle's words)."""

    def __init__(self, file: io.BytesIO, fixtures: tuple[Any, ...]) -> None:
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self.by_type: dict[type, list[tuple[int, Any]]] = {}
        for index, fixture in enumerate(fixtures):
            self.by_type.setdefault(type(fixture), []).append((index, fixture))

    def persistent_id(self, obj: Any) -> int | None:
        # Called for every value pickled: a dictionary look-up by type keeps it cheap.
        for index, fixture in self.by_type.get(type(obj), ()):
            if obj == fixture:
                return index
        return None


class _FixturesTakenBack(pickle.Unpickler):
    """Reads what :class:`_FixturesLeftOut` wrote, taking each fixture back by its index."""

    def __init__(self, file: io.BytesIO, fixtures: tuple[Any, ...]) -> None:
        super().__init__(file)
        self.fixtures = fixtures

    def persistent_load(self, pid: Any) -> Any:
        return self.fixtures[pid]


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
