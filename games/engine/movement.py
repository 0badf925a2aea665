"""Moving Avatars (R21), and walkers arriving on the Spirit Path.

Avatars in spaces take king steps; walkers step orthogonally between
vertices. No step enters an occupied space or vertex or a Realm Stone's
vertex, and no diagonal step crosses a Realm Stone's vertex; the last step
may enter an opponent's Avatar (a melee attack). Walkers enter only vertices
empty of counters or holding their owner's.

Engine decision: a walker stepping onto an empty vertex fills it (R11), so
after a walker arrives the engine runs ``capture_around`` for its owner
(opponent groups left without liberty are captured and cost cards, R12),
and a walker step that would leave one of its owner's own groups next to the
vertex without liberty and without chain to the Realm Stone is illegal.
"""

from __future__ import annotations

from functools import cache, lru_cache

from games.engine.avatars import with_avatar
from games.engine.board import geometry
from games.engine.capture import ShenGrid
from games.engine.card_loss import ask_to_lose
from games.engine.events import CountersCaptured, Event
from games.engine.state import Avatar, GameState, evolve, other, player_name
from games.engine.traits import trait_value


@cache
def king_steps(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each space: (neighbour, the Realm-Stone-relevant corner crossed or -1)."""
    board = geometry(width, height)
    return tuple(
        tuple(
            (n, -1 if (corner := board.diagonal_corner(s, n)) is None else corner)
            for n in board.space_neighbours[s]
        )
        for s in range(board.space_count)
    )


@cache
def _path_steps(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    board = geometry(width, height)
    return tuple(tuple((n, -1) for n in ns) for ns in board.vertex_neighbours)


def step_table(state: GameState, on_path: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The step table of the layer: spaces (king steps) or vertices (orthogonal)."""
    rules = state.ruleset
    if on_path:
        return _path_steps(rules.width, rules.height)
    return king_steps(rules.width, rules.height)


def stone_mask(state: GameState) -> int:
    """The Realm Stone vertices as a bitmask."""
    mask = 0
    for stone in state.stones:
        if stone >= 0:
            mask |= 1 << stone
    return mask


def can_enter(state: GameState, player: int, position: int, on_path: bool) -> bool:
    """May ``player``'s Avatar stand on ``position`` (ignoring other Avatars)?"""
    if not on_path:
        return True
    if stone_mask(state) >> position & 1:
        return False
    return not state.grid.counter_mask(other(player)) >> position & 1


def walker_closed(state: GameState, player: int) -> int:
    """Vertices a walker of ``player`` cannot stand on: Realm Stones, the opponent's
    counters and other walkers, as a mask."""
    closed = stone_mask(state) | state.grid.counter_mask(other(player))
    for avatar in state.avatars:
        if avatar.on_path:
            closed |= 1 << avatar.at
    return closed


# The last Avatars tuple seen and its occupancy, as one tuple so that a thread
# always reads a matching pair.
_LAST_OCCUPANCY: list[tuple] = [((), ({}, {}))]


def occupancy(avatars: tuple[Avatar, ...]) -> tuple[dict[int, Avatar], dict[int, Avatar]]:
    """({space: Avatar}, {vertex: Avatar}) for a tuple of Avatars.

    Remembers the last tuple seen (by identity): one legal_actions call asks
    for every Avatar's moves on the same board.
    """
    seen, found = _LAST_OCCUPANCY[0]
    if seen is avatars:
        return found
    spaces: dict[int, Avatar] = {}
    vertices: dict[int, Avatar] = {}
    for avatar in avatars:
        (vertices if avatar.on_path else spaces)[avatar.at] = avatar
    _LAST_OCCUPANCY[0] = (avatars, (spaces, vertices))
    return spaces, vertices


@lru_cache(maxsize=64)
def open_steps(width: int, height: int, on_path: bool, stones: int) -> tuple[tuple[int, ...], ...]:
    """For each space (vertex, ``on_path``): the positions one step away, without the
    diagonal steps across a Realm Stone's vertex and, on the Path, without the stones'
    vertices. Realm Stones never move, so this is worked out once per game."""
    if on_path:
        return tuple(
            tuple(n for n in neighbours if not stones >> n & 1)
            for neighbours in geometry(width, height).vertex_neighbours
        )
    return tuple(
        tuple(n for n, corner in steps if corner < 0 or not stones >> corner & 1)
        for steps in king_steps(width, height)
    )


# The last (ruleset, stones) seen and their two step tables, one tuple so a thread
# always reads a matching set: the stones never move once a game is set up.
_LAST_TABLES: list[tuple] = [(None, None, ((), ()))]


def _step_table(state: GameState, on_path: bool) -> tuple[tuple[int, ...], ...]:
    """``open_steps`` of the state's board and stones, without hashing them each time."""
    rules, stones, tables = _LAST_TABLES[0]
    if rules is not state.ruleset or stones != state.stones:
        rules, stones, mask = state.ruleset, state.stones, stone_mask(state)
        tables = tuple(open_steps(rules.width, rules.height, path, mask) for path in (False, True))
        _LAST_TABLES[0] = (rules, stones, tables)
    return tables[on_path]


def reach(
    state: GameState, avatar: Avatar, movement: int | None = None
) -> tuple[list[int], list[tuple[int, int]]]:
    """Where ``avatar`` can move: (sorted destinations, sorted [(defender card, origin)]).

    ``movement`` defaults to its current movement trait (R18 penalty included).
    """
    if movement is None:
        movement = trait_value(state, avatar, "movement")
    if movement <= 0:
        return [], []
    on_path = avatar.on_path
    owner = avatar.owner
    occupied = occupancy(state.avatars)[on_path]
    table = _step_table(state, on_path)
    # Walkers may not enter the opponent's counters.
    closed = state.grid.counter_mask(other(owner)) if on_path else 0
    start = avatar.at
    seen = {start}
    frontier = [start]
    # A list, not a set: a position is in one frontier only and looks at each
    # neighbour once, so no (defender, origin) pair can come up twice.
    attacks: list[tuple[int, int]] = []
    get = occupied.get
    for _ in range(movement):
        following = []
        for position in frontier:
            for target in table[position]:
                if target in seen:
                    continue
                occupant = get(target)
                if occupant is not None:
                    if occupant.owner != owner:
                        attacks.append((occupant.card, position))
                elif not closed >> target & 1:
                    seen.add(target)
                    following.append(target)
        frontier = following
    seen.discard(start)
    # Sorted: the order of legal actions must not hang on how a set iterates.
    attacks.sort()
    return sorted(seen), attacks


def step_is_open(state: GameState, player: int, start: int, end: int | None, on_path: bool) -> bool:
    """Can an Avatar be pushed one step from ``start`` to ``end`` (a retreat)?"""
    if end is None or state.avatar_at(end, on_path) is not None:
        return False
    if not can_enter(state, player, end, on_path):
        return False
    if on_path:
        return True
    corner = state.board.diagonal_corner(start, end) if end != start else None
    return corner is None or not stone_mask(state) >> corner & 1


def walker_arrival_grid(grid: ShenGrid, start: int | None, end: int, player: int):
    """(grid after a walker of ``player`` leaves ``start`` and arrives on ``end``, captures)."""
    if start is not None:
        grid = grid.with_blocked(start, False)
    grid = grid.with_blocked(end, True)
    return grid.capture_around(end, player)


def arrival_is_suicide(grid: ShenGrid, end: int, player: int) -> bool:
    """Would one of ``player``'s groups next to ``end`` be left unsafe? (after captures)"""
    for neighbour in grid.geometry.vertex_neighbours[end]:
        if grid.owner(neighbour) == player and not grid.is_safe(neighbour):
            return True
    return False


@lru_cache(maxsize=64)
def last_liberties(grid: ShenGrid, player: int) -> int:
    """The vertices that are the only liberty of one of ``player``'s groups, as a mask."""
    return grid.last_liberties(player)


def walker_may_arrive(state: GameState, avatar: Avatar, end: int) -> bool:
    """The walker-step suicide rule (module docstring) for ``avatar`` arriving on ``end``."""
    # Only a group of the walker's whose last liberty is ``end`` can die: check cheaply first.
    if not last_liberties(state.grid, avatar.owner) >> end & 1:
        return True
    start = avatar.at if avatar.on_path else None
    return _arrival_allowed(state.grid, start, end, avatar.owner)


@lru_cache(maxsize=4096)
def _arrival_allowed(grid: ShenGrid, start: int | None, end: int, player: int) -> bool:
    # Remembered per grid: a grid lasts several steps, and each asks again for every walker.
    grid, _ = walker_arrival_grid(grid, start, end, player)
    return not arrival_is_suicide(grid, end, player)


def place_avatar(
    state: GameState, avatar: Avatar, end: int, on_path: bool, log: list[Event]
) -> GameState:
    """Put ``avatar`` on ``end`` (a space, or a vertex when ``on_path``), updating walkers'
    blocks and capturing around an arriving walker (R11, R12)."""
    grid = state.grid
    if avatar.on_path:
        grid = grid.with_blocked(avatar.at, False)
    captures: dict[int, tuple[int, ...]] = {}
    if on_path:
        grid = grid.with_blocked(end, True)
        grid, captures = grid.capture_around(end, avatar.owner)
    # Moved: no longer where it stood when the phase began (R19, R20).
    moved = evolve(avatar, at=end, on_path=on_path, start_at=-1)
    state = evolve(
        state,
        grid=grid,
        avatars=with_avatar(state.avatars, moved),
    )
    return record_captures(state, captures, log)


def record_captures(
    state: GameState, captures: dict[int, tuple[int, ...]], log: list[Event]
) -> GameState:
    """Log captured counters and ask their owners to lose one card each (R12)."""
    board = state.board
    for owner, vertices in captures.items():
        log.append(CountersCaptured(player_name(owner), tuple(map(board.vertex_name, vertices))))
        state = ask_to_lose(state, owner, len(vertices))
    return state
