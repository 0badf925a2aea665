"""Groups of Shén counters and their liberties, kept incrementally (R11).

Vertex sets are int bitmasks (bit ``v`` for vertex ``v``). A grid's
:class:`Layout` holds:

* what stands on the vertices: one counter mask and one Realm Stone mask per
  player, the mask of vertices where Avatars walk the Spirit Path, and
  ``filled``, their union (a vertex is empty exactly when its bit is clear
  there);
* the groups they form: ``group_of[v]`` is the root vertex naming the group on
  ``v`` (or -1), and ``by_root[root]`` is that :class:`Group`, with its owner,
  members, liberties (the empty vertices next to it) and whether it touches
  its owner's Realm Stone.

A placement (:func:`put_counter`) changes only the groups next to the new
counter: they lose that vertex as a liberty, the player's own merge into the
biggest (the smaller ones are relabelled), dead opponent groups are removed
and their vertices handed back as liberties to the groups around them
(:func:`remove_dead_groups`). Every other group is shared with the old grid.
Rare changes (Realm Stones, walkers, counters removed by effects) rebuild only
the groups on and next to the changed vertices (:func:`regrow_groups`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from games.engine.board import Geometry, mask_vertices


class Group(NamedTuple):
    """A maximal set of one player's counters connected orthogonally (R11)."""

    owner: int
    members: int  # bitmask of vertices
    liberties: int  # bitmask of empty vertices next to the group
    anchored: bool  # touches its owner's Realm Stone: a permanent liberty

    def with_liberties(self, liberties: int) -> Group:
        """The same group with ``liberties`` as its liberties."""
        return Group(self.owner, self.members, liberties, self.anchored)


@dataclass(frozen=True, slots=True)
class Layout:
    """What stands on a grid's vertices, as bitmasks, and the groups it forms.

    ``counters``, ``stones`` and ``blocked`` are the content, and layouts are
    equal (and hash alike) when their content is. The other fields follow from
    the content (the roots naming groups depend on the order of play too), so
    they take no part in equality. ``group_of`` and ``by_root`` are tuples
    indexed by vertex, so a layout is immutable throughout; a change copies
    them and shares every unchanged :class:`Group`.
    """

    counters: tuple[int, ...]  # one mask per player
    stones: tuple[int, ...]  # Realm Stones, one mask per player
    blocked: int  # Avatars walking the Spirit Path
    # The union of the above, so that "is this vertex empty?" is one bit test.
    filled: int = field(compare=False)
    group_of: tuple[int, ...] = field(compare=False)  # per vertex: its group's root, or -1
    by_root: tuple[Group | None, ...] = field(compare=False)  # per vertex: the group it roots

    @classmethod
    def empty(cls, vertex_count: int, players: int) -> Layout:
        """Nothing on any of ``vertex_count`` vertices, for ``players`` players."""
        none = (0,) * players
        return cls(none, none, 0, 0, (-1,) * vertex_count, (None,) * vertex_count)

    def group_at(self, vertex: int) -> Group | None:
        """The group of the counter on ``vertex``, or None."""
        root = self.group_of[vertex]
        return None if root < 0 else self.by_root[root]

    def groups(self) -> Iterator[Group]:
        """Every group, in no particular order."""
        return (group for group in self.by_root if group is not None)


CapturedMasks = dict[int, int]  # the removed counters' mask per owner

# Seat bits naming every seat (-1 has every bit set): without teams and with every
# player in, a placement may capture the groups of every other player.
EVERY_OTHER = -1


class _Draft:
    """A change in progress: a layout's masks and groups as lists, edited in place.

    Lives only inside one call of this module's functions; the layout it was
    copied from is never changed.
    """

    __slots__ = ("blocked", "by_root", "captured", "counters", "filled", "group_of", "stones")

    def __init__(self, layout: Layout) -> None:
        self.counters = list(layout.counters)
        self.stones = layout.stones
        self.blocked = layout.blocked
        self.filled = layout.filled
        self.group_of = list(layout.group_of)
        self.by_root = list(layout.by_root)
        self.captured: CapturedMasks = {}

    def done(self) -> tuple[Layout, CapturedMasks]:
        """The new layout, and what was captured on the way."""
        layout = Layout(
            tuple(self.counters),
            self.stones,
            self.blocked,
            self.filled,
            tuple(self.group_of),
            tuple(self.by_root),
        )
        return layout, self.captured


