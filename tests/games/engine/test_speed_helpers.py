"""The engine's speed helpers answer exactly what the plain computations they replace do."""

import random

from games.engine.board import mask_vertices
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
