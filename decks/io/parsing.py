"""From pasted or uploaded text to decklist entries, with every problem on its line.

Card lines are looked up in one query (by exact name, then case- and accent-blind by
slug); names that match nothing get "did you mean" suggestions from a second query over
all card names. Input over the size limits, holding control characters, or adding up to
a deck over the deck-size limits is refused whole, with the limit stated.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.text import slugify

from cards.models import Card
from decks.decklist import DecklistEntry, decklist_limit_problem, entries_merged
from decks.io.csv_format import csv_read
from decks.io.deck_code import deck_code_read
from decks.io.json_format import json_read
from decks.io.raw import DecklistHeader, ImportProblem, RawDecklist, RawLine
from decks.io.text import card_line_read, text_read
from shen_site.json_input import UNWANTED_CHARACTER, unwanted_character

MAX_IMPORT_BYTES = 64 * 1024
MAX_IMPORT_LINES = 500
# Names longer than any card's get no "did you mean": comparing costs their length.
MAX_SUGGESTED_NAME = 100
# One typed line (the builder's quick-add): a count and the longest name, with room to spare.
MAX_TYPED_LINE_CHARS = 200
# The start of a name that picks the one card it begins: shorter starts begin too many.
MIN_NAME_START = 3
# Cards an ambiguous start of a name lists.
NAME_START_CHOICES = 3

READERS: dict[str, Callable[[str], RawDecklist]] = {
    "text": text_read,
    "json": json_read,
    "csv": csv_read,
    "code": deck_code_read,
}


@dataclass(frozen=True)
class ParseResult:
    """The entries that resolved to cards, every problem found, and the decklist's header."""

    entries: list[DecklistEntry]
    problems: list[ImportProblem]
    header: DecklistHeader = field(default_factory=DecklistHeader)


def decklist_parse(*, text: str, kind: str) -> ParseResult:
    """Read a decklist of `kind` (text, json, csv or code) and look its cards up."""
    if kind not in READERS:
        return _refused(f"Unknown import kind {kind!r}: use {', '.join(READERS)}.")
    if found := UNWANTED_CHARACTER.search(text):
        line = text.count("\n", 0, found.start()) + 1
        character = unwanted_character(found.group())
        return _refused(f"Line {line} holds the control character {character}; remove it.")
    size = len(text.encode())
    if size > MAX_IMPORT_BYTES:
        return _refused(
            f"The import is {size // 1024} KiB; the limit is {MAX_IMPORT_BYTES // 1024} KiB."
        )
    line_count = len(text.splitlines())
    if line_count > MAX_IMPORT_LINES:
        return _refused(f"The import has {line_count} lines; the limit is {MAX_IMPORT_LINES}.")
    raw = READERS[kind](text)
    if unreadable := _unreadable_problems(raw):
        return ParseResult([], unreadable)
    entries, problems = _resolve(raw.lines)
    problems = sorted(
        [*raw.problems, *problems], key=lambda problem: (problem.line or 0, problem.message)
    )
    if not entries and not problems:
        problems = [ImportProblem(None, "The import holds no cards.")]
    if limit := decklist_limit_problem(entries_merged(entries)):
        return _refused(limit)
    return ParseResult(entries, problems, raw.header)


def _refused(message: str) -> ParseResult:
    return ParseResult([], [ImportProblem(None, message)])


def _unreadable_problems(raw: RawDecklist) -> list[ImportProblem]:
    # What the reader decoded (JSON escapes, a deck code's payload) must be clean text too.
    problems = [
        ImportProblem(
            line.line, f"The card holds the control character {character}.", unit=line.unit
        )
        for line in raw.lines
        if (character := unwanted_character(line.name + line.slug + line.board))
    ]
    header = raw.header
    if character := unwanted_character(header.name + header.format + header.home_realm):
        problems.append(ImportProblem(None, f"The header holds the control character {character}."))
    return problems