def put_counter(
    geometry: Geometry,
    layout: Layout,
    vertex: int,
    player: int,
    *,
    capture: bool,
    opponents: int = EVERY_OTHER,
) -> tuple[Layout, CapturedMasks] | None:
    """``player``'s counter on the unfilled (or walker-blocked) ``vertex``, in Go order (R11).

    With ``capture``, the groups of ``opponents`` (seat bits) left without liberty or
    Realm Stone are removed before the new counter's group is checked, and None means
    the placement would be suicide; allies' groups are never removed (M4). Without it
    nothing is removed or refused.
    """
    bit = 1 << vertex
    draft = _Draft(layout)
    draft.counters[player] |= bit
    draft.filled |= bit
    own: list[int] = []
    dead: list[int] = []
    for root in roots_next_to(geometry, layout, vertex):
        group = layout.by_root[root]
        if group.owner == player:
            own.append(root)
            continue
        group = group.with_liberties(group.liberties & ~bit)
        draft.by_root[root] = group
        if capture and not group.liberties and not group.anchored and opponents >> group.owner & 1:
            dead.append(root)
    if dead:
        remove_dead_groups(geometry, draft, dead)
    # The new counter's group: its own empty neighbours plus the groups it joins
    # (read from the draft: captures may have given them liberties). The biggest
    # group joined keeps its root, so the fewest counters are relabelled.
    around = geometry.vertex_neighbour_masks[vertex]
    members = bit
    liberties = around & ~draft.filled
    anchored = bool(around & layout.stones[player])
    root, biggest = vertex, 0
    for own_root in own:
        group = draft.by_root[own_root]
        members |= group.members
        liberties |= group.liberties
        anchored = anchored or group.anchored
        size = group.members.bit_count()
        if size > biggest:
            root, biggest = own_root, size
    liberties &= ~bit
    if capture and not liberties and not anchored:
        return None
    for own_root in own:
        draft.by_root[own_root] = None
        if own_root != root:
            for member in mask_vertices(layout.by_root[own_root].members):
                draft.group_of[member] = root
    draft.by_root[root] = Group(player, members, liberties, anchored)
    draft.group_of[vertex] = root
    return draft.done()


def is_suicide(
    geometry: Geometry, layout: Layout, vertex: int, player: int, opponents: int = EVERY_OTHER
) -> bool:
    """For an unfilled vertex: would ``player``'s counter there be captured at once?
    (Only ``opponents``' groups, seat bits, can be captured to make room, M4.)

    Decided from the neighbouring groups' liberties, without placing, except
    in the rare case where walkers stand on all the counters it would capture.
    """
    around = geometry.vertex_neighbour_masks[vertex]
    if around & ~layout.filled or around & layout.stones[player]:
        return False
    bit = 1 << vertex
    captures = False
    for neighbour in geometry.vertex_neighbours[vertex]:
        group = layout.group_at(neighbour)
        if group is None:
            continue
        if group.owner == player:
            if group.anchored or group.liberties & ~bit:
                return False
        elif not group.anchored and group.liberties == bit and opponents >> group.owner & 1:
            if not layout.blocked >> neighbour & 1:
                return False  # the capture frees this neighbour: a liberty
            captures = True
    if not captures:
        return True
    changed = put_counter(geometry, layout, vertex, player, capture=True, opponents=opponents)
    return changed is None


def capture_dead_around(
    geometry: Geometry,
    layout: Layout,
    vertex: int,
    by_player: int,
    opponents: int = EVERY_OTHER,
) -> tuple[Layout, CapturedMasks] | None:
    """Remove the groups of ``by_player``'s ``opponents`` (seat bits) next to ``vertex``
    with no liberty and no stone.

    None when nothing is captured.
    """
    dead = []
    for root in roots_next_to(geometry, layout, vertex):
        group = layout.by_root[root]
        if (
            group.owner != by_player
            and opponents >> group.owner & 1
            and not group.liberties
            and not group.anchored
        ):
            dead.append(root)
    if not dead:
        return None
    draft = _Draft(layout)
    remove_dead_groups(geometry, draft, dead)
    return draft.done()


