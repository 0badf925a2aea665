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

A replay's page asks for any state of a match (``replay_position``). Rebuilding it from
the start on every request cost a public match's every visitor half a second, so a
match keeps checkpoints: the positions at every ``checkpoint_every`` actions, in one
cache entry, each named by the stored digest of its state (a stored digest is the
record up to it, so an undo or a changed record never meets a stale checkpoint). A
state is served from the checkpoint at or before it, at most ``checkpoint_every - 1``
actions applied; a checkpoint missing is rebuilt from the nearest one before it, with
every digest on the way checked, and the record is bounded (``games.matches.replays``).
A window of states (``replay_positions``, what a replay's page fetches ahead) is one walk
from the checkpoint before its first state.
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
# About how many actions apart a replay's checkpoints are (a multiple of digest_every).
CHECKPOINT_ACTIONS = 50
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


def checkpoint_every(match: Match) -> int:
    """How many actions apart ``match``'s replay checkpoints are: a multiple of its
    ``digest_every``, so each checkpoint's state has a stored digest to name it by."""
    every = match.digest_every
    return every * max(1, CHECKPOINT_ACTIONS // every)


def replay_position(match: Match, number: int) -> Position:
    """State ``number`` of the match (0 ... its number), with the events that led to it:
    from the checkpoint at or before it, at most ``checkpoint_every(match) - 1`` actions
    applied (see the module); raises RecordMismatch."""
    if number == match.number:
        now = match_position(match)
        return Position(now.number, now.state, now.log[-1:])
    return replay_positions(match, number, number)[0]


def replay_positions(match: Match, first: int, last: int) -> tuple[Position, ...]:
    """States ``first`` to ``last`` of the match (0 <= first <= last <= its number), each
    with the events that led to it: played forward once from the checkpoint at or before
    ``first`` (a replay's window of states costs one walk, not one a state); raises
    RecordMismatch."""
    if not 0 <= first <= last <= match.number:
        raise ValueError(f"No states {first} to {last} in a match of {match.number}.")
    stride = checkpoint_every(match)
    key = f"{position_key(match)}:checkpoints"
    stored = cache.get_many([key, _fixtures_key(match)])
    checkpoints = stored.get(key)
    checkpoints = checkpoints if isinstance(checkpoints, dict) else {}
    fixtures = stored.get(_fixtures_key(match))
    fixtures = fixtures if isinstance(fixtures, tuple) else None
    start = (
        None
        if fixtures is None
        else _checkpoint_before(match, first, stride, checkpoints, fixtures)
    )
    positions, made = _played_forward(match, start, first, last, stride)
    if made:
        if fixtures is None:
            # Written first: a checkpoint is read back with them.
            fixtures = game_of(match).fixtures(positions[0].state)
            cache.set(_fixtures_key(match), fixtures, FIXTURES_SECONDS)
        packed = {
            at: (digest, _packed(made_at, fixtures)) for at, (digest, made_at) in made.items()
        }
        cache.set(key, {**checkpoints, **packed}, CACHE_SECONDS)
    return positions


def _checkpoint_before(
    match: Match, number: int, stride: int, checkpoints: dict, fixtures: tuple[Any, ...]
) -> Position | None:
    """The latest stored checkpoint at or before ``number`` still naming the record's
    digest, or None."""
    for at in range(number // stride * stride, -1, -stride):
        held = checkpoints.get(at)
        if not isinstance(held, tuple) or len(held) != 2:
            continue
        digest, packed = held
        if digest != match.digests[at // match.digest_every]:
            continue
        try:
            position = _FixturesTakenBack(io.BytesIO(packed), fixtures).load()
        except (pickle.UnpicklingError, AttributeError, EOFError, ImportError, LookupError):
            continue
        if isinstance(position, Position) and position.number == at:
            return position
    return None


def _played_forward(
    match: Match, start: Position | None, first: int, last: int, stride: int
) -> tuple[tuple[Position, ...], dict]:
    """(the positions after ``first`` to ``last`` actions, {number: (digest, position)} of
    the checkpoints reached on the way), from ``start`` or the game's start; each digest
    passed is checked."""
    game = game_of(match)
    every = match.digest_every
    made = {}
    if start is None:
        try:
            state, opening = game.start(match.ruleset, match.options, match.decks, match.seed)
        except ValueError as error:
            raise RecordMismatch(f"The record is not a game: {error}") from None
        start = Position(0, state, ((0, tuple(opening)),))
        _check_digest(game, match, start)
        made[0] = (match.digests[0], start)
    position = start
    kept = [position] if position.number >= first else []
    for index in range(start.number, last):
        try:
            action = game.action_from_json(match.actions[index])
            state, events = game.apply(position.state, action)
        except ValueError as error:  # IllegalMove
            raise RecordMismatch(f"The record does not replay: {error}") from None
        position = Position(index + 1, state, ((index + 1, tuple(events)),))
        if position.number % every == 0:
            _check_digest(game, match, position)
        if position.number % stride == 0:
            made[position.number] = (match.digests[position.number // every], position)
        if position.number >= first:
            kept.append(position)
    return tuple(kept), made


def _check_digest(game: Game, match: Match, position: Position) -> None:
    recorded = match.digests[position.number // match.digest_every]
    if game.digest(position.state) != recorded:
        raise RecordMismatch(
            f"The record does not replay: the state after {position.number} actions differs "
            "from the one recorded."
        )


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
    "replay_position",
    "replay_positions",
]
