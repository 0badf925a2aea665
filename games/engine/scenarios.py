"""Scenarios (M1): the board, its anchor points, the number of players and the teams.

A scenario is data the designer names and edits, like a format. Every field
left out takes M1's default for the players it seats: 8×8 for two, 10×10 for
three or four, 12×12 for five or six, anchor points on the four corner spaces
(or the ruleset's own where the board is the ruleset's size).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.engine.board import MIN_SIDE
from games.engine.seats import MAX_SEATS, MIN_SEATS

# R1 allows any board; the site draws and the bots search boards up to this side.
MAX_SIDE = 16
# R5: one to six anchor points.
MAX_ANCHORS = 6


# Fields added after scenarios were first stored (anchors only): left out of a stored
# scenario while they hold their default (codec.OMIT_DEFAULT), so its digest stays.
_ADDED = MappingProxyType({"omit_default": True})


def _added(default: Any) -> Any:
    return field(default=default, metadata=_ADDED)


class ScenarioError(ValueError):
    """A scenario that cannot be played, with the reason in the players' words."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """Board size, anchor points (1–6 space names, or vertex names where the ruleset
    puts anchors on vertices), players (2–6) and teams (0: none, else 2 or 3 teams of
    equal size). ``None`` takes M1's default."""

    anchors: tuple[str, ...] | None = None
    width: int | None = _added(None)
    height: int | None = _added(None)
    players: int = _added(2)
    teams: int = _added(0)


def default_side(players: int) -> int:
    """M1: the board's side for this many players."""
    return 8 if players <= 2 else 10 if players <= 4 else 12


def corner_spaces(width: int, height: int) -> tuple[str, ...]:
    """The names of a W×H board's four corner spaces (M1's default anchor points)."""
    last_file = chr(ord("a") + width - 1)
    return ("a1", f"{last_file}1", f"a{height}", f"{last_file}{height}")


def team_seats(players: int, teams: int) -> tuple[int, ...]:
    """M2: the team of each seat, alternating round the table (A, B, A, B… or A, B, C,
    A, B, C…); () without teams."""
    if not teams:
        return ()
    return tuple(seat % teams for seat in range(players))


def check_seating(players: int, teams: int) -> None:
    """Raise ScenarioError unless ``players`` and ``teams`` make a game (M1)."""
    if type(players) is not int or not MIN_SEATS <= players <= MAX_SEATS:
        raise ScenarioError(f"a game has {MIN_SEATS} to {MAX_SEATS} players (M1)")
    if teams == 0:
        return
    if teams not in (2, 3) or players % teams or players == teams:
        raise ScenarioError(
            "teams are 2 or 3 teams of equal size, each of at least two players (M1)"
        )


def check_board(width: int, height: int) -> None:
    """Raise ScenarioError unless the board is W×H with sides of 4 to 16 (R1, M1)."""
    for side, name in ((width, "width"), (height, "height")):
        if type(side) is not int or not MIN_SIDE <= side <= MAX_SIDE:
            raise ScenarioError(f"the board's {name} is {MIN_SIDE} to {MAX_SIDE} spaces (R1)")
