"""A decklist apart from any saved deck: the shape validation, import and export share.

The deck-size limits live here, checked on merged entries (repeated lines added up), so
every way in (importers, the builder, the API) refuses the same decks with the same words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cards.models import Card, Realm
from decks.models import MAX_COPIES_PER_SLOT, Board, Deck

# The most cards a deck holds, main deck and sideboard together: far above any format's
# size, low enough that a proxy sheet or an odds table stays cheap.
MAX_DECK_CARDS = 300


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


def decklist_limit_problem(entries: Iterable[DecklistEntry]) -> str | None:
    """The deck-size limit merged `entries` break, as a sentence naming it, or None."""
    total = 0
    for entry in entries:
        if entry.count > MAX_COPIES_PER_SLOT:
            board = Board(entry.board).label.lower() if entry.board in Board.values else "board"
            return (
                f"The {board} holds at most {MAX_COPIES_PER_SLOT} copies of {entry.card.name}; "
                f"this decklist puts {entry.count} there."
            )
        total += entry.count
    if total > MAX_DECK_CARDS:
        return (
            f"A deck holds at most {MAX_DECK_CARDS} cards (main deck and sideboard together); "
            f"this decklist has {total}."
        )
    return None


def most_common_realm(realm_slugs: Iterable[str]) -> str:
    """The realm slug most cards come from (one slug a copy); a tie goes to the slug first in
    alphabetical order, and no cards give "". A deck that declares no Home Realm is played
    in this realm (games.decklists), and a deck's first cards declare it (decks.services)."""
    realms = list(realm_slugs)
    return max(sorted(set(realms)), key=realms.count) if realms else ""


def implied_home_realm(entries: Iterable[DecklistEntry]) -> Realm | None:
    """The Home Realm the main-deck entries imply (see `most_common_realm`), in one query."""
    copies: dict[int, int] = {}
    for entry in entries:
        if entry.board == Board.MAIN:
            copies[entry.card.realm_id] = copies.get(entry.card.realm_id, 0) + entry.count
    realms = Realm.objects.in_bulk(copies)
    slug = most_common_realm(
        realms[realm_id].slug for realm_id, count in copies.items() for _ in range(count)
    )
    return next((realm for realm in realms.values() if realm.slug == slug), None)


def board_total(entries: Iterable[DecklistEntry], board: str = Board.MAIN) -> int:
    """How many cards the entries put on one board."""
    return sum(entry.count for entry in entries if entry.board == board)
