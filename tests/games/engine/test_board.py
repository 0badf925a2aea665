"""The field: spaces, vertices, their names, adjacency and distances (R1–R4)."""

import pytest

from games.engine.board import Geometry, corner_spaces, mask_vertices, vertices_mask

BOARD = Geometry()


def s(name: str) -> int:
    return BOARD.parse_space(name)


def v(name: str) -> int:
    return BOARD.parse_vertex(name)


def names(vertices) -> set[str]:
    return {BOARD.vertex_name(vertex) for vertex in vertices}


# -- R1 geometry --------------------------------------------------------------------


def test_default_board_has_64_spaces_and_81_vertices_R1():
    assert (BOARD.space_count, BOARD.vertex_count) == (64, 81)


def test_board_of_any_size_has_one_more_vertex_each_way_R1():
    board = Geometry(6, 4)
    assert (board.space_count, board.vertex_count) == (24, 35)


@pytest.mark.parametrize("size", [(3, 8), (8, 3), (26, 8), (0, 0)])
def test_board_smaller_than_4_or_wider_than_25_is_refused_R1(size):
    with pytest.raises(ValueError, match="board"):
        Geometry(*size)


def test_geometries_of_one_size_are_equal():
    assert Geometry(5, 5) == Geometry(5, 5)
    assert Geometry(5, 5) != Geometry(5, 6)


# -- R2 notation ---------------------------------------------------------------------


def test_space_a1_is_bottom_left_and_h8_top_right_R2():
    assert BOARD.space_name(0) == "a1"
    assert BOARD.space_name(63) == "h8"
    assert BOARD.space_file_rank(s("c3")) == (2, 2)


def test_vertex_A1_is_bottom_left_corner_of_a1_R2():
    assert BOARD.vertex_name(BOARD.space_corners[s("a1")][0]) == "A1"
    assert BOARD.vertex_name(80) == "I9"


def test_space_c3_has_corners_C3_D3_C4_D4_R2():
    assert [BOARD.vertex_name(vx) for vx in BOARD.space_corners[s("c3")]] == [
        "C3",
        "D3",
        "C4",
        "D4",
    ]


def test_names_round_trip_on_every_space_and_vertex_R2():
    board = Geometry(10, 12)
    assert all(board.parse_space(board.space_name(sp)) == sp for sp in range(board.space_count))
    assert all(board.parse_vertex(board.vertex_name(vx)) == vx for vx in range(board.vertex_count))


def test_widest_board_names_its_last_vertex_Z_R2():
    board = Geometry(25, 4)
    assert board.vertex_name(board.vertex_at(25, 0)) == "Z1"
    assert board.space_name(board.space_at(24, 3)) == "y4"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("C3", "not a space name"),
        ("c", "not a space name"),
        ("c0", "not a space name"),
        ("i1", "off the 8×8 board"),
        ("a9", "off the 8×8 board"),
        (None, "must be text"),
    ],
)
def test_bad_space_name_is_a_clear_error_R2(bad, message):
    with pytest.raises(ValueError, match=message):
        BOARD.parse_space(bad)


@pytest.mark.parametrize(
    ("bad", "message"),
    [("d4", "not a vertex name"), ("J1", "off the 8×8 board"), ("A10", "off the 8×8 board")],
)
def test_bad_vertex_name_is_a_clear_error_R2(bad, message):
    with pytest.raises(ValueError, match=message):
        BOARD.parse_vertex(bad)


def test_index_off_the_board_has_no_name_R2():
    with pytest.raises(ValueError, match="not a vertex"):
        BOARD.vertex_name(81)


# -- R3 adjacency ---------------------------------------------------------------------


def test_corner_vertex_has_two_neighbours_R3():
    assert names(BOARD.vertex_neighbours[v("A1")]) == {"B1", "A2"}


def test_edge_vertex_has_three_neighbours_R3():
    assert names(BOARD.vertex_neighbours[v("E1")]) == {"D1", "F1", "E2"}


def test_inner_vertex_has_four_neighbours_R3():
    assert names(BOARD.vertex_neighbours[v("E5")]) == {"D5", "F5", "E4", "E6"}


def test_spaces_are_next_to_up_to_eight_king_neighbours_R3():
    assert len(BOARD.space_neighbours[s("d4")]) == 8
    assert {BOARD.space_name(sp) for sp in BOARD.space_neighbours[s("a1")]} == {"b1", "a2", "b2"}


