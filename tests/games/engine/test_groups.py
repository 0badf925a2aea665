"""The incremental groups and liberties agree with a naive flood fill (R11).

A dense random game on the smallest board checks, after every step, each
group, liberty count and safety against a flood-fill recomputation, and each
placement (legality, resulting counters, captures) against a reference R11
played on plain dicts.
"""

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.engine.board import Geometry
from games.engine.capture import IllegalPlacement, ShenGrid


def _flood_groups(grid: ShenGrid) -> dict[int, tuple[frozenset[int], int, bool]]:
    """Naive reference: every counter's group, liberty count and safety by flood fill."""
    board = grid.geometry
    found = {}
    for start in range(board.vertex_count):
        owner = grid.owner(start)
        if owner is None or start in found:
            continue
        group, frontier = {start}, [start]
        while frontier:
            for n in board.vertex_neighbours[frontier.pop()]:
                if n not in group and grid.owner(n) == owner:
                    group.add(n)
                    frontier.append(n)
        around = {n for m in group for n in board.vertex_neighbours[m]} - group
        liberties = sum(1 for n in around if grid.is_empty(n))
        anchored = any(grid.stone_owner(n) == owner for n in around)
        for member in group:
            found[member] = (frozenset(group), liberties, bool(liberties) or anchored)
    return found


def _assert_matches_flood_fill(grid: ShenGrid) -> None:
    for vertex, (group, liberties, safe) in _flood_groups(grid).items():
        assert grid.group_at(vertex) == group
        assert grid.liberties(vertex) == liberties
        assert grid.is_safe(vertex) == safe


def _naive_place(grid: ShenGrid, vertex: int, player: int) -> tuple[dict, dict] | None:
    """Reference R11 on plain dicts: the resulting data and captures, or None if illegal."""
    board = grid.geometry
    owners = {m: p for p, ms in enumerate(grid.to_data()["counters"]) for m in ms}
    if not grid.is_empty(vertex):
        return None
    owners[vertex] = player

    def group_and_safety(start):
        group, frontier = {start}, [start]
        while frontier:
            for n in board.vertex_neighbours[frontier.pop()]:
                if n not in group and owners.get(n) == owners[start]:
                    group.add(n)
                    frontier.append(n)
        around = {n for m in group for n in board.vertex_neighbours[m]} - group
        free = any(
            n not in owners and grid.stone_owner(n) is None and not grid.is_blocked(n)
            for n in around
        )
        anchored = any(grid.stone_owner(n) == owners[start] for n in around)
        return group, free or anchored

    # Every dead opponent group is found first, then all are removed together.
    dead = {}
    for n in board.vertex_neighbours[vertex]:
        if owners.get(n) not in (None, player):
            group, safe = group_and_safety(n)
            if not safe:
                dead[min(group)] = (owners[n], group)
    captured: dict[int, list[int]] = {}
    for owner, group in dead.values():
        captured.setdefault(owner, []).extend(group)
        for member in group:
            del owners[member]
    if not group_and_safety(vertex)[1]:
        return None
    counters = [sorted(m for m, p in owners.items() if p == q) for q in range(grid.players)]
    return counters, {p: tuple(sorted(ms)) for p, ms in sorted(captured.items())}


# Dense play on the smallest board (5×5 vertices), the player drawn per move so
# that one side can surround the other: captures, suicides and merges are common.
_MOVES = st.lists(
    st.tuples(
        st.sampled_from(["place"] * 6 + ["walk", "remove"]),
        st.integers(0, 24),
        st.integers(0, 2),
    ),
    min_size=10,
    max_size=80,
)


@settings(max_examples=300, deadline=None)
@given(
    moves=_MOVES,
    stones=st.lists(st.integers(0, 24), min_size=2, max_size=2, unique=True),
    players=st.sampled_from([2, 2, 3]),
)
def test_incremental_liberties_match_a_flood_fill(moves, stones, players):
    board = Geometry(4, 4)
    grid = ShenGrid.empty(board, players).with_stone(stones[0], 0).with_stone(stones[1], 1)
    for kind, vertex, drawn in moves:
        player = drawn % players
        if kind == "place":
            legal = vertex in grid.legal_placements(player)
            assert legal == (grid.placement_error(vertex, player) is None)
            expected = _naive_place(grid, vertex, player)
            assert legal == (expected is not None)
            if legal:
                grid, captured = grid.place(vertex, player)
                assert (grid.to_data()["counters"], captured) == expected
                event("captured" if captured else "placed")
            else:
                event("refused")
                with pytest.raises(IllegalPlacement):
                    grid.place(vertex, player)
        elif kind == "walk" and grid.stone_owner(vertex) is None:
            grid = grid.with_blocked(vertex, not grid.is_blocked(vertex))
            grid, captured = grid.capture_around(vertex, player)
            if captured:
                event("walker captured")
        elif kind == "remove":
            grid = grid.without_counters([vertex])
        _assert_matches_flood_fill(grid)
    assert ShenGrid.from_data(board, grid.to_data()) == grid
