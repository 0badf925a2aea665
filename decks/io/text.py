"""Plain-text decklists: `3 Card Name` lines, an optional `Sideboard` header, `#` comments.

    # Ember Rush — Shén Standard
    3 Ember Lance
    2x Ash Wall

    Sideboard
    1 Cinder Ward

Blank lines and lines starting with `#` are ignored; `Main` or `Deck` switches back to the
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
        match = CARD_LINE.match(line)
        if match is None:
            decklist.problems.append(
                ImportProblem(
                    number,
                    f"Expected a count and a card name, like '3 Cinder Hound': {line[:80]!r}.",
                )
            )
            continue
        count = count_read(number, match["count"])
        if isinstance(count, ImportProblem):
            decklist.problems.append(count)
            continue
        decklist.lines.append(RawLine(number, count, name=match["name"], board=board))
    decklist.header = DecklistHeader(**header)
    return decklist


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
