"""A match's whole log, turn by turn, as one viewer may read it: what the replay shows
beside the board (each entry a link to the state it led to) and the post-game summary.

Who reads what (``reader_of``): once the match is over, everything (the replay shows both
hands then, and its file holds the seed and both decks anyway); while it is played, a
player reads their own seat's log, as their table showed it, and anyone else, the owner
of a hot-seat match included (whoever holds the device may be either player), reads a
spectator's.

Building it replays the whole record (a long game's 500 actions in about a tenth of a
second), so it is cached, one entry a match, reader and revision: a finished match's log
is built once.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from django.core.cache import cache

from games.matches.records import CACHE_SECONDS, game_of, match_replayed, position_key
from games.matches.seats import seats_of
from games.models import FirstTurn, Match, Status
from games.play import ending_words, seat_name

# The reader who sees everything: a match that is over hides nothing any more.
EVERYTHING = "everything"


@dataclass(frozen=True)
class LogEntry:
    """What one action did, in words: ``number`` is the state it led to (0: the set-up)."""

    number: int
    lines: tuple[str, ...]


@dataclass(frozen=True)
class LogTurn:
    """One turn's entries; ``start`` is its first state (0 for the set-up)."""

    turn: int
    start: int
    player: str
    entries: tuple[LogEntry, ...]

    @property
    def title(self) -> str:
        """ "Set-up", or "Turn 3 · Blue"."""
        return "Set-up" if self.turn == 0 else f"Turn {self.turn} · {self.player}"


@dataclass(frozen=True)
class WholeLog:
    """The match's log up to its state ``last``, turn by turn."""

    turns: tuple[LogTurn, ...]
    last: int

    @property
    def starts(self) -> tuple[int, ...]:
        """The first state of every turn, in order."""
        return tuple(turn.start for turn in self.turns)

    @property
    def turns_played(self) -> int:
        """How many turns were begun (the set-up is none)."""
        return max((turn.turn for turn in self.turns), default=0)

    def turn_before(self, number: int) -> int | None:
        """The start of the turn state ``number`` is in, or of the one before when it is
        that start (None at the first)."""
        at = bisect_left(self.starts, number)
        return self.starts[at - 1] if at else None

    def turn_after(self, number: int) -> int | None:
        """The start of the next turn after state ``number`` (None in the last turn)."""
        at = bisect_right(self.starts, number)
        return self.starts[at] if at < len(self.starts) else None


def reader_of(match: Match, user) -> int | str | None:
    """Whose log ``user`` reads (see the module): EVERYTHING, a seat, or None (a
    spectator's)."""
    if match.is_over:
        return EVERYTHING
    seats = seats_of(match, user)
    return seats[0] if len(seats) == 1 else None


def whole_log_for(match: Match, user) -> WholeLog:
    """The match's whole log as ``user`` may read it (from the cache, else replayed);
    raises RecordMismatch."""
    reader = reader_of(match, user)
    key = f"{position_key(match)}:log:{match.revision}:{match.number}:{reader}"
    held = cache.get(key)
    if isinstance(held, WholeLog):
        return held
    log = _whole_log(match, reader)
    cache.set(key, log, CACHE_SECONDS)
    return log


def _whole_log(match: Match, reader: int | str | None) -> WholeLog:
    game = game_of(match)
    replayed = match_replayed(match)
    first_chosen = match.first_turn != FirstTurn.DICE
    turns: list[LogTurn] = []
    entries: list[LogEntry] = []
    for number, (state, events) in enumerate(zip(replayed.states, replayed.events, strict=True)):
        if not turns or state.turn != turns[-1].turn:
            if turns:
                turns[-1] = _with(turns[-1], entries)
            turns.append(LogTurn(state.turn, number, seat_name(state.turn_player), ()))
            entries = []
        seen = events if reader == EVERYTHING else game.events_for(events, reader)
        lines = tuple(game.log_line(event, first_chosen=first_chosen) for event in seen)
        if lines:
            entries.append(LogEntry(number, lines))
    if match.status == Status.RESIGNED and match.result:
        # A resignation is no action of the game: its line closes the log, as on the table.
        entries.append(LogEntry(match.number, (ending_words(match.result),)))
    turns[-1] = _with(turns[-1], entries)
    return WholeLog(tuple(turns), match.number)


def _with(turn: LogTurn, entries: list[LogEntry]) -> LogTurn:
    return LogTurn(turn.turn, turn.start, turn.player, tuple(entries))
