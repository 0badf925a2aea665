"""The engine's speed helpers answer exactly what the plain computations they replace do."""

import random
from dataclasses import replace

from bench.engine import sample_game
from games.engine.actions import Move, PlaceCounter, moves_to, shared_row
from games.engine.avatars import with_avatar
from games.engine.board import geometry, mask_vertices
from games.engine.costs import shen_by_space, shen_mask
from games.engine.ranges import space_distances, targets_within
from games.engine.state import Avatar, Modifier
from games.engine.steps import _distinct
from games.engine.traits import trait_value
from tests.games.engine.test_capture import diagram, v


def _bit_by_bit(mask: int) -> tuple[int, ...]:
    return tuple(bit for bit in range(mask.bit_length()) if mask >> bit & 1)


def test_mask_vertices_reads_dense_sparse_and_wide_masks_like_bit_by_bit():
    generator = random.Random(7)
    masks = [0, 1, 1 << 80, (1 << 81) - 1, (1 << 200) | 5, (1 << 140) - 1]
    masks += [generator.getrandbits(width) for width in (8, 64, 81, 128, 129) for _ in range(50)]
    for mask in masks:
        assert mask_vertices(mask) == _bit_by_bit(mask)


def test_last_liberties_are_the_single_liberties_of_each_players_groups():
    grid = diagram(
        """
        X O . . .
        . X . . .
        . . . . .
        . . . . .
        . . . . .
        """
    )
    assert grid.last_liberties(1) == 1 << v(grid, "C5")
    assert grid.last_liberties(0) == 1 << v(grid, "A4")


def test_last_liberties_agree_with_counting_each_counters_liberties():
    grid = diagram(
        """
        . X O . .
        X O . O .
        . X O X .
        . . X . .
        . . . . .
        """
    )
    for player in (0, 1):
        expected = 0
        for vertex in mask_vertices(grid.counter_mask(player)):
            if grid.liberties(vertex) == 1:
                (liberty,) = grid.liberty_vertices(vertex)
                expected |= 1 << liberty
        assert grid.last_liberties(player) == expected


def test_space_distances_are_king_move_distances():
    board = geometry(8, 8)
    distances = space_distances(8, 8)
    a1, c2, h8 = (board.parse_space(name) for name in ("a1", "c2", "h8"))
    assert distances[a1][c2] == distances[c2][a1] == 2
    assert distances[a1][h8] == 7
    assert distances[c2][c2] == 0


def test_ranged_targets_are_opponents_in_spaces_within_reach_in_board_order():
    board = geometry(8, 8)
    space = board.parse_space
    shooter = Avatar(1, 0, space("b2"), False)
    avatars = (
        Avatar(9, 1, space("h8"), False),  # six spaces away
        Avatar(7, 1, space("f6"), False),
        shooter,
        Avatar(3, 0, space("b3"), False),  # its own
        Avatar(5, 1, board.parse_vertex("C3"), True),  # on the Spirit Path
        Avatar(4, 1, space("a1"), False),
    )
    assert targets_within(avatars, shooter, 8, 8, 4) == [7, 4]
    assert targets_within(avatars, shooter, 8, 8, 2) == [4]


def test_with_avatar_replaces_the_same_card_in_place_or_changes_nothing():
    one, two = Avatar(1, 0, 5, False), Avatar(2, 1, 9, False)
    moved = replace(two, at=10)
    assert with_avatar((one, two), moved) == (one, moved)
    assert with_avatar((one,), moved) == (one,)


def test_shared_rows_give_equal_actions_and_the_same_objects_each_time():
    assert moves_to(3, [4, 7]) == [Move(3, 4), Move(3, 7)]
    assert moves_to(3, [7])[0] is moves_to(3, [4, 7])[1]
    assert shared_row(PlaceCounter, (), [2]) == [PlaceCounter(2)]


def test_traits_follow_the_turns_modifiers_for_the_same_avatar_object():
    state = sample_game(3, max_turns=2).final
    avatar = state.avatars[0]
    before = trait_value(state, avatar, "melee")
    boosted = replace(state, modifiers=(Modifier(avatar.card, "melee", 2),))
    assert trait_value(boosted, avatar, "melee") == before + 2
    assert trait_value(state, avatar, "melee") == before


def test_a_hands_distinct_cards_are_the_first_of_each_kind_and_follow_a_new_hand():
    state = sample_game(3, max_turns=2).final
    cards = state.cards
    twins = [c for c in range(len(cards)) if cards[c] is cards[0]]
    other = next(c for c in range(len(cards)) if cards[c] is not cards[0])
    hand = (*twins, other, twins[0])
    assert _distinct(cards, hand, 0) == (twins[0], other)
    assert _distinct(cards, hand, 0) == (twins[0], other)
    assert _distinct(cards, (other, *twins), 0) == (other, twins[0])
    assert _distinct(cards, (), 0) == ()


def test_shen_by_space_counts_each_spaces_corners_after_the_counters_change():
    state = sample_game(3, max_turns=2).final
    corners = state.board.space_corner_masks
    for player in (0, 1):
        assert shen_by_space(state, player) == tuple(
            (shen_mask(state, player) & mask).bit_count() for mask in corners
        )
    vertex = state.grid.legal_placements(0)[0]
    grown = replace(state, grid=state.grid.place(vertex, 0)[0])
    assert shen_by_space(grown, 0) == tuple(
        (shen_mask(grown, 0) & mask).bit_count() for mask in corners
    )
    assert shen_by_space(grown, 0) != shen_by_space(state, 0)
