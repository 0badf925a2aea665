"""Shén counters on the Spirit Path: placement, groups, liberties and capture (R10–R12).

:class:`ShenGrid` is an immutable value: every change returns a new grid and
leaves its input untouched, as the engine's ``apply`` requires.

Groups and liberties are kept incrementally, not found by a flood fill per
placement: see :mod:`games.engine.groups` for the structure. A new grid
shares every unchanged group with the old one, so copying is cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine.board import Geometry, mask_vertices
from games.engine.groups import (
    Group,
    capture_dead_around,
    is_suicide,
    mask_owner,
    put_counter,
    regrow_groups,
    single_liberties,
    union_of,
    with_liberty,
)


class IllegalPlacement(ValueError):
    """A counter that may not go where it was asked to (occupied, suicide, off-board)."""


Captures = dict[int, tuple[int, ...]]


class ShenGrid:
    """The counters, Realm Stones and Spirit-Path walkers on a board's vertices.

    Build with :meth:`empty` or :meth:`from_data`; change with the ``with_*``
    methods, :meth:`place` and :meth:`capture_around`, which return new grids.
    Equal content means equal grids (and equal hashes).
    """

    __slots__ = (
        "_blocked",
        "_counters",
        "_filled",
        "_group_of",
        "_groups",
        "_hash",
        "_stones",
        "geometry",
    )

    geometry: Geometry
    _counters: tuple[int, ...]
    _stones: tuple[int, ...]
    _blocked: int
    _filled: int
    _group_of: list[int]  # never mutated once the grid exists
    _groups: dict[int, Group]  # never mutated once the grid exists
    _hash: int | None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a ShenGrid is immutable; use its with_* methods")

    @classmethod
    def _make(
        cls,
        geometry: Geometry,
        counters: tuple[int, ...],
        stones: tuple[int, ...],
        blocked: int,
        filled: int,
        group_of: list[int],
        groups: dict[int, Group],
    ) -> ShenGrid:
        # Filled in as an _Unsealed grid, then sealed: plain attribute stores are
        # several times cheaper than object.__setattr__, and every placement makes a grid.
        grid = object.__new__(_Unsealed)
        grid.geometry = geometry
        grid._counters = counters
        grid._stones = stones
        grid._blocked = blocked
        grid._filled = filled
        grid._group_of = group_of
        grid._groups = groups
        grid._hash = None
        grid.__class__ = ShenGrid
        return grid

    @classmethod
    def empty(cls, geometry: Geometry, players: int = 2) -> ShenGrid:
        """A grid with no counters, stones or walkers for ``players`` players (2+)."""
        if type(players) is not int or players < 2:
            raise ValueError("a Shén grid needs a whole number of players, at least 2")
        none = (0,) * players
        return cls._make(geometry, none, none, 0, 0, [-1] * geometry.vertex_count, {})

    # -- reading -----------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many players the grid holds counters for."""
        return len(self._counters)

    def owner(self, vertex: int) -> int | None:
        """The player whose counter is on ``vertex``, or None."""
        self._check_vertex(vertex)
        return mask_owner(self._counters, 1 << vertex)

    def stone_owner(self, vertex: int) -> int | None:
        """The player whose Realm Stone is on ``vertex``, or None."""
        self._check_vertex(vertex)
        return mask_owner(self._stones, 1 << vertex)

    def is_blocked(self, vertex: int) -> bool:
        """True when an Avatar walking the Spirit Path stands on ``vertex``."""
        self._check_vertex(vertex)
        return bool(self._blocked >> vertex & 1)

    def is_empty(self, vertex: int) -> bool:
        """True when ``vertex`` holds no counter, no Realm Stone and no walker (R10)."""
        self._check_vertex(vertex)
        return not self._filled >> vertex & 1

    def counters_of(self, player: int) -> frozenset[int]:
        """The vertices holding ``player``'s counters."""
        return frozenset(mask_vertices(self.counter_mask(player)))

    def counter_count(self, player: int) -> int:
        """How many counters ``player`` has on the board."""
        return self.counter_mask(player).bit_count()

    def counter_mask(self, player: int) -> int:
        """``player``'s counters as a vertex bitmask."""
        self._check_player(player)
        return self._counters[player]

    def stones_of(self, player: int) -> frozenset[int]:
        """The vertices of ``player``'s Realm Stones."""
        self._check_player(player)
        return frozenset(mask_vertices(self._stones[player]))

    def blocked_vertices(self) -> frozenset[int]:
        """The vertices where Avatars walk the Spirit Path."""
        return frozenset(mask_vertices(self._blocked))

    def counters_around_space(self, space: int, player: int) -> int:
        """``player``'s counters on the 4 corners of ``space`` (R15)."""
        if not self.geometry.is_space(space):
            raise ValueError(f"{space!r} is not a space of this board")
        return (self.counter_mask(player) & self.geometry.space_corner_masks[space]).bit_count()

    def counters_on_and_next_to(self, vertex: int, player: int) -> int:
        """``player``'s counters on ``vertex`` and its orthogonal neighbours (R15)."""
        self._check_vertex(vertex)
        return (self.counter_mask(player) & self.geometry.around_vertex_masks[vertex]).bit_count()

    def group_at(self, vertex: int) -> frozenset[int]:
        """The vertices of the group of the counter on ``vertex``."""
        return frozenset(mask_vertices(self._group(vertex).members))

    def liberty_vertices(self, vertex: int) -> frozenset[int]:
        """The empty vertices next to the group of the counter on ``vertex``."""
        return frozenset(mask_vertices(self._group(vertex).liberties))

    def liberties(self, vertex: int) -> int:
        """How many empty vertices are next to the group of the counter on ``vertex``."""
        return self._group(vertex).liberties.bit_count()

    def is_safe(self, vertex: int) -> bool:
        """True when the group on ``vertex`` has a liberty or touches its own Realm Stone."""
        group = self._group(vertex)
        return bool(group.liberties) or group.anchored

    def last_liberties(self, player: int) -> int:
        """The vertices that are the only liberty of one of ``player``'s groups, as a mask."""
        self._check_player(player)
        return single_liberties(self._groups.values(), player)

    def _group(self, vertex: int) -> Group:
        self._check_vertex(vertex)
        root = self._group_of[vertex]
        if root < 0:
            raise ValueError(f"there is no counter on {self.geometry.vertex_name(vertex)}")
        return self._groups[root]

    # -- placing (R10, R11) --------------------------------------------------------

    def placement_error(self, vertex: int, player: int) -> str | None:
        """Why ``player`` may not place a counter on ``vertex``, or None when they may."""
        if not self.geometry.is_vertex(vertex):
            return f"{vertex!r} is not a vertex of this board"
        self._check_player(player)
        if self._filled >> vertex & 1:
            return self._describe(vertex)
        if self._is_suicide(vertex, player):
            return self._suicide(vertex)
        return None

    def legal_placements(self, player: int) -> list[int]:
        """Every vertex where ``player`` may place a counter, in increasing order."""
        self._check_player(player)
        geometry = self.geometry
        empty = geometry.all_vertices_mask & ~self._filled
        # Next to an empty vertex or one's own Realm Stone is always legal: no group to look at.
        easy = empty & geometry.mask_neighbours(empty | self._stones[player])
        legal = easy
        for vertex in mask_vertices(empty & ~easy):
            if not self._is_suicide(vertex, player):
                legal |= 1 << vertex
        return list(mask_vertices(legal))

    def _is_suicide(self, vertex: int, player: int) -> bool:
        return is_suicide(
            self.geometry,
            self._counters,
            self._stones,
            self._blocked,
            self._filled,
            self._group_of,
            self._groups,
            vertex,
            player,
        )

    def place(self, vertex: int, player: int) -> tuple[ShenGrid, Captures]:
        """Place ``player``'s counter on ``vertex`` in Go order (R11).

        Opponent groups next to it left without liberty or Realm Stone are
        removed first; then the new counter's group must be safe, else
        :class:`IllegalPlacement`. Returns the new grid and the captured
        vertices per owner (sorted; owners who lost nothing are absent).
        """
        if (
            type(vertex) is not int
            or not 0 <= vertex < self.geometry.vertex_count
            or self._filled >> vertex & 1
        ):
            raise IllegalPlacement(self.placement_error(vertex, player))
        if type(player) is not int or not 0 <= player < len(self._counters):
            self._check_player(player)
        return self._put(vertex, player, capture=True)

    def capture_around(self, vertex: int, by_player: int) -> tuple[ShenGrid, Captures]:
        """Remove opponent groups next to ``vertex`` with no liberty and no Realm Stone.

        For when something other than a placement fills a group's last liberty,
        such as a walker stepping onto ``vertex``.
        """
        self._check_vertex(vertex)
        self._check_player(by_player)
        after = capture_dead_around(
            self.geometry,
            self._counters,
            self._blocked,
            self._filled,
            self._group_of,
            self._groups,
            vertex,
            by_player,
        )
        if after is None:
            return self, {}
        counters, filled, group_of, groups, captured = after
        grid = ShenGrid._make(
            self.geometry, counters, self._stones, self._blocked, filled, group_of, groups
        )
        return grid, _captures(captured)

    def _put(self, vertex: int, player: int, *, capture: bool) -> tuple[ShenGrid, Captures]:
        """One counter onto an empty (or walker-blocked) vertex: the hot path."""
        placed = put_counter(
            self.geometry,
            self._counters,
            self._stones,
            self._blocked,
            self._filled,
            self._group_of,
            self._groups,
            vertex,
            player,
            capture=capture,
        )
        if placed is None:
            raise IllegalPlacement(self._suicide(vertex))
        counters, filled, group_of, groups, captured = placed
        grid = ShenGrid._make(
            self.geometry, counters, self._stones, self._blocked, filled, group_of, groups
        )
        return grid, _captures(captured)

    # -- set-up and effects ----------------------------------------------------------

    def with_counter(self, vertex: int, player: int) -> ShenGrid:
        """A raw put for set-up and tests: no capture, no suicide check.

        The vertex must hold no counter and no Realm Stone (a walker may stand there).
        """
        self._check_vertex(vertex)
        self._check_player(player)
        if (self._filled & ~self._blocked) >> vertex & 1:
            raise ValueError(self._describe(vertex))
        # Under a walker too: that vertex was nobody's liberty, so _put needs no special case.
        return self._put(vertex, player, capture=False)[0]

    def with_stone(self, vertex: int, player: int) -> ShenGrid:
        """``player``'s Realm Stone on the empty ``vertex`` (R7 is checked by the caller)."""
        self._check_vertex(vertex)
        self._check_player(player)
        if self._filled >> vertex & 1:
            raise ValueError(self._describe(vertex))
        stones = _with_bit(self._stones, player, 1 << vertex)
        return self._regrown(1 << vertex, self._counters, stones, self._blocked)

    def with_blocked(self, vertex: int, blocked: bool) -> ShenGrid:
        """The grid with an Avatar walking onto (True) or off (False) ``vertex``.

        Filling a group's last liberty this way captures nothing by itself;
        follow it with :meth:`capture_around`.
        """
        self._check_vertex(vertex)
        if self._stones_mask() >> vertex & 1:
            raise ValueError(f"no Avatar can walk onto the Realm Stone on {self._name(vertex)}")
        bit = 1 << vertex
        if bool(self._blocked & bit) == bool(blocked):
            return self
        walkers = self._blocked | bit if blocked else self._blocked & ~bit
        filled, groups = self._filled, self._groups
        if not union_of(self._counters) & bit:
            # No counter there: the vertex stops (or starts) being a liberty of its neighbours.
            filled = filled | bit if blocked else filled & ~bit
            groups = with_liberty(self.geometry, groups, self._group_of, vertex, free=not blocked)
        return ShenGrid._make(
            self.geometry, self._counters, self._stones, walkers, filled, self._group_of, groups
        )

    def without_counters(self, vertices: Iterable[int]) -> ShenGrid:
        """The grid with the counters on ``vertices`` removed (effects, not capture).

        Vertices without a counter are ignored.
        """
        removed = 0
        for vertex in vertices:
            self._check_vertex(vertex)
            removed |= 1 << vertex
        removed &= union_of(self._counters)
        if not removed:
            return self
        counters = tuple(mask & ~removed for mask in self._counters)
        return self._regrown(removed, counters, self._stones, self._blocked)

    def _regrown(
        self, region: int, counters: tuple[int, ...], stones: tuple[int, ...], blocked: int
    ) -> ShenGrid:
        """A grid with new masks, its groups rebuilt on and next to ``region`` only."""
        filled, group_of, groups = regrow_groups(
            self.geometry, self._groups, self._group_of, region, counters, stones, blocked
        )
        return ShenGrid._make(self.geometry, counters, stones, blocked, filled, group_of, groups)

    # -- data ------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data (lists of vertex ints) that :meth:`from_data` restores."""
        return {
            "counters": [list(mask_vertices(mask)) for mask in self._counters],
            "stones": [list(mask_vertices(mask)) for mask in self._stones],
            "blocked": list(mask_vertices(self._blocked)),
        }

    @classmethod
    def from_data(cls, geometry: Geometry, data: Mapping[str, Any]) -> ShenGrid:
        """The grid described by :meth:`to_data`'s output; ValueError for malformed data."""
        if not isinstance(data, Mapping):
            raise ValueError("Shén grid data must be a mapping")
        counters = _masks(geometry, data.get("counters"), "counters")
        stones = _masks(geometry, data.get("stones", [[]] * len(counters)), "stones")
        blocked = _masks(geometry, [data.get("blocked", [])], "blocked")[0]
        if len(counters) < 2 or len(stones) != len(counters):
            raise ValueError("Shén grid data needs counters and stones lists for 2+ players")
        seen = 0
        for mask in (*counters, *stones):
            if seen & mask:
                raise ValueError("Shén grid data puts two things on one vertex")
            seen |= mask
        if blocked & union_of(stones):
            raise ValueError("Shén grid data puts a walker on a Realm Stone")
        base = cls.empty(geometry, len(counters))
        return base._regrown(geometry.all_vertices_mask, counters, stones, blocked)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShenGrid):
            return NotImplemented
        return (
            self._counters == other._counters
            and self._stones == other._stones
            and self._blocked == other._blocked
            and self.geometry == other.geometry
        )

    def __hash__(self) -> int:
        if self._hash is None:
            content = (self.geometry, self._counters, self._stones, self._blocked)
            object.__setattr__(self, "_hash", hash(content))
        return self._hash

    def __repr__(self) -> str:
        counts = ", ".join(str(mask.bit_count()) for mask in self._counters)
        return f"<ShenGrid {self.geometry.width}×{self.geometry.height} counters {counts}>"

    # -- checks ---------------------------------------------------------------------

    def _stones_mask(self) -> int:
        return union_of(self._stones)

    def _check_vertex(self, vertex: int) -> None:
        if not self.geometry.is_vertex(vertex):
            raise ValueError(f"{vertex!r} is not a vertex of this board")

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < len(self._counters):
            raise ValueError(f"{player!r} is not a player of this game")

    def _name(self, vertex: int) -> str:
        return self.geometry.vertex_name(vertex)

    def _suicide(self, vertex: int) -> str:
        name = self._name(vertex)
        return f"placing on {name} would leave its group without liberty (suicide, R11)"

    def _describe(self, vertex: int) -> str:
        bit = 1 << vertex
        if union_of(self._counters) & bit:
            return f"{self._name(vertex)} is occupied"
        if self._stones_mask() & bit:
            return f"{self._name(vertex)} is occupied by a Realm Stone"
        return f"{self._name(vertex)} is occupied by an Avatar walking the Spirit Path"


class _Unsealed(ShenGrid):
    """A ShenGrid under construction in :meth:`ShenGrid._make`; never seen outside it."""

    __slots__ = ()
    __setattr__ = object.__setattr__


def _captures(captured: dict[int, int]) -> Captures:
    if not captured:
        return {}
    return {owner: mask_vertices(mask) for owner, mask in sorted(captured.items())}


def _with_bit(masks: tuple[int, ...], player: int, bit: int) -> tuple[int, ...]:
    return tuple(mask | bit if index == player else mask for index, mask in enumerate(masks))


def _masks(geometry: Geometry, lists: Any, name: str) -> tuple[int, ...]:
    sequence = list | tuple
    if not isinstance(lists, sequence) or not all(isinstance(item, sequence) for item in lists):
        raise ValueError(f"Shén grid data: {name} must be a list of vertex lists")
    masks = []
    for vertices in lists:
        mask = 0
        for vertex in vertices:
            if not geometry.is_vertex(vertex):
                raise ValueError(f"Shén grid data: {vertex!r} in {name} is not a vertex")
            mask |= 1 << vertex
        masks.append(mask)
    return tuple(masks)
