"""Groups of Shén counters and their liberties, kept incrementally (R11).

Vertex sets are int bitmasks (bit ``v`` for vertex ``v``). A grid holds:

* one counter mask per player, one Realm Stone mask per player, a mask of
  vertices blocked by Avatars walking the Spirit Path, and ``filled``, their
  union (a vertex is empty exactly when its bit is clear there);
* ``group_of[v]``: the root vertex naming the group on ``v``, or -1;
* ``groups[root]``: a :class:`Group` with its owner, members, liberties (the
  empty vertices next to it) and whether it touches its owner's Realm Stone.

``group_of`` and ``groups`` are copied shallowly and never mutated once a grid
holds them. A placement (:func:`put_counter`) touches only the groups next to
the new counter: they lose that vertex as a liberty, the player's own merge
into the biggest (the smaller ones are relabelled), dead opponent groups are
removed and their vertices handed back as liberties to the groups around them
(:func:`remove_dead_groups`). Rare changes (Realm Stones, walkers, counters
removed by effects) rebuild only the groups on and next to the changed
vertices (:func:`regrow_groups`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from games.engine.board import Geometry, mask_vertices


class Group(NamedTuple):
    """A maximal set of one player's counters connected orthogonally (R11)."""

    owner: int
    members: int  # bitmask of vertices
    liberties: int  # bitmask of empty vertices next to the group
    anchored: bool  # touches its owner's Realm Stone: a permanent liberty


# Builds a Group without NamedTuple's Python-level __new__: the placement hot path makes two.
new_group = tuple.__new__


def put_counter(
    geometry: Geometry,
    counters: tuple[int, ...],
    stones: tuple[int, ...],
    blocked: int,
    filled: int,
    group_of: list[int],
    groups: dict[int, Group],
    vertex: int,
    player: int,
    *,
    capture: bool,
) -> tuple[tuple[int, ...], int, list[int], dict[int, Group], dict[int, int]] | None:
    """``player``'s counter on the unfilled (or walker-blocked) ``vertex``, in Go order (R11).

    Touches only the groups next to ``vertex``: they lose it as a liberty, the
    player's own merge into the biggest (the others are relabelled), and with
    ``capture`` opponent groups left without liberty or Realm Stone are removed
    before the new group is checked. Returns the new ``counters``, ``filled``,
    ``group_of``, ``groups`` and the captured vertex masks per owner, or None
    when the placement would be suicide. The inputs are not changed.
    """
    bit = 1 << vertex
    not_bit = ~bit
    new_counters = list(counters)
    new_counters[player] |= bit
    filled |= bit
    changed: dict[int, Group | None] = {}
    own: list[int] = []
    dead: list[int] = []
    for neighbour in geometry.vertex_neighbours[vertex]:
        root = group_of[neighbour]
        if root < 0 or root in changed:
            continue
        group = groups[root]
        if group.owner == player:
            own.append(root)
            changed[root] = group
        else:
            liberties = group.liberties & not_bit
            if capture and not liberties and not group.anchored:
                dead.append(root)
            changed[root] = new_group(
                Group, (group.owner, group.members, liberties, group.anchored)
            )
    new_group_of = group_of.copy()
    captured: dict[int, int] = {}
    if dead:
        filled = remove_dead_groups(
            geometry, dead, changed, groups, new_group_of, new_counters, filled, blocked, captured
        )
    # The new counter's group: its own empty neighbours plus the groups it joins.
    around = geometry.vertex_neighbour_masks[vertex]
    members = bit
    liberties = around & ~filled
    anchored = bool(around & stones[player])
    root = vertex
    biggest = 0
    for own_root in own:
        group = changed[own_root]
        members |= group.members
        liberties |= group.liberties
        anchored = anchored or group.anchored
        size = group.members.bit_count()
        if size > biggest:
            biggest, root = size, own_root
    liberties &= not_bit
    if capture and not liberties and not anchored:
        return None
    for own_root in own:
        changed[own_root] = None
    new_groups = with_changed_groups(groups, changed)
    new_groups[root] = new_group(Group, (player, members, liberties, anchored))
    new_group_of[vertex] = root
    for own_root in own:
        if own_root != root:
            for member in mask_vertices(groups[own_root].members):
                new_group_of[member] = root
    return tuple(new_counters), filled, new_group_of, new_groups, captured


def is_suicide(
    geometry: Geometry,
    counters: tuple[int, ...],
    stones: tuple[int, ...],
    blocked: int,
    filled: int,
    group_of: list[int],
    groups: dict[int, Group],
    vertex: int,
    player: int,
) -> bool:
    """For an unfilled vertex: would ``player``'s counter there be captured at once?

    Decided from the neighbouring groups' liberties, without placing, except
    in the rare case where walkers stand on all the counters it would capture.
    """
    around = geometry.vertex_neighbour_masks[vertex]
    if around & ~filled or around & stones[player]:
        return False
    bit = 1 << vertex
    captures = False
    for neighbour in geometry.vertex_neighbours[vertex]:
        root = group_of[neighbour]
        if root < 0:
            continue
        group = groups[root]
        if group.owner == player:
            if group.anchored or group.liberties & ~bit:
                return False
        elif not group.anchored and group.liberties == bit:
            if not blocked >> neighbour & 1:
                return False  # the capture frees this neighbour: a liberty
            captures = True
    if not captures:
        return True
    placed = put_counter(
        geometry, counters, stones, blocked, filled, group_of, groups, vertex, player, capture=True
    )
    return placed is None