def remove_dead_groups(geometry: Geometry, draft: _Draft, dead: list[int]) -> None:
    """Remove the ``dead`` groups from ``draft`` and give their vertices back as liberties."""
    removed = 0
    for root in dead:
        group = draft.by_root[root]
        draft.counters[group.owner] &= ~group.members
        draft.captured[group.owner] = draft.captured.get(group.owner, 0) | group.members
        for member in mask_vertices(group.members):
            draft.group_of[member] = -1
        draft.by_root[root] = None
        removed |= group.members
    # A walker standing on a captured counter keeps its vertex filled.
    freed = removed & ~draft.blocked
    draft.filled &= ~freed
    # Each group bordering the freed vertices gains those next to it as liberties.
    touched = {draft.group_of[v] for v in mask_vertices(geometry.mask_neighbours(freed))}
    touched.discard(-1)
    for root in touched:
        group = draft.by_root[root]
        gained = geometry.mask_neighbours(group.members) & freed
        draft.by_root[root] = group.with_liberties(group.liberties | gained)


def with_walker(geometry: Geometry, layout: Layout, vertex: int, *, walking: bool) -> Layout:
    """``layout`` with an Avatar walking onto (``walking``) or off ``vertex``.

    On a vertex without a counter that changes whether it is empty, so the
    groups next to it lose or gain it as a liberty.
    """
    bit = 1 << vertex
    blocked = layout.blocked | bit if walking else layout.blocked & ~bit
    if union_of(layout.counters) & bit:
        return dataclasses.replace(layout, blocked=blocked)
    by_root = list(layout.by_root)
    for root in roots_next_to(geometry, layout, vertex):
        group = layout.by_root[root]
        liberties = group.liberties & ~bit if walking else group.liberties | bit
        by_root[root] = group.with_liberties(liberties)
    filled = layout.filled | bit if walking else layout.filled & ~bit
    return dataclasses.replace(layout, blocked=blocked, filled=filled, by_root=tuple(by_root))


def regrow_groups(
    geometry: Geometry,
    layout: Layout,
    region: int,
    *,
    counters: tuple[int, ...],
    stones: tuple[int, ...],
    blocked: int,
) -> Layout:
    """``layout`` with new masks, its groups rebuilt on and next to ``region``; the rest shared.

    For the rare changes (stones, walkers, counters removed by effects): every
    old group on or next to ``region`` is dropped and regrown by flood fill
    from its remaining counters.
    """
    all_counters = union_of(counters)
    filled = all_counters | union_of(stones) | blocked
    empty = geometry.all_vertices_mask & ~filled
    near = region | geometry.mask_neighbours(region)
    stale = {layout.group_of[v] for v in mask_vertices(near)} - {-1}
    todo = near & all_counters
    group_of = list(layout.group_of)
    by_root = list(layout.by_root)
    for root in stale:
        members = layout.by_root[root].members
        by_root[root] = None
        todo |= members & all_counters
        for member in mask_vertices(members):
            group_of[member] = -1
    while todo:
        seed = (todo & -todo).bit_length() - 1
        owner = mask_owner(counters, 1 << seed)
        members = geometry.connected_part(seed, counters[owner])
        around = geometry.mask_neighbours(members)
        by_root[seed] = Group(owner, members, around & empty, bool(around & stones[owner]))
        for member in mask_vertices(members):
            group_of[member] = seed
        todo &= ~members
    return Layout(counters, stones, blocked, filled, tuple(group_of), tuple(by_root))


def roots_next_to(geometry: Geometry, layout: Layout, vertex: int) -> list[int]:
    """The roots of the groups orthogonally next to ``vertex``, each once."""
    roots: list[int] = []
    for neighbour in geometry.vertex_neighbours[vertex]:
        root = layout.group_of[neighbour]
        if root >= 0 and root not in roots:
            roots.append(root)
    return roots


def mask_owner(masks: tuple[int, ...], bit: int) -> int | None:
    """The player whose mask holds ``bit``, or None."""
    for player, mask in enumerate(masks):
        if mask & bit:
            return player
    return None


def union_of(masks: Iterable[int]) -> int:
    """All of ``masks`` together."""
    union = 0
    for mask in masks:
        union |= mask
    return union


def single_liberties(groups: Iterable[Group], player: int) -> int:
    """The vertices that are the only liberty of one of ``player``'s ``groups``, as a mask."""
    mask = 0
    for group in groups:
        liberties = group.liberties
        # One bit set: non-zero, and clearing the lowest bit leaves nothing.
        if group.owner == player and liberties and not liberties & (liberties - 1):
            mask |= liberties
    return mask