def typed_line_resolve(text: str) -> DecklistEntry | ImportProblem:
    """The card and count one typed line names, read as a text decklist's line is
    (`3 Cinder Hound`, `3x …`, `… x3`; a bare name is one copy) and looked up as the import
    looks names up (any case or accents, "did you mean" for a misspelling). A name that is
    only the start of a card's name is that card when it starts one card's name alone, and
    starts too many otherwise. A problem has no line number: there is one line.

    At most three queries, whatever the text: the input is bounded in size."""
    line = text.strip()
    if not line:
        return ImportProblem(None, "Type a count and a card name, like '3 Cinder Hound'.")
    if len(line) > MAX_TYPED_LINE_CHARS:
        return ImportProblem(
            None, f"A line has at most {MAX_TYPED_LINE_CHARS} characters; this one has {len(line)}."
        )
    if character := unwanted_character(line):
        return ImportProblem(None, f"The line holds the control character {character}.")
    if len(line.splitlines()) > 1:
        return ImportProblem(None, "Type one card a line; to add a whole list, import it.")
    read = card_line_read(1, line, bare_count=1)
    if isinstance(read, ImportProblem):
        return dataclasses.replace(read, line=None)
    entries, problems = _resolve([read])
    if entries:
        return entries[0]
    starting = _cards_starting(read.name)
    if len(starting) == 1:
        return DecklistEntry(starting[0], read.count, read.board)
    if starting:
        names = [card.name for card in starting[:NAME_START_CHOICES]]
        listed = (
            f"{', '.join(names)} and more"
            if len(starting) > NAME_START_CHOICES
            else f"{', '.join(names[:-1])} or {names[-1]}"
        )
        return ImportProblem(None, f"{read.name[:80]!r} starts {listed}: type more of the name.")
    return dataclasses.replace(problems[0], line=None)


def _cards_starting(name: str) -> list[Card]:
    """The cards whose name (or, accents aside, slug) starts with `name`, one more than
    `NAME_START_CHOICES` at most, by name."""
    start = slugify(name)
    if len(start) < MIN_NAME_START:
        return []
    cards = Card.objects.filter(Q(name__istartswith=name) | Q(slug__startswith=start))
    return list(cards.order_by("name")[: NAME_START_CHOICES + 1])


def _resolve(lines: list[RawLine]) -> tuple[list[DecklistEntry], list[ImportProblem]]:
    if not lines:
        return [], []
    names = {line.name for line in lines if line.name}
    slugs = {line.slug for line in lines if line.slug} | {slugify(name) for name in names}
    cards = list(Card.objects.filter(Q(name__in=names) | Q(slug__in=slugs)))
    by_name = {card.name: card for card in cards}
    by_folded_name = {card.name.casefold(): card for card in cards}
    by_slug = {card.slug: card for card in cards}
    entries, unknown = [], []
    for line in lines:
        card = (
            by_slug.get(line.slug)
            if line.slug
            else by_name.get(line.name)
            or by_folded_name.get(line.name.casefold())
            or by_slug.get(slugify(line.name))
        )
        if card is None:
            unknown.append(line)
        else:
            entries.append(DecklistEntry(card, line.count, line.board))
    return entries, _unknown_card_problems(unknown)


def _unknown_card_problems(lines: list[RawLine]) -> list[ImportProblem]:
    if not lines:
        return []
    catalogue = list(Card.objects.values_list("name", flat=True))
    folded = {name.casefold(): name for name in catalogue}
    problems = []
    for line in lines:
        asked = line.name or line.slug.replace("-", " ")
        close = (
            difflib.get_close_matches(asked.casefold(), folded, n=3, cutoff=0.6)
            if len(asked) <= MAX_SUGGESTED_NAME
            else []
        )
        problems.append(
            ImportProblem(
                line.line,
                f"No card named {line.name[:80]!r}."
                if line.name
                else f"No card {line.slug[:80]!r}.",
                tuple(folded[match] for match in close),
                line.unit,
            )
        )
    return problems
