"""Deck-building rules: every way a decklist breaks its format, in words a player understands.

One pass over the entries checks every rule a `Format` row holds (F1–F3 in docs/rules.md).
A saved deck costs three queries (deck's format, slots with cards, the banned and
restricted list) and an unsaved decklist one, whatever the number of cards.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils import timezone

from cards.models import Card, CardKind, Rarity, Realm
from decks.decklist import DecklistEntry, board_total, deck_entries
from decks.models import Board, Deck, Format, FormatListEntry, ListStatus


@dataclass(frozen=True)
class FormatViolation:
    """One broken rule: a stable `code`, a sentence for the player, the card slugs involved."""

    code: str
    message: str
    cards: tuple[str, ...] = ()


def validate_deck(deck: Deck, *, on: datetime.date | None = None) -> list[FormatViolation]:
    """Every violation of the deck's format by its saved slots, as of `on` (default today)."""
    return validate_decklist(
        format=deck.format,
        entries=deck_entries(deck),
        home_realm=deck.home_realm_id,
        on=on,
    )


def validate_decklist(
    *,
    format: Format,
    entries: Iterable[DecklistEntry],
    home_realm: Realm | int | None,
    on: datetime.date | None = None,
) -> list[FormatViolation]:
    """Every violation of `format` by a decklist, saved or not, as of `on` (default today)."""
    entries = list(entries)
    on = on or timezone.localdate()
    violations = [
        *_size_violations(format, entries),
        *_home_realm_violations(format, home_realm),
        *_kind_violations(format, entries),
        *_copy_violations(format, entries, _list_in_force(format, on)),
    ]
    return violations


def _size_violations(format: Format, entries: list[DecklistEntry]) -> list[FormatViolation]:
    violations = []
    main = board_total(entries, Board.MAIN)
    needs = _size_range(format)
    if main < format.min_cards:
        violations.append(
            FormatViolation(
                "deck_too_small", f"Deck has {_cards(main)}; {format.name} needs {needs}."
            )
        )
    if format.max_cards is not None and main > format.max_cards:
        violations.append(
            FormatViolation(
                "deck_too_large", f"Deck has {_cards(main)}; {format.name} needs {needs}."
            )
        )
    side = board_total(entries, Board.SIDE)
    if side > format.sideboard_max:
        allowed = (
            "no sideboard"
            if format.sideboard_max == 0
            else f"a sideboard of at most {_cards(format.sideboard_max)}"
        )
        violations.append(
            FormatViolation(
                "sideboard_too_large",
                f"Sideboard has {_cards(side)}; {format.name} allows {allowed}.",
                _slugs(entry.card for entry in entries if entry.board == Board.SIDE),
            )
        )
    return violations


def _home_realm_violations(format: Format, home_realm: Realm | int | None) -> list[FormatViolation]:
    if format.requires_home_realm and not home_realm:
        return [
            FormatViolation(
                "home_realm_required", f"{format.name} needs the deck's Home Realm declared."
            )
        ]
    return []


def _kind_violations(format: Format, entries: list[DecklistEntry]) -> list[FormatViolation]:
    violations = []
    if format.allowed_kinds:
        outlawed: dict[str, list[Card]] = defaultdict(list)
        for entry in entries:
            if entry.card.kind not in format.allowed_kinds:
                outlawed[entry.card.kind].append(entry.card)
        allowed = ", ".join(_kind_label(kind, plural=True) for kind in format.allowed_kinds)
        for kind, cards in outlawed.items():
            violations.append(
                FormatViolation(
                    "kind_not_allowed",
                    f"{format.name} allows only {allowed}; {_kind_label(kind, plural=True)} "
                    f"are not allowed: {_names(cards)}.",
                    _slugs(cards),
                )
            )
    for kind, minimum in format.required_kinds.items():
        present = sum(
            entry.count
            for entry in entries
            if entry.board == Board.MAIN and entry.card.kind == kind
        )
        if present < minimum:
            violations.append(
                FormatViolation(
                    "kind_required",
                    f"{format.name} needs at least {minimum} "
                    f"{_kind_label(kind, plural=minimum != 1)} in the main deck; "
                    f"deck has {present}.",
                )
            )
    return violations


@dataclass(frozen=True)
class _ListRule:
    status: str
    limit: int
    effective_from: datetime.date


def _list_in_force(format: Format, on: datetime.date) -> dict[int, _ListRule]:
    """Each card's banned/restricted status on a date; a later entry overrides an earlier one."""
    rules: dict[int, _ListRule] = {}
    listed = FormatListEntry.objects.filter(format=format, effective_from__lte=on).order_by(
        "effective_from", "pk"
    )
    for entry in listed:
        rules[entry.card_id] = _ListRule(entry.status, entry.limit, entry.effective_from)
    return rules


@dataclass(frozen=True)
class CopyLimit:
    """The most copies of a card a deck may hold, main deck and sideboard together.

    `maximum` is 0 for a banned card; `reason` completes "allows 3 copies…"."""

    maximum: int
    code: str
    reason: str
    banned_since: datetime.date | None = None


