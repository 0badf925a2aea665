"""Deck history: a snapshot of the slots after each change, and the difference between two.

Building a deck is many one-card edits. Edits made within `EDIT_GROUP_MINUTES` of the
latest version's last edit amend that version instead of adding one, so a building
session reads as one step. Only edit versions are amended: creation, imports and
restores always stand alone, and a version the player named is never changed.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Max
from django.utils import timezone

from decks.decklist import DecklistEntry
from decks.models import Board, Deck, DeckVersion

EDIT_GROUP_MINUTES = 5
EDIT_GROUP_WINDOW = datetime.timedelta(minutes=EDIT_GROUP_MINUTES)
MAX_LABEL_LENGTH = 80
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


def version_record(
    *, deck: Deck, entries: Iterable[DecklistEntry], note: str, edit: bool = False
) -> DeckVersion:
    """Store the slots as the deck's next version; call inside the change's transaction.

    An `edit` (one card's count or board) amends the latest version instead when that
    is an unnamed edit version last changed within `EDIT_GROUP_WINDOW`."""
    now = timezone.now()
    slots = slots_snapshot(entries)
    latest = deck.versions.order_by("-number").first()
    if edit and latest is not None and version_takes_edits(latest, now):
        latest.edits += 1
        latest.note = f"{latest.edits} edits, the last: {note}"[:200]
        latest.slots = slots
        latest.updated_at = now
        latest.save(update_fields=["edits", "note", "slots", "updated_at"])
        return latest
    number = (deck.versions.aggregate(latest=Max("number"))["latest"] or 0) + 1
    return DeckVersion.objects.create(
        deck=deck,
        number=number,
        note=note[:200],
        slots=slots,
        from_edits=edit,
        updated_at=now,
    )


def version_takes_edits(version: DeckVersion, now: datetime.datetime) -> bool:
    """Whether an edit made `now` amends `version` rather than starting a new one."""
    recent = now - version.updated_at <= EDIT_GROUP_WINDOW
    return version.from_edits and not version.label and recent


def version_label(*, deck: Deck, number: int, label: str) -> DeckVersion | None:
    """Name one of the deck's versions (a blank label removes the name); None if no such version.

    A named version is frozen: the next edit starts a new version."""
    version = deck.versions.filter(number=number).first()
    if version is None:
        return None
    version.label = " ".join(label.split())[:MAX_LABEL_LENGTH]
    version.save(update_fields=["label"])
    return version


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
