"""Shén counters on the Spirit Path: placement, groups, liberties and capture (R10–R12).

:class:`ShenGrid` is an immutable value: every change returns a new grid and
leaves its input untouched, as the engine's ``apply`` requires.

Groups and liberties are kept incrementally, not found by a flood fill per
placement: see :mod:`games.engine.groups` for the structure. A new grid
shares every unchanged group with the old one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.engine.board import Geometry, mask_vertices
from games.engine.groups import (
    EVERY_OTHER,
    Group,
    Layout,
    capture_dead_around,
    is_suicide,
    mask_owner,
    put_counter,
    regrow_groups,
    single_liberties,
    union_of,
    with_walker,
)


class IllegalPlacement(ValueError):
    """A counter that may not go where it was asked to (occupied, suicide, off-board)."""


Captures = dict[int, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class ShenGrid:
    """The counters, Realm Stones and Spirit-Path walkers on a board's vertices.

    Build with :meth:`empty` or :meth:`from_data`; change with the ``with_*``
    methods, :meth:`place` and :meth:`capture_around`, which return new grids.
    Equal content means equal grids (and equal hashes): a grid compares its
    geometry and :class:`Layout`, whose equality is its content's. The codec
    stores a grid as its :meth:`to_data`.
    """

    geometry: Geometry
    layout: Layout

    @classmethod
    def empty(cls, geometry: Geometry, players: int = 2) -> ShenGrid:
        """A grid with no counters, stones or walkers for ``players`` players (2+)."""
        if type(players) is not int or players < 2:
            raise ValueError("a Shén grid needs a whole number of players, at least 2")
        return cls(geometry, Layout.empty(geometry.vertex_count, players))

    # -- reading -----------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many players the grid holds counters for."""
        return len(self.layout.counters)

    def owner(self, vertex: int) -> int | None:
        """The player whose counter is on ``vertex``, or None."""
        self._check_vertex(vertex)
        return mask_owner(self.layout.counters, 1 << vertex)

    def stone_owner(self, vertex: int) -> int | None:
        """The player whose Realm Stone is on ``vertex``, or None."""
        self._check_vertex(vertex)
        return mask_owner(self.layout.stones, 1 << vertex)

    def is_blocked(self, vertex: int) -> bool:
        """True when an Avatar walking the Spirit Path stands on ``vertex``."""
        self._check_vertex(vertex)
        return bool(self.layout.blocked >> vertex & 1)

    def is_empty(self, vertex: int) -> bool:
        """True when ``vertex`` holds no counter, no Realm Stone and no walker (R10)."""
        self._check_vertex(vertex)
        return not self.layout.filled >> vertex & 1

    def counters_of(self, player: int) -> frozenset[int]:
        """The vertices holding ``player``'s counters."""
        return frozenset(mask_vertices(self.counter_mask(player)))

    def counter_count(self, player: int) -> int:
        """How many counters ``player`` has on the board."""
        return self.counter_mask(player).bit_count()

    def counter_mask(self, player: int) -> int:
        """``player``'s counters as a vertex bitmask."""
        self._check_player(player)
        return self.layout.counters[player]

    def stones_of(self, player: int) -> frozenset[int]:
        """The vertices of ``player``'s Realm Stones."""
        self._check_player(player)
        return frozenset(mask_vertices(self.layout.stones[player]))

    def blocked_vertices(self) -> frozenset[int]:
        """The vertices where Avatars walk the Spirit Path."""
        return frozenset(mask_vertices(self.layout.blocked))

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
        return single_liberties(self.layout.groups(), player)

    def _group(self, vertex: int) -> Group:
        self._check_vertex(vertex)
        group = self.layout.group_at(vertex)
        if group is None:
            raise ValueError(f"there is no counter on {self.geometry.vertex_name(vertex)}")
        return group

    # -- placing (R10, R11) --------------------------------------------------------

    def placement_error(self, vertex: int, player: int, opponents: int = EVERY_OTHER) -> str | None:
        """Why ``player`` may not place a counter on ``vertex``, or None when they may.

        ``opponents`` (seat bits, here and below) are the players whose groups a
        placement captures: by default every other player (M4)."""
        if not self.geometry.is_vertex(vertex):
            return f"{vertex!r} is not a vertex of this board"
        self._check_player(player)
        if self.layout.filled >> vertex & 1:
            return self._describe(vertex)
        if self._is_suicide(vertex, player, opponents):
            return self._suicide(vertex)
        return None

    def legal_placements(self, player: int, opponents: int = EVERY_OTHER) -> list[int]:
        """Every vertex where ``player`` may place a counter, in increasing order."""
        self._check_player(player)
        geometry = self.geometry
        empty = geometry.all_vertices_mask & ~self.layout.filled
        # Next to an empty vertex or one's own Realm Stone is always legal: no group to look at.
        easy = empty & geometry.mask_neighbours(empty | self.layout.stones[player])
        legal = easy
        for vertex in mask_vertices(empty & ~easy):
            if not self._is_suicide(vertex, player, opponents):
                legal |= 1 << vertex
        return list(mask_vertices(legal))

    def _is_suicide(self, vertex: int, player: int, opponents: int) -> bool:
        return is_suicide(self.geometry, self.layout, vertex, player, opponents)

    def place(
        self, vertex: int, player: int, opponents: int = EVERY_OTHER
    ) -> tuple[ShenGrid, Captures]:
        """Place ``player``'s counter on ``vertex`` in Go order (R11).

        ``opponents``' groups next to it left without liberty or Realm Stone are
        removed first; then the new counter's group must be safe, else
        :class:`IllegalPlacement`. Returns the new grid and the captured
        vertices per owner (sorted; owners who lost nothing are absent).
        """
        if (
            type(vertex) is not int
            or not 0 <= vertex < self.geometry.vertex_count
            or self.layout.filled >> vertex & 1
        ):
            raise IllegalPlacement(self.placement_error(vertex, player, opponents))
        self._check_player(player)
        return self._put(vertex, player, capture=True, opponents=opponents)

    def capture_around(
        self, vertex: int, by_player: int, opponents: int = EVERY_OTHER
    ) -> tuple[ShenGrid, Captures]:
        """Remove ``opponents``' groups next to ``vertex`` with no liberty and no Realm Stone.

        For when something other than a placement fills a group's last liberty,
        such as a walker stepping onto ``vertex``.
        """
        self._check_vertex(vertex)
        self._check_player(by_player)
        changed = capture_dead_around(self.geometry, self.layout, vertex, by_player, opponents)
        if changed is None:
            return self, {}
        layout, captured = changed
        return ShenGrid(self.geometry, layout), _captures(captured)

    def _put(
        self, vertex: int, player: int, *, capture: bool, opponents: int = EVERY_OTHER
    ) -> tuple[ShenGrid, Captures]:
        """One counter onto an empty (or walker-blocked) vertex."""
        changed = put_counter(
            self.geometry, self.layout, vertex, player, capture=capture, opponents=opponents
        )
        if changed is None:
            raise IllegalPlacement(self._suicide(vertex))
        layout, captured = changed
        return ShenGrid(self.geometry, layout), _captures(captured)

    # -- set-up and effects ----------------------------------------------------------

    def with_counter(self, vertex: int, player: int) -> ShenGrid:
        """A raw put for set-up and tests: no capture, no suicide check.

        The vertex must hold no counter and no Realm Stone (a walker may stand there).
        """
        self._check_vertex(vertex)
        self._check_player(player)
        if (self.layout.filled & ~self.layout.blocked) >> vertex & 1:
            raise ValueError(self._describe(vertex))
        # Under a walker too: that vertex was nobody's liberty, so _put needs no special case.
        return self._put(vertex, player, capture=False)[0]

    def with_stone(self, vertex: int, player: int) -> ShenGrid:
        """``player``'s Realm Stone on the empty ``vertex`` (R7 is checked by the caller)."""
        self._check_vertex(vertex)
        self._check_player(player)
        if self.layout.filled >> vertex & 1:
            raise ValueError(self._describe(vertex))
        stones = _with_bit(self.layout.stones, player, 1 << vertex)
        return self._regrown(1 << vertex, self.layout.counters, stones, self.layout.blocked)

    def with_blocked(self, vertex: int, blocked: bool) -> ShenGrid:
        """The grid with an Avatar walking onto (True) or off (False) ``vertex``.

        Filling a group's last liberty this way captures nothing by itself;
        follow it with :meth:`capture_around`.
        """
        self._check_vertex(vertex)
        if self._stones_mask() >> vertex & 1:
            raise ValueError(f"no Avatar can walk onto the Realm Stone on {self._name(vertex)}")
        bit = 1 << vertex
        if bool(self.layout.blocked & bit) == bool(blocked):
            return self
        return ShenGrid(
            self.geometry, with_walker(self.geometry, self.layout, vertex, walking=blocked)
        )

    def without_counters(self, vertices: Iterable[int]) -> ShenGrid:
        """The grid with the counters on ``vertices`` removed (effects, not capture).

        Vertices without a counter are ignored.
        """
        removed = 0
        for vertex in vertices:
            self._check_vertex(vertex)
            removed |= 1 << vertex
        removed &= union_of(self.layout.counters)
        if not removed:
            return self
        counters = tuple(mask & ~removed for mask in self.layout.counters)
        return self._regrown(removed, counters, self.layout.stones, self.layout.blocked)

    def _regrown(
        self, region: int, counters: tuple[int, ...], stones: tuple[int, ...], blocked: int
    ) -> ShenGrid:
        """A grid with new masks, its groups rebuilt on and next to ``region`` only."""
        layout = regrow_groups(
            self.geometry, self.layout, region, counters=counters, stones=stones, blocked=blocked
        )
        return ShenGrid(self.geometry, layout)

    # -- data ------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data (lists of vertex ints) that :meth:`from_data` restores."""
        return {
            "counters": [list(mask_vertices(mask)) for mask in self.layout.counters],
            "stones": [list(mask_vertices(mask)) for mask in self.layout.stones],
            "blocked": list(mask_vertices(self.layout.blocked)),
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

    def __repr__(self) -> str:
        counts = ", ".join(str(mask.bit_count()) for mask in self.layout.counters)
        return f"<ShenGrid {self.geometry.width}×{self.geometry.height} counters {counts}>"

    # -- checks ---------------------------------------------------------------------

    def _stones_mask(self) -> int:
        return union_of(self.layout.stones)

    def _check_vertex(self, vertex: int) -> None:
        if not self.geometry.is_vertex(vertex):
            raise ValueError(f"{vertex!r} is not a vertex of this board")

    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < len(self.layout.counters):
            raise ValueError(f"{player!r} is not a player of this game")

    def _name(self, vertex: int) -> str:
        return self.geometry.vertex_name(vertex)

    def _suicide(self, vertex: int) -> str:
        name = self._name(vertex)
        return f"placing on {name} would leave its group without liberty (suicide, R11)"

    def _describe(self, vertex: int) -> str:
        bit = 1 << vertex
        if union_of(self.layout.counters) & bit:
            return f"{self._name(vertex)} is occupied"
        if self._stones_mask() & bit:
            return f"{self._name(vertex)} is occupied by a Realm Stone"
        return f"{self._name(vertex)} is occupied by an Avatar walking the Spirit Path"


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
