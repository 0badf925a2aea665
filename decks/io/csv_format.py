"""CSV decklists: a `count,name,board` header and one card per row.

`board` ("main" or "side") may be left out; a `slug` column, when present, is used to
look the card up. Without a header the columns are count, name and board, in that order.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from decks.decklist import DecklistEntry
from decks.io.raw import DecklistHeader, ImportProblem, RawDecklist, RawLine, count_read
from decks.models import Board

COLUMNS = ("count", "name", "board", "slug")


def csv_read(text: str) -> RawDecklist:
    """Card rows and problems from a CSV decklist; rows are numbered by their line."""
    decklist = RawDecklist()
    reader = csv.reader(io.StringIO(text))
    columns: tuple[str, ...] | None = None
    try:
        for row in reader:
            cells = [cell.strip() for cell in row]
            if not any(cells) or cells[0].startswith("#"):
                continue
            if columns is None and cells[0].lower() in {"count", "qty", "quantity"}:
                columns = tuple(cell.lower() for cell in cells)
                continue
            decklist.add(_csv_line(reader.line_num, cells, columns or COLUMNS))
    except csv.Error as error:
        decklist.problems.append(ImportProblem(reader.line_num, f"Not valid CSV: {error}."))
    return decklist


def _csv_line(number: int, cells: list[str], columns: tuple[str, ...]) -> RawLine | ImportProblem:
    row = dict(zip(columns, cells, strict=False))
    count = count_read(number, row.get("count", ""))
    if isinstance(count, ImportProblem):
        return count
    name, slug = row.get("name", ""), row.get("slug", "")
    if not name and not slug:
        return ImportProblem(number, "The row has no card name.")
    board = (row.get("board") or Board.MAIN).lower()
    if board not in Board.values:
        return ImportProblem(number, f"Unknown board {board!r}: use 'main' or 'side'.")
    return RawLine(number, count, name=name, slug=slug, board=board)


def csv_write(entries: Iterable[DecklistEntry], header: DecklistHeader) -> str:
    """The decklist as CSV that `csv_read` reads back to the same cards."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for entry in entries:
        writer.writerow([entry.count, entry.card.name, entry.board, entry.card.slug])
    return buffer.getvalue()
