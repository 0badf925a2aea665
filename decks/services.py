"""Deck workflows: create, edit, change slots (each change a version), restore, copy, delete.

Every service takes keyword arguments, checks its input, writes inside one transaction
and returns the deck. Bad input raises `DeckChangeError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Sum

from cards.models import Card, Realm
from decks.decklist import (
    MAX_DECK_CARDS,
    DecklistEntry,
    deck_entries,
    decklist_limit_problem,
    entries_from_slugs,
    entries_merged,
)
from decks.models import (
    MAX_COPIES_PER_SLOT,
    Board,
    Deck,
    DeckSlot,
    DeckVersion,
    Format,
    Visibility,
)
from decks.versions import slots_snapshot, version_record
from shen_site.json_input import unwanted_character

EDITABLE_FIELDS = frozenset({"name", "description", "home_realm", "format", "visibility"})
MAX_NAME_CHARS = 100
# Enough for a primer; a deck list shows 50 of them to a page.
MAX_DESCRIPTION_CHARS = 5000


class DeckChangeError(ValueError):
    """A deck change that cannot be made, with a sentence saying why."""


def deck_create(
    *,
    owner: AbstractBaseUser,
    name: str,
    format: Format,
    home_realm: Realm | None = None,
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    entries: Iterable[DecklistEntry] = (),
    note: str = "Created",
) -> Deck:
    """A new deck owned by `owner`, with optional slots; its history starts at version 1."""
    _check_fields(name=name, visibility=visibility, description=description)
    entries = _checked_entries(entries)
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner,
            name=name.strip(),
            format=format,
            home_realm=home_realm,
            description=description,
            visibility=visibility,
        )
        _write_slots(deck, entries)
        version_record(deck=deck, entries=entries, note=note)
    return deck


def deck_update(*, deck: Deck, **fields: object) -> Deck:
    """Change the deck's name, description, Home Realm, format or visibility."""
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise DeckChangeError(f"These deck fields cannot be changed: {', '.join(sorted(unknown))}.")
    _check_fields(**fields)
    if "name" in fields:
        fields["name"] = str(fields["name"]).strip()
    with transaction.atomic():
        for field, value in fields.items():
            setattr(deck, field, value)
        deck.save(update_fields=[*fields, "updated_at"])
    return deck


def deck_set_slot(*, deck: Deck, card: Card, board: str = Board.MAIN, count: int) -> Deck:
    """Hold exactly `count` copies of a card on a board (0 removes it), as a new version."""
    if count < 0:
        raise DeckChangeError("A card count cannot be negative.")
    return _slot_change(deck=deck, card=card, board=board, count_after=lambda held: count)


def deck_adjust_slot(*, deck: Deck, card: Card, board: str = Board.MAIN, delta: int) -> Deck:
    """Add (or with a negative `delta`, take away) copies of a card, as a new version.

    The count is read with the deck locked, so two quick "one more" clicks make two
    copies; taking away more than the board holds stops at 0, which removes the card."""
    return _slot_change(
        deck=deck, card=card, board=board, count_after=lambda held: max(held + delta, 0)
    )


def _slot_change(*, deck: Deck, card: Card, board: str, count_after: Callable[[int], int]) -> Deck:
    """Write the count `count_after` gives for the count held, read under the deck's lock."""
    _check_board(board)
    with transaction.atomic():
        _lock(deck)
        slot = DeckSlot.objects.filter(deck=deck, card=card, board=board).first()
        held = slot.count if slot else 0
        count = count_after(held)
        if count > MAX_COPIES_PER_SLOT:
            raise DeckChangeError(
                f"A board holds at most {MAX_COPIES_PER_SLOT} copies of {card.name}."
            )
        if held == count:
            return deck
        if count > held and _deck_total(deck) - held + count > MAX_DECK_CARDS:
            raise DeckChangeError(
                f"A deck holds at most {MAX_DECK_CARDS} cards (main deck and sideboard together)."
            )
        _slot_write(deck=deck, card=card, board=board, slot=slot, count=count)
        _record_change(deck, f"{card.name}: {held} → {count} ({Board(board).label.lower()})")
    return deck


def deck_move_card(
    *, deck: Deck, card: Card, from_board: str, to_board: str, count: int = 1
) -> Deck:
    """Move copies of a card between the main deck and the sideboard, as one new version."""
    _check_board(from_board)
    _check_board(to_board)
    if from_board == to_board:
        raise DeckChangeError("A card moves between two different boards.")
    if count < 1:
        raise DeckChangeError("Move at least one copy.")
    with transaction.atomic():
        _lock(deck)
        slots = {slot.board: slot for slot in DeckSlot.objects.filter(deck=deck, card=card)}
        source = slots.get(from_board)
        if source is None or source.count < count:
            held = source.count if source else 0
            raise DeckChangeError(
                f"The {Board(from_board).label.lower()} holds {held} of {card.name}; "
                f"cannot move {count}."
            )
        _slot_write(deck=deck, card=card, board=from_board, slot=source, count=source.count - count)
        target = slots.get(to_board)
        held = target.count if target else 0
        if held + count > MAX_COPIES_PER_SLOT:
            raise DeckChangeError(
                f"The {Board(to_board).label.lower()} holds at most {MAX_COPIES_PER_SLOT} "
                f"copies of {card.name}; it has {held}."
            )
        _slot_write(deck=deck, card=card, board=to_board, slot=target, count=held + count)
        _record_change(deck, f"Moved {count} {card.name} to the {Board(to_board).label.lower()}")
    return deck


