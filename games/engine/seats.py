"""Seats round the table: turn order, opponents and allies, players who are out (M2–M8).

A game has 2 to 6 seats, numbered clockwise from 0; seat ``p`` is player ``p``
(``state.hands[p]`` and every other per-player tuple). Turns go clockwise and
so does every round of alternating steps (M3); Realm Stones are placed
anticlockwise from the first player (M2). With teams (``state.teams``, a team
number per seat) team-mates are allies and everyone else an opponent (M4);
without, every other seat is an opponent. A player who is out (M7) is skipped
by every round and is nobody's opponent.

Two-player games are the case every rule was first written for: there the
next seat is the other one and so is the only opponent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.engine.state import GameState

MIN_SEATS = 2
MAX_SEATS = 6


def seat_count(state: GameState) -> int:
    """How many seats the game has (players still in or not)."""
    return len(state.hands)


def seats(state: GameState) -> range:
    """Every seat, in clockwise order from seat 0."""
    return range(len(state.hands))


def is_in(state: GameState, player: int) -> bool:
    """True while ``player`` has not gone out of the game (R25, M7)."""
    return player not in state.players_out


def players_in(state: GameState) -> tuple[int, ...]:
    """The players still in, clockwise from seat 0."""
    gone = state.players_out
    return tuple(p for p in range(len(state.hands)) if p not in gone)


def team_of(state: GameState, player: int) -> int:
    """``player``'s team; without teams every player is a team of one (their seat)."""
    return state.teams[player] if state.teams else player


def are_allies(state: GameState, player: int, other: int) -> bool:
    """True when ``other`` is ``player``'s team-mate (M4); nobody is their own ally."""
    return player != other and bool(state.teams) and state.teams[player] == state.teams[other]


def is_opponent(state: GameState, player: int, other: int) -> bool:
    """True when ``other`` is still in and neither ``player`` nor a team-mate (M4)."""
    return other != player and is_in(state, other) and not are_allies(state, player, other)


def opponents(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s opponents still in, clockwise from the seat after theirs (M4)."""
    return tuple(p for p in turn_order(state, player)[1:] if is_opponent(state, player, p))


def allies(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s team-mates still in, clockwise from the seat after theirs (M4)."""
    return tuple(p for p in turn_order(state, player)[1:] if are_allies(state, player, p))


def next_in_turn(state: GameState, player: int) -> int:
    """The next player still in clockwise after ``player`` (M2, M3); ``player`` itself
    when nobody else is in."""
    count = len(state.hands)
    for step in range(1, count + 1):
        candidate = (player + step) % count
        if candidate not in state.players_out:
            return candidate
    return player


def turn_order(state: GameState, first: int) -> tuple[int, ...]:
    """The players still in, clockwise starting with ``first`` (who comes first even
    when out: a round that began with them finishes in order)."""
    count = len(state.hands)
    ring = ((first + step) % count for step in range(count))
    return tuple(p for p in ring if p == first or p not in state.players_out)


def stone_order(first: int, count: int) -> tuple[int, ...]:
    """M2: who places a Realm Stone when: the first player, then anticlockwise."""
    return tuple((first - step) % count for step in range(count))


def opponent_seats(state: GameState, player: int) -> int:
    """``player``'s opponents still in as seat bits (bit ``p`` for seat ``p``, M4): the
    board's masks and groups are checked against it with one shift."""
    count = len(state.hands)
    teams, gone = state.teams, state.players_out
    if not teams and not gone:
        return ((1 << count) - 1) & ~(1 << player)
    # is_opponent for each seat, inlined: this runs for every step search and placement.
    team = teams[player] if teams else -1
    mask = 0
    for seat in range(count):
        if seat != player and seat not in gone and (not teams or teams[seat] != team):
            mask |= 1 << seat
    return mask


def side_seats(state: GameState, player: int) -> int:
    """``player`` and their team-mates still in, as seat bits (M4)."""
    if not state.teams:
        return 1 << player
    return (1 << player) | sum(1 << p for p in allies(state, player))


def seats_mask(masks: tuple[int, ...], seats_bits: int) -> int:
    """The union of the per-seat ``masks`` of the seats in ``seats_bits``."""
    union = 0
    for seat, mask in enumerate(masks):
        if seats_bits >> seat & 1:
            union |= mask
    return union


def opponent_counter_mask(state: GameState, player: int) -> int:
    """The vertices holding an opponent's Shén counter, as a bitmask (M4)."""
    counters = state.grid.layout.counters
    if len(counters) == 2 and not state.players_out:
        return counters[1 - player]
    return seats_mask(counters, opponent_seats(state, player))


def opponent_stone_mask(state: GameState, player: int) -> int:
    """The vertices of the opponents' Realm Stones, as a bitmask (M4: any of them may be
    attacked)."""
    return seats_mask(state.grid.layout.stones, opponent_seats(state, player))
