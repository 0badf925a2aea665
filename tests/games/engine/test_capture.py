"""Shén counters: placement, groups, liberties and capture in Go order (R10–R12)."""

import pytest

from games.engine.board import Geometry
from games.engine.capture import IllegalPlacement, ShenGrid

# "X" player 0, "O" player 1, "Z" player 2; "S" player 0's Realm Stone, "s" player 1's;
# "W" an Avatar walking the Spirit Path; "." empty. Rows from the top rank down.
_COUNTERS = {"X": 0, "O": 1, "Z": 2}
_STONES = {"S": 0, "s": 1}


def diagram(text: str) -> ShenGrid:
    """A grid from an ASCII diagram; the board size follows from the diagram's size."""
    rows = [row.replace(" ", "") for row in text.strip().splitlines()]
    board = Geometry(len(rows[0]) - 1, len(rows) - 1)
    players = 3 if "Z" in text else 2
    grid = ShenGrid.empty(board, players)
    for rank, row in enumerate(reversed(rows)):
        for file, mark in enumerate(row):
            vertex = board.vertex_at(file, rank)
            if mark in _COUNTERS:
                grid = grid.with_counter(vertex, _COUNTERS[mark])
            elif mark in _STONES:
                grid = grid.with_stone(vertex, _STONES[mark])
            elif mark == "W":
                grid = grid.with_blocked(vertex, True)
    return grid


def at(grid: ShenGrid, *names: str) -> tuple[int, ...]:
    return tuple(grid.geometry.parse_vertex(name) for name in names)


def v(grid: ShenGrid, name: str) -> int:
    return grid.geometry.parse_vertex(name)


# -- placement and capture ---------------------------------------------------------


def test_counter_goes_on_an_empty_vertex_R10():
    grid = ShenGrid.empty(Geometry())
    placed, captured = grid.place(v(grid, "D4"), 0)
    assert placed.owner(v(grid, "D4")) == 0
    assert captured == {}


def test_occupied_vertex_is_refused_R10():
    grid = diagram("""
        . . . . .
        . . . . .
        . . X . .
        . . . . .
        . . . . .
    """)
    assert grid.placement_error(v(grid, "C3"), 1) == "C3 is occupied"
    with pytest.raises(IllegalPlacement, match="C3 is occupied"):
        grid.place(v(grid, "C3"), 1)


def test_realm_stone_vertex_is_not_empty_R10():
    grid = diagram("""
        . . . . .
        . . . . .
        . . s . .
        . . . . .
        . . . . .
    """)
    assert "Realm Stone" in grid.placement_error(v(grid, "C3"), 0)


def test_walker_vertex_is_not_empty_R10():
    grid = diagram("""
        . . . . .
        . . . . .
        . . W . .
        . . . . .
        . . . . .
    """)
    assert not grid.is_empty(v(grid, "C3"))
    assert "walking the Spirit Path" in grid.placement_error(v(grid, "C3"), 0)


def test_surrounded_group_is_captured_R11():
    grid = diagram("""
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
    """)
    after, captured = grid.place(v(grid, "C2"), 0)
    assert captured == {1: at(grid, "C3")}
    assert after.is_empty(v(grid, "C3"))


