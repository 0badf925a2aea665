"""JSON decklists: the deck's header and a list of cards with counts and boards.

    {"shen_decklist": 1, "name": "Ember Rush", "format": "shen-standard",
     "home_realm": "ember", "cards": [{"count": 3, "name": "Ember Lance",
     "slug": "ember-lance", "board": "main"}, ...]}

A card is looked up by `slug` when given, else by `name`; `board` defaults to "main".
A bare list of card objects is read as well.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from decks.decklist import DecklistEntry
from decks.io.raw import DecklistHeader, ImportProblem, RawDecklist, RawLine, count_problem
from decks.models import Board
from shen_site.json_input import JSONInputError, json_document_read

JSON_VERSION = 1


def json_read(text: str) -> RawDecklist:
    """Card entries and problems from a JSON decklist; entries are numbered from 1."""
    decklist = RawDecklist()
    try:
        document = json_document_read(text)
    except JSONInputError as error:
        decklist.problems.append(ImportProblem(error.line, str(error)))
        return decklist
    if isinstance(document, dict):
        decklist.header = DecklistHeader(
            name=_text(document.get("name")),
            format=_text(document.get("format")),
            home_realm=_text(document.get("home_realm")),
        )
        cards = document.get("cards")
    else:
        cards = document
    if not isinstance(cards, list):
        decklist.problems.append(
            ImportProblem(None, 'Expected a "cards" list of {"count": 3, "name": "…"} objects.')
        )
        return decklist
    for number, item in enumerate(cards, start=1):
        decklist.add(_json_line(number, item))
    return decklist


def _json_line(number: int, item: object) -> RawLine | ImportProblem:
    if not isinstance(item, dict):
        return ImportProblem(number, "Expected an object with a count and a name.", unit="entry")
    count = item.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool):
        return ImportProblem(
            number, f"The count must be a whole number, not {str(count)[:20]!r}.", unit="entry"
        )
    if problem := count_problem(number, count, unit="entry"):
        return problem
    name, slug = _text(item.get("name")), _text(item.get("slug"))
    if not name and not slug:
        return ImportProblem(number, 'Give the card\'s "name" or "slug".', unit="entry")
    board = item.get("board", Board.MAIN)
    if not isinstance(board, str) or board not in Board.values:
        return ImportProblem(
            number, f'Unknown board {str(board)[:20]!r}: use "main" or "side".', unit="entry"
        )
    return RawLine(number, count, name=name, slug=slug, board=board, unit="entry")


def json_write(entries: Iterable[DecklistEntry], header: DecklistHeader) -> str:
    """The decklist as JSON that `json_read` reads back to the same deck."""
    document = {
        "shen_decklist": JSON_VERSION,
        "name": header.name,
        "format": header.format,
        "home_realm": header.home_realm or None,
        "cards": [
            {
                "count": entry.count,
                "name": entry.card.name,
                "slug": entry.card.slug,
                "board": entry.board,
            }
            for entry in entries
        ],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""
