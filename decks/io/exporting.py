"""Export a deck in each format the site offers, with the content type and file name to serve."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.text import slugify

from decks.decklist import DecklistEntry, deck_entries
from decks.io.csv_format import csv_write
from decks.io.deck_code import deck_code_write
from decks.io.json_format import json_write
from decks.io.raw import DecklistHeader
from decks.io.text import text_write
from decks.models import Deck
from decks.printing import decklist_sheet_html, proxy_sheet_pdf


@dataclass(frozen=True)
class ExportKind:
    content_type: str
    extension: str
    write: Callable[[Deck], str | bytes]


def deck_header(deck: Deck) -> DecklistHeader:
    """The deck's name, format slug and Home Realm slug, as decklists carry them."""
    return DecklistHeader(
        name=deck.name,
        format=deck.format.slug,
        home_realm=deck.home_realm.slug if deck.home_realm else "",
    )


def _with_entries(
    writer: Callable[[list[DecklistEntry], DecklistHeader], str],
) -> Callable[[Deck], str]:
    return lambda deck: writer(deck_entries(deck), deck_header(deck))


EXPORT_KINDS: dict[str, ExportKind] = {
    "text": ExportKind("text/plain; charset=utf-8", "txt", _with_entries(text_write)),
    "json": ExportKind("application/json", "json", _with_entries(json_write)),
    "csv": ExportKind("text/csv; charset=utf-8", "csv", _with_entries(csv_write)),
    "code": ExportKind("text/plain; charset=utf-8", "txt", _with_entries(deck_code_write)),
    "pdf": ExportKind("application/pdf", "pdf", proxy_sheet_pdf),
    "sheet": ExportKind("text/html; charset=utf-8", "html", decklist_sheet_html),
}


# Printed exports cost far more than text: the pages and the API throttle them.
EXPENSIVE_EXPORTS = frozenset({"pdf", "sheet"})


class UnknownExportKind(ValueError):
    """An export kind the site does not offer."""


def deck_export(deck: Deck, kind: str) -> str | bytes:
    """The deck written as `kind`: text, json, csv, code, pdf (proxy sheet) or sheet."""
    if kind not in EXPORT_KINDS:
        raise UnknownExportKind(f"Unknown export kind {kind!r}: use {', '.join(EXPORT_KINDS)}.")
    return EXPORT_KINDS[kind].write(deck)


def export_filename(deck: Deck, kind: str) -> str:
    """A download name such as `ember-rush.csv` (proxy sheets: `ember-rush-proxies.pdf`)."""
    stem = slugify(deck.name) or "deck"
    suffix = "-proxies" if kind == "pdf" else "-code" if kind == "code" else ""
    return f"{stem}{suffix}.{EXPORT_KINDS[kind].extension}"