def capture_dead_around(
    geometry: Geometry,
    counters: tuple[int, ...],
    blocked: int,
    filled: int,
    group_of: list[int],
    groups: dict[int, Group],
    vertex: int,
    by_player: int,
) -> tuple[tuple[int, ...], int, list[int], dict[int, Group], dict[int, int]] | None:
    """Remove ``by_player``'s opponents' groups next to ``vertex`` with no liberty and no stone.

    Returns what :func:`put_counter` returns, or None when nothing is captured.
    """
    dead = []
    for neighbour in geometry.vertex_neighbours[vertex]:
        root = group_of[neighbour]
        if root < 0 or root in dead:
            continue
        group = groups[root]
        if group.owner != by_player and not group.liberties and not group.anchored:
            dead.append(root)
    if not dead:
        return None
    changed: dict[int, Group | None] = {root: groups[root] for root in dead}
    new_group_of = group_of.copy()
    new_counters = list(counters)
    captured: dict[int, int] = {}
    filled = remove_dead_groups(
        geometry, dead, changed, groups, new_group_of, new_counters, filled, blocked, captured
    )
    new_groups = with_changed_groups(groups, changed)
    return tuple(new_counters), filled, new_group_of, new_groups, captured


def with_liberty(
    geometry: Geometry, groups: dict[int, Group], group_of: list[int], vertex: int, *, free: bool
) -> dict[int, Group]:
    """``groups`` with ``vertex`` added to (``free``) or taken from its neighbours' liberties."""
    bit = 1 << vertex
    new_groups = groups.copy()
    for neighbour in geometry.vertex_neighbours[vertex]:
        root = group_of[neighbour]
        if root >= 0:
            group = new_groups[root]
            liberties = group.liberties | bit if free else group.liberties & ~bit
            # NamedTuple._replace is a Python-level function: several times slower.
            new_groups[root] = new_group(
                Group, (group.owner, group.members, liberties, group.anchored)
            )
    return new_groups


def remove_dead_groups(
    geometry: Geometry,
    dead: list[int],
    changed: dict[int, Group | None],
    groups: dict[int, Group],
    group_of: list[int],
    counters: list[int],
    filled: int,
    blocked: int,
    captured: dict[int, int],
) -> int:
    """Remove the ``dead`` groups and give their vertices back as liberties to their neighbours.

    Works on the caller's drafts (``changed``, ``group_of``, ``counters``,
    ``captured``) and returns the new ``filled`` mask.
    """
    removed = 0
    for root in dead:
        group = changed[root]
        members = group.members
        counters[group.owner] &= ~members
        captured[group.owner] = captured.get(group.owner, 0) | members
        for member in mask_vertices(members):
            group_of[member] = -1
        changed[root] = None
        removed |= members
    # A walker standing on a captured counter keeps its vertex filled.
    freed = removed & ~blocked
    filled &= ~freed
    # Each group bordering the freed vertices gains those next to it as liberties.
    touched = set()
    for vertex in mask_vertices(geometry.mask_neighbours(freed) & filled):
        root = group_of[vertex]
        if root >= 0:
            touched.add(root)
    for root in touched:
        group = changed.get(root) or groups[root]
        gained = geometry.mask_neighbours(group.members) & freed
        changed[root] = Group(group.owner, group.members, group.liberties | gained, group.anchored)
    return filled


def regrow_groups(
    geometry: Geometry,
    old_groups: dict[int, Group],
    old_group_of: list[int],
    region: int,
    counters: tuple[int, ...],
    stones: tuple[int, ...],
    blocked: int,
) -> tuple[int, list[int], dict[int, Group]]:
    """``filled``, ``group_of`` and ``groups`` for new masks, rebuilt on and next to ``region``.

    For the rare changes (stones, walkers, counters removed by effects): every
    old group on or next to ``region`` is dropped and regrown by flood fill
    from its remaining counters; the other groups are shared as they are.
    """
    all_counters = union_of(counters)
    filled = all_counters | union_of(stones) | blocked
    empty = geometry.all_vertices_mask & ~filled
    near = region | geometry.mask_neighbours(region)
    stale = {old_group_of[v] for v in mask_vertices(near)} - {-1}
    todo = near & all_counters
    groups = old_groups.copy()
    group_of = old_group_of.copy()
    for root in stale:
        members = old_groups[root].members
        del groups[root]
        todo |= members & all_counters
        for member in mask_vertices(members):
            group_of[member] = -1
    while todo:
        seed = (todo & -todo).bit_length() - 1
        owner = mask_owner(counters, 1 << seed)
        members = geometry.connected_part(seed, counters[owner])
        around = geometry.mask_neighbours(members)
        groups[seed] = Group(owner, members, around & empty, bool(around & stones[owner]))
        for member in mask_vertices(members):
            group_of[member] = seed
        todo &= ~members
    return filled, group_of, groups


def with_changed_groups(
    groups: dict[int, Group], changed: dict[int, Group | None]
) -> dict[int, Group]:
    """A copy of ``groups`` with the changed ones replaced (None: dropped)."""
    new_groups = groups.copy()
    for root, group in changed.items():
        if group is None:
            del new_groups[root]
        else:
            new_groups[root] = group
    return new_groups


def mask_owner(masks: tuple[int, ...], bit: int) -> int | None:
    for player, mask in enumerate(masks):
        if mask & bit:
            return player
    return None


def union_of(masks: Iterable[int]) -> int:
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
