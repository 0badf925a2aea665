"""The shapes every reader and writer shares: raw lines, the deck's header, import problems."""

from __future__ import annotations

from dataclasses import dataclass, field

from decks.models import MAX_COPIES_PER_SLOT, Board


@dataclass(frozen=True)
class ImportProblem:
    """Something wrong with one line (or entry) of an import; `line` is None for the whole input."""

    line: int | None
    message: str
    suggestions: tuple[str, ...] = ()
    unit: str = "line"

    def __str__(self) -> str:
        where = f"{self.unit.capitalize()} {self.line}: " if self.line is not None else ""
        hint = f" Did you mean {' or '.join(self.suggestions)}?" if self.suggestions else ""
        return f"{where}{self.message}{hint}"


@dataclass(frozen=True)
class RawLine:
    """One card line as read: a count and a card named by `name` or `slug`, not yet looked up."""

    line: int
    count: int
    name: str = ""
    slug: str = ""
    board: str = Board.MAIN
    unit: str = "line"


@dataclass(frozen=True)
class DecklistHeader:
    """What a decklist may say about its deck beyond the cards: slugs, not rows."""

    name: str = ""
    format: str = ""
    home_realm: str = ""


@dataclass
class RawDecklist:
    """What a reader made of the input: card lines, problems, and the deck's header."""

    lines: list[RawLine] = field(default_factory=list)
    problems: list[ImportProblem] = field(default_factory=list)
    header: DecklistHeader = field(default_factory=DecklistHeader)

    def add(self, read: RawLine | ImportProblem) -> None:
        """Keep one line as read: a card line, or the problem that stopped it."""
        if isinstance(read, ImportProblem):
            self.problems.append(read)
        else:
            self.lines.append(read)


# More digits than any allowed count has: read as "too many" without converting.
COUNT_DIGITS = len(str(MAX_COPIES_PER_SLOT)) + 2


def count_read(line: int, text: str, unit: str = "line") -> int | ImportProblem:
    """The count a line writes as `text` (ASCII digits only), or the problem with it."""
    if not (text.isascii() and text.isdigit()):
        return ImportProblem(
            line, f"The count must be a whole number, not {text[:20]!r}.", unit=unit
        )
    if len(text.lstrip("0")) > COUNT_DIGITS:
        return ImportProblem(
            line,
            f"A count must be from 1 to {MAX_COPIES_PER_SLOT}; this line has {len(text)} digits.",
            unit=unit,
        )
    count = int(text)
    return count_problem(line, count, unit) or count


def count_problem(line: int, count: int, unit: str = "line") -> ImportProblem | None:
    """A problem when a line's count is outside 1…MAX_COPIES_PER_SLOT, else None."""
    if 1 <= count <= MAX_COPIES_PER_SLOT:
        return None
    return ImportProblem(
        line, f"A count must be from 1 to {MAX_COPIES_PER_SLOT}; this line has {count}.", unit=unit
    )
