"""Moving Avatars (R21), walkers arriving on the Spirit Path, and ranged reach (R19).

Avatars in spaces take king steps; walkers step orthogonally between
vertices. No step enters an occupied space or vertex or a Realm Stone's
vertex, and no diagonal step crosses a Realm Stone's vertex; the last step
may enter an opponent's Avatar (a melee attack); an ally's Avatar blocks like
any other (M4). Walkers enter only vertices empty of counters or holding their
owner's (an ally's counter is not their own). The earlier rulesets have neither
of the last two rules (``stone_blocks_diagonal``, ``walker_counters``): there a
walker may stand on an opponent's counter, which stays under it, its vertex
filled as ever (R11), and captured with its group like any counter.

Engine decision: a walker stepping onto an empty vertex fills it (R11), so
after a walker arrives the engine runs ``capture_around`` for its owner
(opponent groups left without liberty are captured and cost cards, R12),
and a walker step that would leave one of its owner's own groups next to the
vertex without liberty and without chain to the Realm Stone is illegal.
"""

from __future__ import annotations

from games.engine.avatars import trait_value, with_avatar
from games.engine.capture import ShenGrid
from games.engine.card_piles import ask_to_lose
from games.engine.events import CountersCaptured, Event
from games.engine.groups import EVERY_OTHER, union_of
from games.engine.seats import opponent_seats
from games.engine.state import Avatar, GameState, evolve, player_name


def stone_mask(state: GameState) -> int:
    """The Realm Stone vertices (every player's, second stones too, R28) as a bitmask."""
    return union_of(state.grid.layout.stones)


def counters_stop_walkers(state: GameState) -> bool:
    """Do opponents' counters close vertices to walkers (R21, ``walker_counters``)?"""
    return state.ruleset.walker_counters == "own_or_empty"


def closed_counters(state: GameState, player: int) -> int:
    """The counters a walker of ``player`` may not step onto, as a mask: its opponents'
    (allies' too, M4: they are not its own), or none in the earlier rulesets (R21)."""
    return foreign_counters(state, player) if counters_stop_walkers(state) else 0


def foreign_counters(state: GameState, player: int) -> int:
    """Every counter but ``player``'s own, as a mask: a walker's "empty, or holding your
    counter" (R16, R21) leaves out an ally's counter like an opponent's."""
    counters = state.grid.layout.counters
    return union_of(counters) & ~counters[player]


def can_enter(state: GameState, player: int, position: int, on_path: bool) -> bool:
    """May ``player``'s Avatar stand on ``position`` (ignoring other Avatars)?"""
    if not on_path:
        return True
    if stone_mask(state) >> position & 1:
        return False
    return not closed_counters(state, player) >> position & 1


def walker_closed(state: GameState, player: int, *, counters: bool) -> int:
    """Vertices a walker of ``player`` cannot stand on: Realm Stones, other walkers and,
    with ``counters``, every other player's counters, as a mask."""
    closed = stone_mask(state)
    if counters:
        closed |= foreign_counters(state, player)
    for avatar in state.avatars:
        if avatar.on_path:
            closed |= 1 << avatar.at
    return closed


def occupancy(avatars: tuple[Avatar, ...]) -> tuple[dict[int, Avatar], dict[int, Avatar]]:
    """({space: Avatar}, {vertex: Avatar}) for a tuple of Avatars, in the tuple's order."""
    spaces: dict[int, Avatar] = {}
    vertices: dict[int, Avatar] = {}
    for avatar in avatars:
        (vertices if avatar.on_path else spaces)[avatar.at] = avatar
    return spaces, vertices


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
    # Only opponents' Avatars may be attacked; the owner's own and allies' block (M4).
    opponents = opponent_seats(state, owner)
    occupied = occupancy(state.avatars)[on_path]
    board = state.board
    # Each step names the vertex a Realm Stone would block it at (R21): the vertex
    # itself on the Path, the corner a diagonal king step crosses in spaces.
    # The earlier rulesets let a king step pass diagonally by a Realm Stone, and
    # (``walker_counters``) a walker onto the opponent's counters.
    if on_path:
        table = board.path_steps
        stones = stone_mask(state)
        closed = closed_counters(state, owner)
    else:
        table = board.king_steps
        stones = stone_mask(state) if state.ruleset.stone_blocks_diagonal else 0
        closed = 0
    start = avatar.at
    seen = {start}
    frontier = [start]
    # A list, not a set: a position is in one frontier only and looks at each
    # neighbour once, so no (defender, origin) pair can come up twice.
    attacks: list[tuple[int, int]] = []
    get = occupied.get
    # Step by step until the movement is spent or nothing new is reachable: the board
    # bounds the search, whatever the trait says.
    for _ in range(movement):
        if not frontier:
            break
        following = []
        for position in frontier:
            for target, crossing in table[position]:
                if target in seen or (crossing >= 0 and stones >> crossing & 1):
                    continue
                occupant = get(target)
                if occupant is not None:
                    if opponents >> occupant.owner & 1:
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
    if on_path or not state.ruleset.stone_blocks_diagonal:
        return True
    corner = state.board.diagonal_corner(start, end) if end != start else None
    return corner is None or not stone_mask(state) >> corner & 1


def walker_arrival_grid(
    grid: ShenGrid, start: int | None, end: int, player: int, opponents: int = EVERY_OTHER
):
    """(grid after a walker of ``player`` leaves ``start`` and arrives on ``end``, captures
    of ``opponents``' groups, seat bits)."""
    if start is not None:
        grid = grid.with_blocked(start, False)
    grid = grid.with_blocked(end, True)
    return grid.capture_around(end, player, opponents)


def arrival_is_suicide(grid: ShenGrid, end: int, player: int) -> bool:
    """Would one of ``player``'s groups next to ``end`` be left unsafe? (after captures)"""
    for neighbour in grid.geometry.vertex_neighbours[end]:
        if grid.owner(neighbour) == player and not grid.is_safe(neighbour):
            return True
    return False


def walker_may_arrive(state: GameState, avatar: Avatar, end: int) -> bool:
    """The walker-step suicide rule (module docstring) for ``avatar`` arriving on ``end``."""
    # Only a group of the walker's whose last liberty is ``end`` can die: check cheaply first.
    if not state.grid.last_liberties(avatar.owner) >> end & 1:
        return True
    start = avatar.at if avatar.on_path else None
    owner = avatar.owner
    grid, _ = walker_arrival_grid(state.grid, start, end, owner, opponent_seats(state, owner))
    return not arrival_is_suicide(grid, end, avatar.owner)


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
        grid, captures = grid.capture_around(end, avatar.owner, opponent_seats(state, avatar.owner))
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


def ranged_targets_within(state: GameState, avatar: Avatar, limit: int) -> list[int]:
    """The cards of the opponents' Avatars (M4) in spaces within king-move distance
    ``limit`` of ``avatar``'s space (R4, R19), in the order of ``state.avatars``; with
    ``ranged_targets`` "any" (the earlier texts' "any other Avatar" read literally),
    every other Avatar, the owner's and allies' too."""
    distance = state.board.space_distance
    any_avatar = state.ruleset.ranged_targets == "any"
    opponents = opponent_seats(state, avatar.owner)
    return [
        target.card
        for target in state.avatars
        if not target.on_path
        and (opponents >> target.owner & 1 or (any_avatar and target.card != avatar.card))
        and distance(avatar.at, target.at) <= limit
    ]
