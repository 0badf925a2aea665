"""Plain-text decklists: `3 Card Name` lines, an optional `Sideboard` header, `#` comments.

    # Ember Rush — Shén Standard
    3 Ember Lance
    2x Ash Wall
    Cinder Ward x2

    Sideboard
    1 Cinder Ward

A count comes first (`3`, `3x`) or, when none does, last (`x3`). Blank lines and lines
starting with `#` are ignored; `Main` or `Deck` switches back to the
main deck. The writer puts the deck's name, format and Home Realm in comments
(`# Deck: …`, `# Format: <slug>`, `# Home Realm: <slug>`), which the reader picks up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from decks.decklist import DecklistEntry
from decks.io.raw import DecklistHeader, ImportProblem, RawDecklist, RawLine, count_read
from decks.models import Board

# Every pattern runs in time linear in the line (lines are stripped first): a lazy
# `.+?` before `\s*$` made a line of 60,000 spaces take minutes. ASCII digits only:
# `\d` would take any script's digits, and `int()` refuses some of them.
CARD_LINE = re.compile(r"^(?P<count>[0-9]+)[xX×]?\s+(?P<name>.+)$")
# Searched for, not matched from the start: each position tries one whitespace and one
# "x", so a long line costs no more than its length.
TRAILING_COUNT = re.compile(r"\s[xX×](?P<count>[0-9]+)$")
SIDEBOARD_HEADER = re.compile(r"^(sideboard|side|sb)\s*:?$", re.IGNORECASE)
MAIN_HEADER = re.compile(r"^(main|main\s*deck|deck)\s*:?$", re.IGNORECASE)
COMMENT_START = re.compile(r"\s#")
HEADER_COMMENT = re.compile(r"^#\s*(?P<field>deck|format|home realm)\s*:\s*(?P<value>.+)$", re.I)
HEADER_FIELDS = {"deck": "name", "format": "format", "home realm": "home_realm"}


def text_read(text: str) -> RawDecklist:
    """Card lines and problems from a plain-text decklist."""
    decklist = RawDecklist()
    board = Board.MAIN
    header: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        if comment := HEADER_COMMENT.match(raw.strip()):
            header[HEADER_FIELDS[comment["field"].lower()]] = comment["value"].strip()
            continue
        line = _without_comment(raw).strip()
        if not line or line.startswith("#"):
            continue
        if SIDEBOARD_HEADER.match(line):
            board = Board.SIDE
            continue
        if MAIN_HEADER.match(line):
            board = Board.MAIN
            continue
        decklist.add(card_line_read(number, line, board))
    decklist.header = DecklistHeader(**header)
    return decklist


def card_line_read(
    number: int, line: str, board: str = Board.MAIN, *, bare_count: int | None = None
) -> RawLine | ImportProblem:
    """One stripped card line (`3 Cinder Hound`, `3x Cinder Hound`, `Cinder Hound x3`) as read.

    With `bare_count`, a line that is only a name holds that many copies (the builder's
    quick-add reads `Cinder Hound` as one); without it, such a line is a problem."""
    count_text, name = _count_and_name(line)
    if not name:
        if bare_count is None or not line:
            return ImportProblem(
                number,
                f"Expected a count and a card name, like '3 Cinder Hound': {line[:80]!r}.",
            )
        count_text, name = str(bare_count), line
    count = count_read(number, count_text)
    if isinstance(count, ImportProblem):
        return count
    return RawLine(number, count, name=name, board=board)


def _count_and_name(line: str) -> tuple[str, str]:
    """The count's text and the name, or ("", "") when the line writes no count."""
    if match := CARD_LINE.match(line):
        return match["count"], match["name"]
    if (match := TRAILING_COUNT.search(line)) and (name := line[: match.start()].rstrip()):
        return match["count"], name
    return "", ""


def _without_comment(raw: str) -> str:
    """The line up to a `#` that follows whitespace (a trailing comment)."""
    comment = COMMENT_START.search(raw)
    return raw[: comment.start()] if comment else raw


def text_write(entries: Iterable[DecklistEntry], header: DecklistHeader) -> str:
    """The decklist as plain text that `text_read` reads back to the same cards."""
    lines = [f"# Deck: {header.name}"] if header.name else []
    if header.format:
        lines.append(f"# Format: {header.format}")
    if header.home_realm:
        lines.append(f"# Home Realm: {header.home_realm}")
    entries = list(entries)
    main = [entry for entry in entries if entry.board == Board.MAIN]
    side = [entry for entry in entries if entry.board == Board.SIDE]
    lines += [f"{entry.count} {entry.card.name}" for entry in main]
    if side:
        lines += ["", "Sideboard", *(f"{entry.count} {entry.card.name}" for entry in side)]
    return "\n".join(lines) + "\n"
