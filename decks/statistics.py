"""A deck's statistics: pure functions over (card, count) pairs.

The pairs usually come from a deck's main-board slots; nothing here touches
the database beyond reading attributes already loaded (``card.realm`` should be
``select_related``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from cards.models import Card, CardKind, Realm

CardCount = tuple[Card, int]

TRAITS = ("melee", "defense", "ranged", "movement")


@dataclass(frozen=True)
class TraitAverages:
    """The count-weighted mean of each Avatar trait, over ``avatars`` cards."""

    avatars: int
    melee: Fraction
    defense: Fraction
    ranged: Fraction
    movement: Fraction

    def as_pairs(self) -> list[tuple[str, Fraction]]:
        return [(trait, getattr(self, trait)) for trait in TRAITS]


@dataclass(frozen=True)
class DeckStatistics:
    """Everything the deck page and the builder chart, in one value."""

    total: int
    cost_curve: dict[int, int]
    kinds: dict[str, int]
    realms: dict[str, int]
    avatar_traits: TraitAverages | None
    off_realm_share: Fraction | None


def card_total(entries: Iterable[CardCount]) -> int:
    """How many cards the entries hold."""
    return sum(count for _card, count in entries)


def cost_curve(entries: Iterable[CardCount]) -> dict[int, int]:
    """Cards per power cost, every cost from 0 to the highest present (gaps are 0)."""
    counts: Counter[int] = Counter()
    for card, count in entries:
        counts[card.cost] += count
    if not counts:
        return {}
    return {cost: counts[cost] for cost in range(max(counts) + 1)}


def kind_counts(entries: Iterable[CardCount]) -> dict[str, int]:
    """Cards per kind label, in the catalogue's kind order, kinds absent left out."""
    counts: Counter[str] = Counter()
    for card, count in entries:
        counts[card.kind] += count
    return {kind.label: counts[kind.value] for kind in CardKind if counts[kind.value]}


def realm_counts(entries: Iterable[CardCount]) -> dict[str, int]:
    """Cards per realm name, most first, then by name."""
    counts: Counter[str] = Counter()
    for card, count in entries:
        counts[card.realm.name] += count
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def avatar_trait_averages(entries: Iterable[CardCount]) -> TraitAverages | None:
    """The count-weighted averages of the Avatars' traits; None without Avatars."""
    avatars = [(card, count) for card, count in entries if card.kind == CardKind.AVATAR]
    total = card_total(avatars)
    if not total:
        return None
    sums = {
        trait: sum((getattr(card, trait) or 0) * count for card, count in avatars)
        for trait in TRAITS
    }
    return TraitAverages(avatars=total, **{t: Fraction(s, total) for t, s in sums.items()})


def off_realm_share(entries: Iterable[CardCount], home_realm: Realm | None) -> Fraction | None:
    """The share of cards from outside the Home Realm (they cost one more Shén to play).

    None when no Home Realm is declared or the entries are empty.
    """
    entries = list(entries)
    total = card_total(entries)
    if home_realm is None or not total:
        return None
    outside = sum(count for card, count in entries if card.realm_id != home_realm.pk)
    return Fraction(outside, total)


def deck_statistics(entries: Iterable[CardCount], home_realm: Realm | None) -> DeckStatistics:
    """All of a deck's statistics from its (card, count) pairs."""
    entries = list(entries)
    return DeckStatistics(
        total=card_total(entries),
        cost_curve=cost_curve(entries),
        kinds=kind_counts(entries),
        realms=realm_counts(entries),
        avatar_traits=avatar_trait_averages(entries),
        off_realm_share=off_realm_share(entries, home_realm),
    )