def deck_replace_slots(*, deck: Deck, entries: Iterable[DecklistEntry], note: str) -> Deck:
    """Replace every slot with `entries` (repeated cards added up), as one new version."""
    entries = _checked_entries(entries)
    with transaction.atomic():
        _lock(deck)
        if slots_snapshot(deck_entries(deck)) == slots_snapshot(entries):
            return deck
        deck.slots.all().delete()
        _write_slots(deck, entries)
        _record_change(deck, note, entries)
    return deck


def deck_restore_version(*, deck: Deck, number: int) -> Deck:
    """Bring back the slots of an earlier version; the restore is itself a new version."""
    version = DeckVersion.objects.filter(deck=deck, number=number).first()
    if version is None:
        raise DeckChangeError(f"{deck.name} has no version {number}.")
    entries, missing = entries_from_slugs(version.slots)
    if missing:
        raise DeckChangeError(
            f"Version {number} names cards no longer in the catalogue: {', '.join(missing)}."
        )
    return deck_replace_slots(deck=deck, entries=entries, note=f"Restored version {number}")


def deck_copy(*, deck: Deck, owner: AbstractBaseUser, name: str | None = None) -> Deck:
    """A private copy of a deck in `owner`'s decks, with the same slots and a fresh history."""
    return deck_create(
        owner=owner,
        name=name or f"{deck.name} (copy)"[:100],
        format=deck.format,
        home_realm=deck.home_realm,
        # Descriptions written before their limit came in are cut to it rather than refused.
        description=deck.description[:MAX_DESCRIPTION_CHARS],
        visibility=Visibility.PRIVATE,
        entries=deck_entries(deck),
        note=f"Copied from {deck.name} by {deck.owner}"[:200],
    )


def deck_delete(*, deck: Deck) -> None:
    """Delete a deck with its slots and history."""
    with transaction.atomic():
        deck.delete()


def _lock(deck: Deck) -> None:
    # Serialises slot changes on one deck so version numbers never collide.
    Deck.objects.select_for_update().filter(pk=deck.pk).first()


def _deck_total(deck: Deck) -> int:
    return deck.slots.aggregate(total=Sum("count"))["total"] or 0


def _record_change(
    deck: Deck, note: str, entries: list[DecklistEntry] | None = None
) -> DeckVersion:
    deck.save(update_fields=["updated_at"])
    return version_record(
        deck=deck, entries=entries if entries is not None else deck_entries(deck), note=note
    )


def _slot_write(*, deck: Deck, card: Card, board: str, slot: DeckSlot | None, count: int) -> None:
    # `slot` is the row the board holds for the card, if any; a count of 0 deletes it.
    if slot is None:
        if count:
            DeckSlot.objects.create(deck=deck, card=card, board=board, count=count)
    elif count == 0:
        slot.delete()
    else:
        slot.count = count
        slot.save(update_fields=["count"])


def _write_slots(deck: Deck, entries: list[DecklistEntry]) -> None:
    DeckSlot.objects.bulk_create(
        DeckSlot(deck=deck, card=entry.card, board=entry.board, count=entry.count)
        for entry in entries
    )


def _checked_entries(entries: Iterable[DecklistEntry]) -> list[DecklistEntry]:
    entries = entries_merged(entries)
    for entry in entries:
        _check_board(entry.board)
        if entry.count < 1:
            raise DeckChangeError(f"{entry.card.name}: a count must be at least 1.")
    if problem := decklist_limit_problem(entries):
        raise DeckChangeError(problem)
    return entries


def _check_board(board: str) -> None:
    if board not in Board.values:
        raise DeckChangeError(f"Unknown board {board!r}: use 'main' or 'side'.")


def _check_fields(**fields: object) -> None:
    if "name" in fields and not str(fields["name"]).strip():
        raise DeckChangeError("A deck needs a name.")
    if "name" in fields and len(str(fields["name"]).strip()) > MAX_NAME_CHARS:
        raise DeckChangeError(f"A deck name has at most {MAX_NAME_CHARS} characters.")
    if "description" in fields and len(str(fields["description"])) > MAX_DESCRIPTION_CHARS:
        raise DeckChangeError(f"A deck description has at most {MAX_DESCRIPTION_CHARS} characters.")
    for field in ("name", "description"):
        if field in fields and (character := unwanted_character(str(fields[field]))):
            raise DeckChangeError(f"The deck's {field} holds the control character {character}.")
    if "visibility" in fields and fields["visibility"] not in Visibility.values:
        raise DeckChangeError(
            f"Unknown visibility {fields['visibility']!r}: use private, unlisted or public."
        )
