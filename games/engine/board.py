"""The field: spaces, the Spirit Path's vertices, their names and distances (R1–R4).

A board of W×H spaces has (W+1)×(H+1) vertices. Both are small ints,
``index = rank * columns + file`` (file and rank counted from 0 at the
bottom-left, ``columns`` being W for spaces and W+1 for vertices), so every
table below is a tuple indexed by them. Vertex sets are also kept as int
bitmasks (bit ``v`` set for vertex ``v``): the capture code unions and
intersects whole groups in one operation.

Pure Python: the engine is a library (no Django).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

MIN_SIDE = 4
# Vertex files are the capital letters A–Z, so a board has at most 25 space files.
MAX_WIDTH = 25
MAX_HEIGHT = 99

_SPACE_NAME = re.compile(r"([a-z])([1-9][0-9]?)")
_VERTEX_NAME = re.compile(r"([A-Z])([1-9][0-9]?)")


def _grid_neighbours(
    columns: int, rows: int, steps: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, ...], ...]:
    """For each cell of a columns×rows grid, the cells one of ``steps`` away."""
    return tuple(
        tuple(
            (rank + dr) * columns + file + df
            for df, dr in steps
            if 0 <= file + df < columns and 0 <= rank + dr < rows
        )
        for rank in range(rows)
        for file in range(columns)
    )


def _mask(vertices: tuple[int, ...] | range) -> int:
    bits = 0
    for vertex in vertices:
        bits |= 1 << vertex
    return bits


_ORTHOGONAL = ((0, -1), (-1, 0), (1, 0), (0, 1))
_KING = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@dataclass(frozen=True)
class Geometry:
    """A W×H field of spaces and its (W+1)×(H+1) vertices, with lookup tables.

    A game builds one when it starts and its grid carries it, so the tables are
    made once per game. Two geometries are equal when their sizes are.
    """

    width: int = 8
    height: int = 8

    vertex_columns: int = field(init=False, repr=False, compare=False)
    vertex_rows: int = field(init=False, repr=False, compare=False)
    space_count: int = field(init=False, repr=False, compare=False)
    vertex_count: int = field(init=False, repr=False, compare=False)
    # Orthogonal neighbours of each vertex (2–4, R3).
    vertex_neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # King-move neighbours of each space (3–8, R3).
    space_neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # For each space: (neighbour, the corner a diagonal step to it crosses, or -1) (R21).
    king_steps: tuple[tuple[tuple[int, int], ...], ...] = field(
        init=False, repr=False, compare=False
    )
    # For each vertex: (neighbour, that neighbour again): the vertex a Realm Stone
    # would have to stand on to block the step, as in ``king_steps``.
    path_steps: tuple[tuple[tuple[int, int], ...], ...] = field(
        init=False, repr=False, compare=False
    )
    # The 4 corners of each space: bottom-left, bottom-right, top-left, top-right.
    space_corners: tuple[tuple[int, int, int, int], ...] = field(
        init=False, repr=False, compare=False
    )
    # The 1–4 spaces each vertex is a corner of.
    vertex_spaces: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # "On and next to" a vertex: itself first, then its neighbours (R3).
    around_vertex: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # The same vertex sets as bitmasks.
    vertex_neighbour_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    space_corner_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    around_vertex_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    all_vertices_mask: int = field(init=False, repr=False, compare=False)
    # Vertices not in the first / last file: shifting a mask sideways must not wrap rows.
    _not_first_file: int = field(init=False, repr=False, compare=False)
    _not_last_file: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for side, name, top in (
            (self.width, "width", MAX_WIDTH),
            (self.height, "height", MAX_HEIGHT),
        ):
            if not isinstance(side, int) or isinstance(side, bool) or not MIN_SIDE <= side <= top:
                raise ValueError(f"board {name} must be a whole number from {MIN_SIDE} to {top}")
        columns, rows = self.width + 1, self.height + 1
        vertex_neighbours = _grid_neighbours(columns, rows, _ORTHOGONAL)
        corners = tuple(
            (
                rank * columns + file,
                rank * columns + file + 1,
                (rank + 1) * columns + file,
                (rank + 1) * columns + file + 1,
            )
            for rank in range(self.height)
            for file in range(self.width)
        )
        vertex_spaces: list[list[int]] = [[] for _ in range(columns * rows)]
        for space, space_corners in enumerate(corners):
            for vertex in space_corners:
                vertex_spaces[vertex].append(space)
        space_neighbours = _grid_neighbours(self.width, self.height, _KING)
        king_steps = tuple(
            tuple((n, _crossed_corner(s, n, self.width, columns)) for n in neighbours)
            for s, neighbours in enumerate(space_neighbours)
        )
        around = tuple((v, *neighbours) for v, neighbours in enumerate(vertex_neighbours))
        tables = {
            "vertex_columns": columns,
            "vertex_rows": rows,
            "space_count": self.width * self.height,
            "vertex_count": columns * rows,
            "vertex_neighbours": vertex_neighbours,
            "space_neighbours": space_neighbours,
            "king_steps": king_steps,
            "path_steps": tuple(tuple((n, n) for n in ns) for ns in vertex_neighbours),
            "space_corners": corners,
            "vertex_spaces": tuple(tuple(sorted(spaces)) for spaces in vertex_spaces),
            "around_vertex": around,
            "vertex_neighbour_masks": tuple(_mask(n) for n in vertex_neighbours),
            "space_corner_masks": tuple(_mask(c) for c in corners),
            "around_vertex_masks": tuple(_mask(a) for a in around),
            "all_vertices_mask": (1 << (columns * rows)) - 1,
            "_not_first_file": _mask(tuple(v for v in range(columns * rows) if v % columns)),
            "_not_last_file": _mask(
                tuple(v for v in range(columns * rows) if v % columns != columns - 1)
            ),
        }
        for name, value in tables.items():
            object.__setattr__(self, name, value)

    # -- coordinates ---------------------------------------------------------

    def space_at(self, file: int, rank: int) -> int | None:
        """The space at 0-based ``file``, ``rank``, or None off the board."""
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def vertex_at(self, file: int, rank: int) -> int | None:
        """The vertex at 0-based ``file``, ``rank``, or None off the board."""
        if 0 <= file < self.vertex_columns and 0 <= rank < self.vertex_rows:
            return rank * self.vertex_columns + file
        return None

    def space_file_rank(self, space: int) -> tuple[int, int]:
        """0-based (file, rank) of a space."""
        self._check_space(space)
        return space % self.width, space // self.width

    def vertex_file_rank(self, vertex: int) -> tuple[int, int]:
        """0-based (file, rank) of a vertex."""
        self._check_vertex(vertex)
        return vertex % self.vertex_columns, vertex // self.vertex_columns

    def is_space(self, space: object) -> bool:
        """True when ``space`` is a space index of this board."""
        return type(space) is int and 0 <= space < self.space_count

    def is_vertex(self, vertex: object) -> bool:
        """True when ``vertex`` is a vertex index of this board."""
        return type(vertex) is int and 0 <= vertex < self.vertex_count

    def _check_space(self, space: int) -> None:
        if not self.is_space(space):
            raise ValueError(f"{space!r} is not a space of a {self.width}×{self.height} board")

    def _check_vertex(self, vertex: int) -> None:
        if not self.is_vertex(vertex):
            raise ValueError(f"{vertex!r} is not a vertex of a {self.width}×{self.height} board")

    # -- notation (R2) ---------------------------------------------------------

    def space_name(self, space: int) -> str:
        """``'a1'``…``'h8'``: lowercase file letter, rank from 1 at the bottom."""
        file, rank = self.space_file_rank(space)
        return f"{chr(ord('a') + file)}{rank + 1}"

    def vertex_name(self, vertex: int) -> str:
        """``'A1'``…``'I9'``: vertex A1 is the bottom-left corner of space a1."""
        file, rank = self.vertex_file_rank(vertex)
        return f"{chr(ord('A') + file)}{rank + 1}"

    def parse_space(self, name: str) -> int:
        """The space named ``name`` (``'c3'``); ValueError for anything else."""
        return self._parse(name, "space", _SPACE_NAME, "a", self.space_at, self.width, self.height)

    def parse_vertex(self, name: str) -> int:
        """The vertex named ``name`` (``'D4'``); ValueError for anything else."""
        return self._parse(
            name, "vertex", _VERTEX_NAME, "A", self.vertex_at, self.vertex_columns, self.vertex_rows
        )

    def _parse(
        self,
        name: object,
        kind: str,
        pattern: re.Pattern[str],
        first_letter: str,
        at: Callable[[int, int], int | None],
        columns: int,
        rows: int,
    ) -> int:
        names = f"{first_letter}1–{chr(ord(first_letter) + columns - 1)}{rows}"
        if not isinstance(name, str):
            raise ValueError(f"a {kind} name must be text like {first_letter}1, not {name!r}")
        match = pattern.fullmatch(name.strip())
        if match is None:
            # The letter's case is what tells a space (c3) from a vertex (C3).
            case = "lowercase" if kind == "space" else "capital"
            raise ValueError(f"{name!r} is not a {kind} name ({names}, {case} letter first)")
        found = at(ord(match[1]) - ord(first_letter), int(match[2]) - 1)
        if found is None:
            raise ValueError(f"{kind} {name} is off the {self.width}×{self.height} board ({names})")
        return found

    # -- distance (R4) -------------------------------------------------------

    def space_distance(self, a: int, b: int) -> int:
        """King-move (Chebyshev) distance between two spaces."""
        fa, ra = self.space_file_rank(a)
        fb, rb = self.space_file_rank(b)
        return max(abs(fa - fb), abs(ra - rb))

    def vertex_distance(self, a: int, b: int) -> int:
        """Distance along the Spirit Path (Manhattan) between two vertices."""
        fa, ra = self.vertex_file_rank(a)
        fb, rb = self.vertex_file_rank(b)
        return abs(fa - fb) + abs(ra - rb)

    def spaces_within(self, space: int, radius: int) -> tuple[int, ...]:
        """Spaces at king-move distance 0…``radius`` of ``space`` (itself included)."""
        file, rank = self.space_file_rank(space)
        return tuple(
            s
            for r in range(max(0, rank - radius), min(self.height, rank + radius + 1))
            for s in range(
                r * self.width + max(0, file - radius),
                r * self.width + min(self.width, file + radius + 1),
            )
        )

    def vertices_within(self, vertex: int, radius: int) -> tuple[int, ...]:
        """Vertices at Spirit-Path distance 0…``radius`` of ``vertex`` (itself included)."""
        file, rank = self.vertex_file_rank(vertex)
        found = []
        for r in range(max(0, rank - radius), min(self.vertex_rows, rank + radius + 1)):
            reach = radius - abs(r - rank)
            for f in range(max(0, file - reach), min(self.vertex_columns, file + reach + 1)):
                found.append(r * self.vertex_columns + f)
        return tuple(found)

    # -- steps -----------------------------------------------------------------

    def diagonal_corner(self, a: int, b: int) -> int | None:
        """The corner shared by diagonal neighbours ``a`` and ``b``; None for orthogonal ones.

        A diagonal king step passes through that vertex, so it may not be a
        Realm Stone's (R21). ValueError when the spaces are not neighbours.
        """
        fa, ra = self.space_file_rank(a)
        fb, rb = self.space_file_rank(b)
        if max(abs(fa - fb), abs(ra - rb)) != 1:
            raise ValueError(f"{self.space_name(a)} and {self.space_name(b)} are not neighbours")
        corner = _crossed_corner(a, b, self.width, self.vertex_columns)
        return None if corner < 0 else corner

    def space_beyond(self, origin: int, target: int) -> int | None:
        """The space one step past ``target`` going from ``origin`` towards it, or None off-board.

        A defender beaten in melee retreats to ``space_beyond(attacker_from, defender)``;
        a beaten attacker to ``space_beyond(defender, attacker_from)``.
        """
        fo, ro = self.space_file_rank(origin)
        ft, rt = self.space_file_rank(target)
        if origin == target:
            raise ValueError(f"no direction from {self.space_name(origin)} to itself")
        return self.space_at(ft + _sign(ft - fo), rt + _sign(rt - ro))

    def vertex_beyond(self, origin: int, target: int) -> int | None:
        """The vertex one step past ``target`` coming from ``origin``, or None off-board."""
        fo, ro = self.vertex_file_rank(origin)
        ft, rt = self.vertex_file_rank(target)
        if origin == target:
            raise ValueError(f"no direction from {self.vertex_name(origin)} to itself")
        return self.vertex_at(ft + _sign(ft - fo), rt + _sign(rt - ro))

    # -- vertex bitmasks -------------------------------------------------------

    def mask_neighbours(self, mask: int) -> int:
        """Every vertex orthogonally next to a vertex of ``mask`` (may include ``mask``'s own)."""
        return (
            ((mask << 1) & self._not_first_file)
            | ((mask >> 1) & self._not_last_file)
            | ((mask << self.vertex_columns) & self.all_vertices_mask)
            | (mask >> self.vertex_columns)
        )

    def connected_part(self, seed: int, within: int) -> int:
        """The vertices of ``within`` connected orthogonally to vertex ``seed`` (a flood fill)."""
        part = 1 << seed
        while True:
            grown = (part | self.mask_neighbours(part)) & within
            if grown == part:
                return part
            part = grown


def _crossed_corner(a: int, b: int, width: int, columns: int) -> int:
    """The vertex a king step between neighbouring spaces ``a`` and ``b`` passes through
    (diagonal steps only), or -1."""
    fa, ra = a % width, a // width
    fb, rb = b % width, b // width
    if fa == fb or ra == rb:
        return -1
    return max(ra, rb) * columns + max(fa, fb)


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


# Up to 128 positions (boards up to 10×10 have 121 vertices) a mask is read a
# byte at a time from tables: legal placements list most of the board's vertices,
# and peeling off bits one by one costs several times more.
_TABLE_BYTES = 16
_BYTE_BITS = tuple(
    tuple(tuple(8 * index + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for index in range(_TABLE_BYTES)
)


def mask_vertices(mask: int) -> tuple[int, ...]:
    """The vertices whose bits are set in ``mask``, in increasing order."""
    found: list[int] = []
    if mask.bit_count() > 4 and not mask >> 8 * _TABLE_BYTES:
        for index, byte in enumerate(mask.to_bytes(_TABLE_BYTES, "little")):
            if byte:
                found += _BYTE_BITS[index][byte]
        return tuple(found)
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


def vertices_mask(vertices: Iterable[int]) -> int:
    """The bitmask of an iterable of vertices."""
    return _mask(tuple(vertices))


def corner_spaces(board: Geometry) -> tuple[int, int, int, int]:
    """The four corner spaces a1, h1, a8, h8 (anchor points of the default scenario, R5)."""
    top = (board.height - 1) * board.width
    return (0, board.width - 1, top, top + board.width - 1)
