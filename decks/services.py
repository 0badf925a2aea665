"""Deck workflows: create, edit, change slots (each change a version), restore, copy, delete.

Every service takes keyword arguments, checks its input, writes inside one transaction
and returns the deck. Bad input raises `DeckChangeError` and changes nothing.

A deck's state has two counters: `revision` counts changes to its settings (name,
description, ...), and its latest version number counts changes to its slots. A
settings edit given `based_on` (the revision the player's form started from) is
refused with `DeckStaleError` when the deck has moved on, so one tab never silently
undoes another's change; `deck_edit` does the same for an API client's ETag, which
names both counters. Slot changes from the builder are relative ("one more") and
serialised by the deck's row lock, so they need no check.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Max, Sum
from django.utils import timezone

from cards.models import Card, Realm
from decks.decklist import (
    MAX_DECK_CARDS,
    DecklistEntry,
    deck_entries,
    decklist_limit_problem,
    entries_from_slugs,
    entries_merged,
    implied_home_realm,
)
from decks.io.parsing import typed_line_resolve
from decks.io.raw import ImportProblem
from decks.models import (
    MAX_COPIES_PER_SLOT,
    Board,
    Deck,
    DeckSlot,
    DeckVersion,
    Format,
    Visibility,
    new_share_token,
)
from decks.validation import CopyLimit, copy_limit_refusal, copy_limit_sentence, copy_limits
from decks.versions import slots_snapshot, version_record
from shen_site.json_input import unwanted_character

EDITABLE_FIELDS = frozenset({"name", "description", "home_realm", "format", "visibility"})
MAX_NAME_CHARS = 100
# Enough for a primer; a deck list shows 50 of them to a page.
MAX_DESCRIPTION_CHARS = 5000


class DeckChangeError(ValueError):
    """A deck change that cannot be made, with a sentence saying why."""


class DeckStaleError(DeckChangeError):
    """The edit was based on a revision the deck has moved on from; nothing was written."""

    def __init__(self, *, revision: int) -> None:
        super().__init__(
            "This deck was changed elsewhere (another tab or device) after you opened it; "
            "nothing was saved. Reload to see the latest version, then make your change again."
        )
        self.revision = revision


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
    """A new deck owned by `owner`, with optional slots; its history starts at version 1.

    Given cards and no Home Realm, it declares the one its main deck implies (see
    `_first_cards_declare_home_realm`)."""
    _check_fields(name=name, visibility=visibility, description=description)
    entries = _checked_entries(entries)
    with transaction.atomic():
        deck = Deck.objects.create(
            owner=owner,
            name=name.strip(),
            format=format,
            home_realm=home_realm or implied_home_realm(entries),
            description=description,
            visibility=visibility,
        )
        _write_slots(deck, entries)
        version_record(deck=deck, entries=entries, note=note)
    return deck


def deck_update(*, deck: Deck, based_on: int | None = None, **fields: object) -> Deck:
    """Change only the given fields: name, description, Home Realm, format or visibility.

    With `based_on`, refuse (`DeckStaleError`) unless the deck is still at that revision."""
    unknown = set(fields) - EDITABLE_FIELDS
    if unknown:
        raise DeckChangeError(f"These deck fields cannot be changed: {', '.join(sorted(unknown))}.")
    _check_fields(**fields)
    if not fields:
        return deck  # Nothing changed: nothing to refuse, and other tabs stay current.
    if "name" in fields:
        fields["name"] = str(fields["name"]).strip()
    with transaction.atomic():
        _lock(deck, based_on=based_on)
        _bump(deck, **fields)
        for field, value in fields.items():
            setattr(deck, field, value)
    return deck


def deck_set_slot(*, deck: Deck, card: Card, board: str = Board.MAIN, count: int) -> Deck:
    """Hold exactly `count` copies of a card on a board (0 removes it), as a new version."""
    if count < 0:
        raise DeckChangeError("A card count cannot be negative.")
    _slot_change(deck=deck, card=card, board=board, count_after=lambda held, _: count)
    return deck


def deck_add_copy(*, deck: Deck, card: Card, board: str = Board.MAIN) -> Deck:
    """One more copy of a card (the builder's "+ add"), refused past the format's copy limit.

    The limit is checked with the deck locked, with the count the copy is added to:
    checked before the lock, thirty simultaneous clicks all saw three copies or fewer
    and a Standard deck ended with twenty."""
    return deck_add_copies(deck=deck, card=card, board=board, count=1).deck


@dataclass(frozen=True)
class CopiesAdded:
    """What an add of several copies did: `added` copies of the `asked` (None: "as many as
    the format allows"), and the copy limit that stopped it short, if one did."""

    deck: Deck
    card: Card
    added: int
    asked: int | None
    limit: CopyLimit | None

    @property
    def summary(self) -> str:
        """The add in a sentence, saying why when the copy limit took fewer than asked."""
        copies = f"Added {self.added} {self.card.name}"
        if self.limit is not None and self.asked is None:
            return f"{copies}, up to the limit: {self._limit()}."
        if self.asked is not None and self.added < self.asked:
            return f"{copies}, not {self.asked}: {self._limit()}."
        return f"{copies}."

    def _limit(self) -> str:
        return copy_limit_sentence(format=self.deck.format, limit=self.limit)


def deck_add_copies(
    *, deck: Deck, card: Card, board: str = Board.MAIN, count: int | None
) -> CopiesAdded:
    """Up to `count` more copies of a card as one new version, fewer where the format's copy
    limit (main deck and sideboard together) stops them; with `count` None, as many as the
    limit allows (the builder's "+ max"). Refused when not one copy can go in.

    The limit is checked under the deck's lock, as for `deck_add_copy`."""
    if count is not None and count < 1:
        raise DeckChangeError("Add at least one copy.")
    limit = copy_limits(deck.format, [card]).get(card.pk)
    if count is None and limit is None:
        raise DeckChangeError(
            f"{deck.format.name} has no copy limit to fill: say how many {card.name} to add."
        )

    def more(held: int, other_board: int) -> int:
        main, side = (held, other_board) if board == Board.MAIN else (other_board, held)
        room = None if limit is None else limit.maximum - main - side
        if room is not None and room < 1:
            raise DeckChangeError(
                copy_limit_refusal(format=deck.format, card=card, main=main, side=side)
            )
        wanted = room if count is None else count
        return held + (wanted if room is None else min(wanted, room))

    held, after = _slot_change(deck=deck, card=card, board=board, count_after=more)
    return CopiesAdded(deck, card, added=after - held, asked=count, limit=limit)


def deck_quick_add(*, deck: Deck, line: str) -> CopiesAdded:
    """The copies one typed line names ("3 cinder hound", "Cinder Hound x3", a bare name for
    one copy), added up to the format's copy limit as `deck_add_copies` adds them. The line
    is read and its card looked up as the import does (decks.io.parsing.typed_line_resolve);
    one that names no card, or starts too many names, is refused with what it could mean."""
    read = typed_line_resolve(line)
    if isinstance(read, ImportProblem):
        raise DeckChangeError(str(read))
    return deck_add_copies(deck=deck, card=read.card, board=read.board, count=read.count)


def deck_adjust_slot(*, deck: Deck, card: Card, board: str = Board.MAIN, delta: int) -> Deck:
    """Add (or with a negative `delta`, take away) copies of a card, as a new version.

    The count is read with the deck locked, so two quick "one more" clicks make two
    copies; taking away more than the board holds stops at 0, which removes the card."""
    _slot_change(
        deck=deck, card=card, board=board, count_after=lambda held, _: max(held + delta, 0)
    )
    return deck


def _slot_change(
    *, deck: Deck, card: Card, board: str, count_after: Callable[[int, int], int]
) -> tuple[int, int]:
    """Write the count `count_after` gives for the count held on `board` and on the other
    board, both read under the deck's lock; the counts before and after."""
    _check_board(board)
    with transaction.atomic():
        _lock(deck)
        slots = {slot.board: slot for slot in DeckSlot.objects.filter(deck=deck, card=card)}
        slot = slots.get(board)
        held = slot.count if slot else 0
        other = sum(s.count for b, s in slots.items() if b != board)
        count = count_after(held, other)
        if count > MAX_COPIES_PER_SLOT:
            raise DeckChangeError(
                f"A board holds at most {MAX_COPIES_PER_SLOT} copies of {card.name}."
            )
        if held == count:
            return held, count
        if count > held and _deck_total(deck) - held + count > MAX_DECK_CARDS:
            raise DeckChangeError(
                f"A deck holds at most {MAX_DECK_CARDS} cards (main deck and sideboard together)."
            )
        first = board == Board.MAIN and not held and _main_deck_empty(deck)
        _slot_write(deck=deck, card=card, board=board, slot=slot, count=count)
        if first:
            _first_cards_declare_home_realm(deck, [DecklistEntry(card, count)])
        _record_change(
            deck, f"{card.name}: {held} → {count} ({Board(board).label.lower()})", edit=True
        )
    return held, count


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
        first = to_board == Board.MAIN and _main_deck_empty(deck)
        _slot_write(deck=deck, card=card, board=from_board, slot=source, count=source.count - count)
        target = slots.get(to_board)
        held = target.count if target else 0
        if held + count > MAX_COPIES_PER_SLOT:
            raise DeckChangeError(
                f"The {Board(to_board).label.lower()} holds at most {MAX_COPIES_PER_SLOT} "
                f"copies of {card.name}; it has {held}."
            )
        _slot_write(deck=deck, card=card, board=to_board, slot=target, count=held + count)
        if first:
            _first_cards_declare_home_realm(deck, [DecklistEntry(card, count)])
        _record_change(
            deck, f"Moved {count} {card.name} to the {Board(to_board).label.lower()}", edit=True
        )
    return deck


def deck_replace_slots(*, deck: Deck, entries: Iterable[DecklistEntry], note: str) -> Deck:
    """Replace every slot with `entries` (repeated cards added up), as one new version."""
    entries = _checked_entries(entries)
    with transaction.atomic():
        _lock(deck)
        if slots_snapshot(deck_entries(deck)) == slots_snapshot(entries):
            return deck
        first = _main_deck_empty(deck)
        deck.slots.all().delete()
        _write_slots(deck, entries)
        if first:
            _first_cards_declare_home_realm(deck, entries)
        _record_change(deck, note, entries)
    return deck


def deck_etag(deck: Deck) -> str:
    """The deck's HTTP entity tag: its settings revision and its latest version number."""
    latest = deck.versions.aggregate(latest=Max("number"))["latest"] or 0
    return f'"{deck.pk}.{deck.revision}.{latest}"'


def deck_edit(
    *,
    deck: Deck,
    if_match: Collection[str] | None = None,
    entries: Iterable[DecklistEntry] | None = None,
    note: str = "Edited",
    **fields: object,
) -> Deck:
    """Change settings and/or replace the slots as one write, for an API client.

    With `if_match` (entity tags, or "*"), refuse with `DeckStaleError` unless the deck's
    current tag is among them: the client's copy is out of date."""
    with transaction.atomic():
        _lock(deck)
        _check_etag(deck, if_match)
        if fields:
            deck_update(deck=deck, **fields)
        if entries is not None:
            deck_replace_slots(deck=deck, entries=entries, note=note)
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


def deck_new_share_link(*, deck: Deck) -> Deck:
    """Give the deck a new share token: the old secret link opens nothing from now on."""
    with transaction.atomic():
        _lock(deck)
        deck.share_token = new_share_token()
        _bump(deck, share_token=deck.share_token)
    return deck


def deck_delete(*, deck: Deck, if_match: Collection[str] | None = None) -> Deck:
    """Move a deck to its owner's "Recently deleted": hidden everywhere, restorable for 30 days.

    Slots and history stay; `purge_deleted_decks` removes them once the 30 days are over.
    `if_match` works as for `deck_edit`."""
    with transaction.atomic():
        _lock(deck)
        _check_etag(deck, if_match)
        deck.deleted_at = timezone.now()
        _bump(deck, deleted_at=deck.deleted_at)
    return deck


def deck_undelete(*, deck: Deck) -> Deck:
    """Bring a deleted deck back, as it was, into its owner's decks."""
    with transaction.atomic():
        locked = Deck.objects.select_for_update().filter(pk=deck.pk, deleted_at__isnull=False)
        revision = locked.values_list("revision", flat=True).first()
        if revision is None:
            raise DeckChangeError(f"{deck.name} is not in Recently deleted.")
        deck.revision = revision
        deck.deleted_at = None
        _bump(deck, deleted_at=None)
    return deck


def decks_purge_deleted() -> int:
    """Remove for good, with slots and history, the decks deleted more than 30 days ago.

    Returns how many decks went."""
    with transaction.atomic():
        _, purged = Deck.objects.due_for_purge().delete()
    # `delete()` counts the slots and versions that went with the decks too.
    return purged.get(Deck._meta.label, 0)


def _lock(deck: Deck, *, based_on: int | None = None) -> None:
    # The row lock serialises writes to one deck, so version numbers never collide and a
    # read-then-write (a "+1") never loses a click; on SQLite the IMMEDIATE transaction
    # (see settings) takes the write lock up front for the same effect.
    # The Home Realm is read too: another tab may have declared one since `deck` was loaded.
    row = (
        Deck.objects.alive()
        .select_for_update()
        .filter(pk=deck.pk)
        .values_list("revision", "home_realm_id")
        .first()
    )
    if row is None:
        raise DeckChangeError(f"{deck.name} has been deleted.")
    revision, deck.home_realm_id = row
    if based_on is not None and based_on != revision:
        raise DeckStaleError(revision=revision)
    deck.revision = revision


def _check_etag(deck: Deck, if_match: Collection[str] | None) -> None:
    # Under `_lock`: the tag compared is the one the write replaces.
    if if_match is not None and "*" not in if_match and deck_etag(deck) not in if_match:
        raise DeckStaleError(revision=deck.revision)


def _bump(deck: Deck, **fields: object) -> None:
    # Called under `_lock`: the revision it read is the one being replaced.
    now = timezone.now()
    Deck.objects.filter(pk=deck.pk).update(**fields, revision=F("revision") + 1, updated_at=now)
    deck.revision += 1
    deck.updated_at = now


def _main_deck_empty(deck: Deck) -> bool:
    # Asked only where no Home Realm is declared: a declared one is never replaced.
    return deck.home_realm_id is None and not deck.slots.filter(board=Board.MAIN).exists()


def _first_cards_declare_home_realm(deck: Deck, entries: list[DecklistEntry]) -> None:
    """Declare the Home Realm that the first cards of an empty main deck imply (for one
    card, its realm), when none is declared: the deck is then played where it would be
    anyway (games.decklists), and a format that needs one is satisfied. Called under the
    lock. Later changes leave the Home Realm alone, so a player who clears it keeps it so."""
    realm = implied_home_realm(entries)
    if realm is not None:
        _bump(deck, home_realm=realm)
        deck.home_realm = realm


def _deck_total(deck: Deck) -> int:
    return deck.slots.aggregate(total=Sum("count"))["total"] or 0


def _record_change(
    deck: Deck, note: str, entries: list[DecklistEntry] | None = None, *, edit: bool = False
) -> DeckVersion:
    # `edit`: a one-card change, which may join the latest version (decks/versions.py).
    deck.save(update_fields=["updated_at"])
    return version_record(
        deck=deck,
        entries=entries if entries is not None else deck_entries(deck),
        note=note,
        edit=edit,
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
