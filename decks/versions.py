"""Deck history: a snapshot of the slots after each change, and the difference between two."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Max

from decks.decklist import DecklistEntry
from decks.models import Board, Deck, DeckVersion

# The largest version number a deck can have (its column is a 32-bit integer): numbers
# asked for in a URL are bounded by it, so no query overflows.
MAX_VERSION_NUMBER = 2**31 - 1

# A snapshot row: {"card": slug, "name": name, "board": "main"|"side", "count": n}.
Snapshot = list[dict]


@dataclass(frozen=True)
class SlotChange:
    """How many copies of a card one board held before and after."""

    card: str  # slug
    name: str
    board: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def kind(self) -> str:
        """'added', 'removed' or 'changed': what a history page labels the line."""
        if self.before == 0:
            return "added"
        if self.after == 0:
            return "removed"
        return "changed"


def slots_snapshot(entries: Iterable[DecklistEntry]) -> Snapshot:
    """The stored form of a decklist, sorted by board then slug so equal lists compare equal."""
    rows = [
        {
            "card": entry.card.slug,
            "name": entry.card.name,
            "board": entry.board,
            "count": entry.count,
        }
        for entry in entries
        if entry.count > 0
    ]
    return sorted(rows, key=lambda row: (row["board"] != Board.MAIN, row["card"]))


def version_record(*, deck: Deck, entries: Iterable[DecklistEntry], note: str) -> DeckVersion:
    """Store the slots as the deck's next version; call inside the change's transaction."""
    latest = deck.versions.aggregate(latest=Max("number"))["latest"] or 0
    return DeckVersion.objects.create(
        deck=deck, number=latest + 1, note=note[:200], slots=slots_snapshot(entries)
    )


def version_diff(a: DeckVersion | Snapshot, b: DeckVersion | Snapshot) -> list[SlotChange]:
    """What changed from `a` to `b`, main deck first, then by card name."""
    before = _counts(a)
    after = _counts(b)
    changes = []
    for key in before.keys() | after.keys():
        name_before, count_before = before.get(key, ("", 0))
        name_after, count_after = after.get(key, ("", 0))
        if count_before != count_after:
            slug, board = key
            changes.append(
                SlotChange(slug, name_after or name_before, board, count_before, count_after)
            )
    return sorted(
        changes, key=lambda change: (change.board != Board.MAIN, change.name, change.card)
    )


def _counts(version: DeckVersion | Snapshot) -> dict[tuple[str, str], tuple[str, int]]:
    rows = version.slots if isinstance(version, DeckVersion) else version
    return {
        (row["card"], row["board"]): (row.get("name", row["card"]), row["count"]) for row in rows
    }