def test_placement_that_captures_is_legal_without_liberties_R11():
    grid = diagram("""
        . O X . .
        O X . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.placement_error(v(grid, "A5"), 0) is None
    after, captured = grid.place(v(grid, "A5"), 0)
    assert captured == {1: at(grid, "B5")}
    assert after.liberties(v(grid, "A5")) == 1


def test_suicide_is_illegal_R11():
    grid = diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.placement_error(v(grid, "A5"), 0) == (
        "placing on A5 would leave its group without liberty (suicide, R11)"
    )
    with pytest.raises(IllegalPlacement, match="suicide"):
        grid.place(v(grid, "A5"), 0)


def test_suicide_of_a_whole_group_is_illegal_R11():
    grid = diagram("""
        X O . . .
        . O . . .
        O . . . .
        . . . . .
        . . . . .
    """)
    with pytest.raises(IllegalPlacement):
        grid.place(v(grid, "A4"), 0)


def test_group_touching_own_realm_stone_is_safe_R11():
    grid = diagram("""
        S X O . .
        O X O . .
        . O . . .
        . . . . .
        . . . . .
    """)
    after, captured = grid.place(v(grid, "D5"), 1)
    assert captured == {}
    assert after.is_safe(v(grid, "B5"))
    assert after.liberties(v(grid, "B5")) == 0


def test_placing_next_to_own_realm_stone_is_never_suicide_R11():
    grid = diagram("""
        S . O . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.placement_error(v(grid, "B5"), 0) is None
    assert grid.place(v(grid, "B4"), 1)[0].placement_error(v(grid, "B5"), 0) is None


def test_opponent_realm_stone_is_no_liberty_R11():
    grid = diagram("""
        s X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.liberties(v(grid, "B5")) == 0
    assert not grid.is_safe(v(grid, "B5"))


def test_opponent_realm_stone_does_not_save_a_surrounded_group_R11():
    grid = diagram("""
        s X . . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    _, captured = grid.place(v(grid, "C5"), 1)
    assert captured == {0: at(grid, "B5")}


def test_walker_vertex_is_not_a_liberty_R11():
    grid = diagram("""
        W X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.liberties(v(grid, "B5")) == 0


def test_walker_leaving_gives_the_liberty_back_R11():
    grid = diagram("""
        W X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.with_blocked(v(grid, "A5"), False).liberties(v(grid, "B5")) == 1


def test_walker_filling_the_last_liberty_captures_with_capture_around_R11():
    grid = diagram("""
        . X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    walked = grid.with_blocked(v(grid, "A5"), True)
    assert walked.owner(v(grid, "B5")) == 0  # a walker alone captures nothing
    after, captured = walked.capture_around(v(grid, "A5"), 1)
    assert captured == {0: at(grid, "B5")}
    assert after.is_empty(v(grid, "B5"))


def test_capture_around_spares_the_capturing_players_groups_R11():
    grid = diagram("""
        . O X . .
        . X . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    walked = grid.with_blocked(v(grid, "A5"), True)
    assert walked.capture_around(v(grid, "A5"), 1)[1] == {}


def test_captured_counter_under_a_walker_frees_no_liberty_R11():
    grid = diagram("""
        . . . . .
        . . . . .
        O . . . .
        . O . . .
        O S . . .
    """).with_blocked(0, True)
    assert grid.placement_error(v(grid, "A2"), 0) is not None
    assert v(grid, "A2") not in grid.legal_placements(0)
    with pytest.raises(IllegalPlacement, match="suicide"):
        grid.place(v(grid, "A2"), 0)


def test_walker_stays_on_the_vertex_of_a_captured_counter_R11():
    grid = diagram("""
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        O X . . .
    """).with_blocked(0, True)
    after, captured = grid.place(v(grid, "A2"), 0)
    assert captured == {1: at(grid, "A1")}
    assert after.is_blocked(v(grid, "A1"))
    assert not after.is_empty(v(grid, "A1"))
    assert after.liberties(v(grid, "A2")) == 2  # A3 and B2; the walker's A1 is none
    assert after.liberties(v(grid, "B1")) == 2  # C1 and B2


def test_capture_returns_counters_per_owner_R12():
    grid = diagram("""
        . X . . .
        X Z X . .
        O . X . .
        X X . . .
        . . . . .
    """)
    _, captured = grid.place(v(grid, "B3"), 0)
    assert captured == {1: at(grid, "A3"), 2: at(grid, "B4")}


def test_opponent_groups_dead_together_are_captured_together_R11():
    # O and Z both lose their last liberty to X's placement on B4: both are
    # removed, though removing O first would have given Z a liberty on A5.
    grid = diagram("""
        O Z X . .
        O . . . .
        X . . . .
        . . . . .
        . . . . .
    """)
    _, captured = grid.place(v(grid, "B4"), 0)
    assert captured == {1: at(grid, "A4", "A5"), 2: at(grid, "B5")}


def test_captured_counters_are_sorted_by_vertex_R12():
    grid = diagram("""
        . . . . .
        X X X . .
        O O O . .
        X X O X .
        X X X . .
    """)
    _, captured = grid.place(v(grid, "D3"), 0)
    assert captured == {1: at(grid, "C2", "A3", "B3", "C3")}
    assert sorted(captured[1]) == list(captured[1])


def test_capture_gives_liberties_back_to_neighbouring_groups_R11():
    grid = diagram("""
        . X O . .
        X O . . .
        O . . . .
        . . . . .
        . . . . .
    """)
    after, _ = grid.place(v(grid, "A5"), 1)
    assert after.liberties(v(grid, "B4")) == 4  # B5 and A4 freed; C4 and B3 were free


def test_merged_group_shares_liberties_R11():
    grid = diagram("""
        . . . . .
        . . . . .
        . X . X .
        . . . . .
        . . . . .
    """)
    after, _ = grid.place(v(grid, "C3"), 0)
    assert after.group_at(v(grid, "B3")) == frozenset(at(grid, "B3", "C3", "D3"))
    assert after.liberties(v(grid, "D3")) == 8


def test_place_leaves_input_grid_untouched():
    grid = diagram("""
        . . . . .
        . . X . .
        . X O X .
        . . . . .
        . . . . .
    """)
    before = grid.to_data()
    grid.place(v(grid, "C2"), 0)
    assert grid.to_data() == before
    assert grid.owner(v(grid, "C3")) == 1
    assert grid.liberties(v(grid, "C3")) == 1


def test_grid_cannot_be_changed_in_place():
    grid = ShenGrid.empty(Geometry())
    with pytest.raises(AttributeError):
        grid.geometry = Geometry(4, 4)


def test_legal_placements_skip_occupied_and_suicide_R11():
    grid = diagram("""
        . O . . .
        O . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    legal = grid.legal_placements(0)
    assert v(grid, "A5") not in legal
    assert v(grid, "B5") not in legal
    assert len(legal) == 25 - 3
    assert v(grid, "A5") in grid.legal_placements(1)


# -- set-up and effects --------------------------------------------------------------


def test_with_counter_does_not_capture():
    grid = diagram("""
        . X . . .
        X . . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    grid = grid.with_counter(v(grid, "A5"), 1)
    assert grid.owner(v(grid, "A5")) == 1
    assert not grid.is_safe(v(grid, "A5"))


def test_with_stone_refuses_an_occupied_vertex():
    grid = diagram("""
        . . . . .
        . . . . .
        . . X . .
        . . . . .
        . . . . .
    """)
    with pytest.raises(ValueError, match="C3 is occupied"):
        grid.with_stone(v(grid, "C3"), 1)


def test_stone_placed_later_anchors_its_owners_groups_R11():
    grid = diagram("""
        . X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert grid.with_stone(v(grid, "A5"), 0).is_safe(v(grid, "B5"))


def test_without_counters_splits_groups_and_frees_liberties():
    grid = diagram("""
        . . . . .
        . . . . .
        X X X . .
        . . . . .
        . . . . .
    """)
    after = grid.without_counters([v(grid, "B3")])
    assert after.group_at(v(grid, "A3")) == frozenset(at(grid, "A3"))
    assert after.liberties(v(grid, "C3")) == 4


def test_counters_around_a_space_and_on_and_next_to_a_vertex_R15():
    grid = diagram("""
        . . . . .
        . . X . .
        . X X X .
        . . X . .
        . . . . .
    """)
    board = grid.geometry
    assert grid.counters_around_space(board.parse_space("b2"), 0) == 3
    assert grid.counters_on_and_next_to(v(grid, "C3"), 0) == 5


def test_liberties_of_an_empty_vertex_is_an_error():
    grid = ShenGrid.empty(Geometry())
    with pytest.raises(ValueError, match="no counter on A1"):
        grid.liberties(0)


def test_unknown_player_is_refused():
    grid = ShenGrid.empty(Geometry())
    with pytest.raises(ValueError, match="not a player"):
        grid.place(0, 2)


# -- data --------------------------------------------------------------------------


def test_to_data_round_trips():
    grid = diagram("""
        S X O . .
        . O . W .
        . . X . s
        . . . . .
        . . X . .
    """)
    data = grid.to_data()
    again = ShenGrid.from_data(grid.geometry, data)
    assert again == grid
    assert hash(again) == hash(grid)
    assert again.to_data() == data
    assert again.is_safe(v(grid, "B5"))


def test_from_data_accepts_tuples_for_lists():
    data = {"counters": ((3, 4), (5,)), "stones": ((), (40,)), "blocked": (7,)}
    grid = ShenGrid.from_data(Geometry(), data)
    assert grid.to_data() == {"counters": [[3, 4], [5]], "stones": [[], [40]], "blocked": [7]}


def test_walker_cannot_stand_on_a_realm_stone():
    grid = ShenGrid.empty(Geometry()).with_stone(40, 0)
    with pytest.raises(ValueError, match="Realm Stone on E5"):
        grid.with_blocked(40, True)


def test_from_data_refuses_two_things_on_one_vertex():
    with pytest.raises(ValueError, match="two things on one vertex"):
        ShenGrid.from_data(Geometry(), {"counters": [[3], [3]], "stones": [[], []]})


def test_from_data_refuses_a_vertex_off_the_board():
    with pytest.raises(ValueError, match="not a vertex"):
        ShenGrid.from_data(Geometry(), {"counters": [[81], []], "stones": [[], []]})


def test_grids_with_the_same_counters_are_equal_whatever_their_history():
    board = Geometry()
    one = ShenGrid.empty(board).place(3, 0)[0].place(4, 0)[0]
    two = ShenGrid.empty(board).place(4, 0)[0].place(3, 0)[0]
    assert one == two
    assert len({one, two}) == 1


def test_a_grid_cannot_be_changed_in_place():
    grid = ShenGrid.empty(Geometry()).place(3, 0)[0]
    with pytest.raises(AttributeError):
        grid.layout = ShenGrid.empty(Geometry()).layout
    with pytest.raises(AttributeError):
        grid.layout.counters = (0, 0)
    assert type(grid.layout.group_of) is tuple
    assert type(grid.layout.by_root) is tuple
