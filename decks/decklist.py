"""A decklist apart from any saved deck: the shape validation, import and export share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cards.models import Card
from decks.models import Board, Deck


@dataclass(frozen=True)
class DecklistEntry:
    """Copies of one card in the main deck or the sideboard."""

    card: Card
    count: int
    board: str = Board.MAIN


@dataclass(frozen=True)
class EntryGroup:
    """Entries listed under one heading, such as "Avatar (12)" or "Sideboard (3)"."""

    label: str
    entries: list[DecklistEntry]

    @property
    def total(self) -> int:
        return sum(entry.count for entry in self.entries)


def deck_entries(deck: Deck) -> list[DecklistEntry]:
    """The deck's slots as entries, main deck first, in one query."""
    slots = deck.slots.select_related("card", "card__realm").order_by(
        "board", "card__cost", "card__name"
    )
    return [DecklistEntry(card=slot.card, count=slot.count, board=slot.board) for slot in slots]


def entries_from_slugs(
    rows: Iterable[Mapping[str, Any]],
) -> tuple[list[DecklistEntry], list[str]]:
    """Entries for rows that name their card by slug (``{"card", "count", "board"}``), the
    cards read in one query, and the slugs the catalogue lacks, sorted (their rows are left out).
    """
    rows = list(rows)
    slugs = {row["card"] for row in rows}
    cards = {card.slug: card for card in Card.objects.filter(slug__in=slugs)}
    entries = [
        DecklistEntry(cards[row["card"]], row["count"], row["board"])
        for row in rows
        if row["card"] in cards
    ]
    return entries, sorted(slugs - cards.keys())


def entries_merged(entries: Iterable[DecklistEntry]) -> list[DecklistEntry]:
    """One entry per card and board, counts of repeated lines added together, order kept."""
    totals: dict[tuple[int, str], DecklistEntry] = {}
    for entry in entries:
        key = (entry.card.pk, entry.board)
        if key in totals:
            entry = DecklistEntry(entry.card, totals[key].count + entry.count, entry.board)
        totals[key] = entry
    return list(totals.values())


def board_total(entries: Iterable[DecklistEntry], board: str = Board.MAIN) -> int:
    """How many cards the entries put on one board."""
    return sum(entry.count for entry in entries if entry.board == board)
