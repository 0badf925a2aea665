"""How fast is one Shén-counter placement, next to sgfmill's Go board?

What is compared, on the same 9×9 vertex grid and the same moves:

* ours: ``grid, captured = grid.place(vertex, player)`` on an immutable
  ``ShenGrid`` - every placement builds a new grid (the input stays intact),
  runs capture in Go order (R11) and the suicide check;
* sgfmill ``play``: ``board.play(row, col, colour)`` mutating one board in place
  (less work than ours: no new board, no suicide check);
* sgfmill ``copy + play``: ``board = board.copy(); board.play(...)``, the same
  kind of work as ours: the earlier position survives.

The moves are random legal games (seeded) of up to 90 placements with
alternating players and no Realm Stones, so both boards play identical Go
positions and capture the same counters; the final positions are checked to
agree. Times are this process's CPU time (as in ``bench/engine.py``), the
best of several repeats that each time all three in turn, so that load from
other processes weighs on them alike; in µs per placement.

Run: ``.venv/bin/python -m bench.placement``; the engine bench imports
:func:`measure_placement`.
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import random

from sgfmill import boards

from bench.cpu_time import process_seconds
from games.engine.board import Geometry
from games.engine.capture import ShenGrid

_COLOURS = ("b", "w")
_REPEATS = 5


def _random_games(count: int, moves: int, seed: int) -> list[list[tuple[int, int]]]:
    """``count`` seeded random games of legal (vertex, player) placements."""
    rng = random.Random(seed)
    board = Geometry(8, 8)
    games = []
    for _ in range(count):
        grid = ShenGrid.empty(board)
        game = []
        for turn in range(moves):
            player = turn % 2
            legal = grid.legal_placements(player)
            if not legal:
                break
            vertex = rng.choice(legal)
            grid, _ = grid.place(vertex, player)
            game.append((vertex, player))
        games.append(game)
    return games


def _time_ours(games: list[list[tuple[int, int]]]) -> float:
    empty = ShenGrid.empty(Geometry(8, 8))
    start = process_seconds()
    for game in games:
        grid = empty
        for vertex, player in game:
            grid, _ = grid.place(vertex, player)
    return process_seconds() - start


def _time_sgfmill(games: list[list[tuple[int, int, str]]], *, copy: bool) -> float:
    start = process_seconds()
    for game in games:
        board = boards.Board(9)
        if copy:
            for row, col, colour in game:
                board = board.copy()
                board.play(row, col, colour)
        else:
            for row, col, colour in game:
                board.play(row, col, colour)
    return process_seconds() - start


def _same_final_positions(games, go_games) -> bool:
    for game, go_game in zip(games, go_games, strict=True):
        grid = ShenGrid.empty(Geometry(8, 8))
        board = boards.Board(9)
        for (vertex, player), (row, col, colour) in zip(game, go_game, strict=True):
            grid, _ = grid.place(vertex, player)
            board.play(row, col, colour)
        for vertex in range(81):
            colour = board.get(vertex // 9, vertex % 9)
            owner = grid.owner(vertex)
            if (None if colour is None else _COLOURS.index(colour)) != owner:
                return False
    return True


def go_games(n: int = 3_000, seed: int = 2026) -> list[list[tuple[int, int, str]]]:
    """About ``n`` placements of seeded random legal games as sgfmill moves (row, col,
    colour): the reference positions of this bench, for other benches' ratios."""
    moves_per_game = 90
    games = _random_games(max(1, n // moves_per_game), moves_per_game, seed)
    return [[(v // 9, v % 9, _COLOURS[p]) for v, p in game] for game in games]


def measure_placement(n: int = 20_000, seed: int = 2026) -> dict:
    """Time about ``n`` placements in ours and in sgfmill; µs per placement and ratios.

    ``ratio`` is ours / sgfmill ``play`` (below 1: ours is faster);
    ``ratio_with_copy`` is ours / sgfmill ``copy + play``.
    """
    moves_per_game = 90
    games = _random_games(max(1, n // moves_per_game), moves_per_game, seed)
    go_games = [[(v // 9, v % 9, _COLOURS[p]) for v, p in game] for game in games]
    placements = sum(len(game) for game in games)
    captures = _count_captures(games)
    if not _same_final_positions(games, go_games):
        raise RuntimeError("ShenGrid and sgfmill disagree on the benchmark games")
    ours = play = copy_play = float("inf")
    for _ in range(_REPEATS):
        ours = min(ours, _time_ours(games))
        play = min(play, _time_sgfmill(go_games, copy=False))
        copy_play = min(copy_play, _time_sgfmill(go_games, copy=True))
    per = 1e6 / placements
    return {
        "placements": placements,
        "captures": captures,
        "ours_us": round(ours * per, 2),
        "sgfmill_play_us": round(play * per, 2),
        "sgfmill_copy_play_us": round(copy_play * per, 2),
        "ratio": round(ours / play, 3),
        "ratio_with_copy": round(ours / copy_play, 3),
    }


def _count_captures(games: list[list[tuple[int, int]]]) -> int:
    """Placements that captured at least one counter."""
    count = 0
    for game in games:
        grid = ShenGrid.empty(Geometry(8, 8))
        for vertex, player in game:
            grid, captured = grid.place(vertex, player)
            count += bool(captured)
    return count


if __name__ == "__main__":
    figures = measure_placement()
    print(
        f"{figures['placements']} placements on 9×9 vertices "
        f"({figures['captures']} of them capture)\n"
        f"  ShenGrid.place (new immutable grid) {figures['ours_us']:8.2f} µs\n"
        f"  sgfmill Board.play (in place)       {figures['sgfmill_play_us']:8.2f} µs\n"
        f"  sgfmill copy() + play               {figures['sgfmill_copy_play_us']:8.2f} µs\n"
        f"  ours / sgfmill play   = {figures['ratio']:.3f}\n"
        f"  ours / sgfmill copy+play = {figures['ratio_with_copy']:.3f}"
    )
