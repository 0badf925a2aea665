"""How long does validating a deck take, and does its query count stay flat?

Creates a temporary SQLite database, migrates it, fills a catalogue of 400 cards (every
kind and rarity, 40 of them on Shén Standard's banned or restricted list), and builds
Shén Standard decks of 10, 40, 60 and 120 cards. For each size it reports the mean time
of `validate_deck` on a freshly loaded deck (so the slots are read every time) and the
number of queries one validation makes, which must be the same for every size.

Run: ``.venv/bin/python -m bench.decks``
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import datetime
import sys
import time

from bench.live_site import throwaway_site

DECK_SIZES = (10, 40, 60, 120)
DECKS_PER_SIZE = 20
REPEATS = 5
CATALOGUE_SIZE = 400


def main() -> None:
    with throwaway_site():
        results = measure_validation()
    print(f"validate_deck on Shén Standard, {DECKS_PER_SIZE} decks per size, best of {REPEATS}")
    print(f"{'cards':>6} {'ms per deck':>12} {'queries':>8}")
    for size, milliseconds, queries in results:
        print(f"{size:>6} {milliseconds:>12.3f} {queries:>8}")
    if len({queries for _, _, queries in results}) != 1:
        sys.exit("Queries per validation change with the deck size.")


def measure_validation() -> list[tuple[int, float, int]]:
    """(cards, mean ms per validation, queries per validation) for each deck size."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from decks.models import Deck
    from decks.validation import validate_deck

    on = datetime.date(2026, 11, 29)
    results = []
    for size in DECK_SIZES:
        deck_ids = [_build_deck(size, number) for number in range(DECKS_PER_SIZE)]
        best = float("inf")
        for _ in range(REPEATS):
            decks = [Deck.objects.get(pk=pk) for pk in deck_ids]
            started = time.perf_counter()
            for deck in decks:
                validate_deck(deck, on=on)
            best = min(best, time.perf_counter() - started)
        deck = Deck.objects.get(pk=deck_ids[0])
        with CaptureQueriesContext(connection) as queries:
            validate_deck(deck, on=on)
        results.append((size, best / DECKS_PER_SIZE * 1000, len(queries)))
    return results


def _build_deck(size: int, number: int) -> int:
    """A deck of `size` main-deck cards in 3-ofs (and a remainder), from the catalogue."""
    from django.contrib.auth import get_user_model

    from decks.decklist import DecklistEntry
    from decks.models import Format
    from decks.services import deck_create

    cards = _catalogue()
    owner, _ = get_user_model().objects.get_or_create(username="bench")
    entries, left, offset = [], size, number * 7
    while left:
        count = min(3, left)
        entries.append(DecklistEntry(cards[(offset + len(entries)) % len(cards)], count))
        left -= count
    deck = deck_create(
        owner=owner,
        name=f"Bench {size}-{number}",
        format=Format.objects.get(slug="shen-standard"),
        home_realm=cards[0].realm,
        entries=entries,
    )
    return deck.pk


_CARDS: list = []


def _catalogue() -> list:
    """400 cards of every kind and rarity; every tenth banned or restricted (made once)."""
    if _CARDS:
        return _CARDS
    from cards.models import Card, CardKind, Rarity, Realm
    from decks.models import Format, FormatListEntry, ListStatus

    realm = Realm.objects.create(name="Ember", slug="ember", colour="#c0392b", symbol="E")
    kinds, rarities = CardKind.values, Rarity.values
    cards = Card.objects.bulk_create(
        Card(
            name=f"Bench Card {index}",
            slug=f"bench-card-{index}",
            kind=kinds[index % len(kinds)],
            rarity=rarities[index % len(rarities)],
            realm=realm,
            cost=index % 7,
            melee=1,
            defense=1,
            ranged=0,
            movement=1,
        )
        for index in range(CATALOGUE_SIZE)
    )
    standard = Format.objects.get(slug="shen-standard")
    FormatListEntry.objects.bulk_create(
        FormatListEntry(
            format=standard,
            card=card,
            status=ListStatus.BANNED if index % 20 == 0 else ListStatus.RESTRICTED,
            effective_from=datetime.date(2026, 1, 1),
        )
        for index, card in enumerate(cards)
        if index % 10 == 0
    )
    _CARDS.extend(Card.objects.order_by("pk"))
    return _CARDS


if __name__ == "__main__":
    main()