def copy_limits(
    format: Format, cards: Iterable[Card], *, on: datetime.date | None = None
) -> dict[int, CopyLimit]:
    """The strictest copy limit of each card that has one, by card id, in one query."""
    listed = _list_in_force(format, on or timezone.localdate())
    limits = {}
    for card in cards:
        if (limit := _strictest_limit(format, card, listed.get(card.pk))) is not None:
            limits[card.pk] = limit
    return limits


def copy_limit_refusal(
    *, format: Format, card: Card, main: int, side: int, on: datetime.date | None = None
) -> str:
    """Why one more copy of `card` breaks `format`, with `main` and `side` copies held; "" if not.

    The builder's "+ add" asks this, so it refuses exactly what validation reports."""
    limit = copy_limits(format, [card], on=on).get(card.pk)
    if limit is None or main + side < limit.maximum:
        return ""
    if limit.banned_since is not None:
        return _banned_message(format, card, limit)
    return (
        f"No more {card.name}: {copy_limit_sentence(format=format, limit=limit)}, "
        f"and the deck has {main + side}{_sideboard_share(main, side)}."
    )


def copy_limit_sentence(*, format: Format, limit: CopyLimit) -> str:
    """The limit in words, as the builder says it when it adds fewer copies than asked:
    "Shén Standard allows 3 copies of a card by name, main deck and sideboard together"."""
    return (
        f"{format.name} allows {_copies(limit.maximum)}{limit.reason}, "
        "main deck and sideboard together"
    )


def _copy_violations(
    format: Format, entries: list[DecklistEntry], listed: dict[int, _ListRule]
) -> list[FormatViolation]:
    """Copies by name over main deck and sideboard together; the strictest limit speaks."""
    copies: dict[int, dict[str, int]] = defaultdict(lambda: {Board.MAIN: 0, Board.SIDE: 0})
    cards: dict[int, Card] = {}
    for entry in entries:
        copies[entry.card.pk][entry.board] += entry.count
        cards[entry.card.pk] = entry.card
    violations = []
    for card_id, held in copies.items():
        card = cards[card_id]
        main, side = held[Board.MAIN], held[Board.SIDE]
        limit = _strictest_limit(format, card, listed.get(card_id))
        if limit is None or main + side <= limit.maximum:
            continue
        message = (
            _banned_message(format, card, limit)
            if limit.banned_since is not None
            else f"Deck has {_copies(main + side)} of {card.name}{_sideboard_share(main, side)}; "
            f"{format.name} allows {_copies(limit.maximum)}{limit.reason}."
        )
        violations.append(FormatViolation(limit.code, message, (card.slug,)))
    return violations


def _sideboard_share(main: int, side: int) -> str:
    # Sideboard copies count toward the limit: say so whenever there are some.
    return f", counting {side} in the sideboard" if side else ""


def _banned_message(format: Format, card: Card, limit: CopyLimit) -> str:
    return f"{card.name} is banned in {format.name} since {limit.banned_since:%d %B %Y}."


def _strictest_limit(format: Format, card: Card, rule: _ListRule | None) -> CopyLimit | None:
    """The lowest copy limit that applies to the card, if any (a ban is a limit of 0)."""
    if rule and rule.status == ListStatus.BANNED:
        return CopyLimit(0, "card_banned", "", banned_since=rule.effective_from)
    limits: list[CopyLimit] = []
    if rule and rule.status == ListStatus.RESTRICTED:
        limits.append(
            CopyLimit(
                rule.limit,
                "card_restricted",
                f": it is restricted since {rule.effective_from:%d %B %Y}",
            )
        )
    if card.rarity in format.copy_limits_by_rarity:
        rarity = Rarity(card.rarity).label
        limits.append(
            CopyLimit(
                format.copy_limits_by_rarity[card.rarity],
                "too_many_copies_rarity",
                f" of any {rarity} card",
            )
        )
    if card.kind in format.copy_limits_by_kind:
        limits.append(
            CopyLimit(
                format.copy_limits_by_kind[card.kind],
                "too_many_copies_kind",
                f" of any {_kind_label(card.kind)}",
            )
        )
    if format.copy_limit is not None:
        limits.append(CopyLimit(format.copy_limit, "too_many_copies", " of a card by name"))
    # min() keeps the first of equal limits: the most specific reason is listed first.
    return min(limits, key=lambda limit: limit.maximum) if limits else None


def _size_range(format: Format) -> str:
    if format.max_cards is None:
        return f"at least {format.min_cards}"
    if format.max_cards == format.min_cards:
        return f"exactly {format.min_cards}"
    return f"{format.min_cards} to {format.max_cards}"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _copies(count: int) -> str:
    return "1 copy" if count == 1 else f"{count} copies"


def _kind_label(kind: str, *, plural: bool = False) -> str:
    label = CardKind(kind).label if kind in CardKind.values else kind
    return f"{label} cards" if plural else f"{label} card"


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(card.name for card in cards)


def _slugs(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(card.slug for card in cards)