def test_vertex_is_a_corner_of_one_to_four_spaces_R3():
    assert BOARD.vertex_spaces[v("A1")] == (s("a1"),)
    assert BOARD.vertex_spaces[v("D4")] == (s("c3"), s("d3"), s("c4"), s("d4"))


def test_on_and_next_to_a_vertex_is_up_to_five_vertices_R3():
    assert names(BOARD.around_vertex[v("E5")]) == {"E5", "D5", "F5", "E4", "E6"}
    assert BOARD.around_vertex[v("A1")][0] == v("A1")
    assert len(BOARD.around_vertex[v("A1")]) == 3


def test_vertex_masks_match_the_vertex_tables_R3():
    for vx in range(BOARD.vertex_count):
        assert set(mask_vertices(BOARD.vertex_neighbour_masks[vx])) == set(
            BOARD.vertex_neighbours[vx]
        )
        assert BOARD.mask_neighbours(1 << vx) == BOARD.vertex_neighbour_masks[vx]


def test_connected_part_stays_within_its_mask_R3():
    within = vertices_mask([v("A1"), v("B1"), v("C2"), v("B2")])
    assert names(mask_vertices(BOARD.connected_part(v("A1"), within))) == {"A1", "B1", "B2", "C2"}
    assert BOARD.connected_part(v("I1"), vertices_mask([v("I1"), v("A2")])) == 1 << v("I1")


# -- R4 distance ---------------------------------------------------------------------


def test_chebyshev_distance_between_spaces_R4():
    assert BOARD.space_distance(s("a1"), s("c2")) == 2
    assert BOARD.space_distance(s("a1"), s("h8")) == 7


def test_manhattan_distance_along_the_spirit_path_R4():
    assert BOARD.vertex_distance(v("A1"), v("C2")) == 3
    assert BOARD.vertex_distance(v("A1"), v("I9")) == 16


def test_spaces_within_a_radius_include_the_space_itself_R4():
    assert len(BOARD.spaces_within(s("d4"), 1)) == 9
    assert len(BOARD.spaces_within(s("a1"), 4)) == 25
    assert all(BOARD.space_distance(s("d4"), sp) <= 2 for sp in BOARD.spaces_within(s("d4"), 2))


def test_vertices_within_a_radius_follow_the_spirit_path_R4():
    assert names(BOARD.vertices_within(v("A1"), 1)) == {"A1", "B1", "A2"}
    assert len(BOARD.vertices_within(v("E5"), 2)) == 13


# -- steps -------------------------------------------------------------------------


def test_diagonal_step_passes_through_the_shared_corner_R21():
    assert BOARD.vertex_name(BOARD.diagonal_corner(s("c3"), s("d4"))) == "D4"
    assert BOARD.vertex_name(BOARD.diagonal_corner(s("d3"), s("c4"))) == "D4"


def test_orthogonal_step_has_no_diagonal_corner_R21():
    assert BOARD.diagonal_corner(s("c3"), s("c4")) is None


def test_diagonal_corner_of_spaces_that_are_not_neighbours_is_an_error():
    with pytest.raises(ValueError, match="not neighbours"):
        BOARD.diagonal_corner(s("a1"), s("c3"))


def test_defender_retreats_one_space_further_along_the_attack_R23():
    assert BOARD.space_name(BOARD.space_beyond(s("c3"), s("d4"))) == "e5"
    assert BOARD.space_name(BOARD.space_beyond(s("d4"), s("c3"))) == "b2"


def test_retreat_off_the_board_is_none_R23():
    assert BOARD.space_beyond(s("b1"), s("a1")) is None
    assert BOARD.vertex_beyond(v("H9"), v("I9")) is None


def test_walker_retreats_one_vertex_further_along_the_attack_R23():
    assert BOARD.vertex_name(BOARD.vertex_beyond(v("E5"), v("E6"))) == "E7"


def test_direction_to_the_same_space_is_an_error():
    with pytest.raises(ValueError, match="no direction"):
        BOARD.space_beyond(s("c3"), s("c3"))


def test_default_anchor_points_are_the_four_corner_spaces_R5():
    assert [BOARD.space_name(sp) for sp in corner_spaces(BOARD)] == ["a1", "h1", "a8", "h8"]
