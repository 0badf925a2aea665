"""Decks to the engine: a pinned deck version's main deck as engine card data, by value.

A match stores its decks as this data, so editing a deck (or an errata to a card)
after a match began never changes the match. Every place that hands a deck to the
engine goes through :func:`deck_data`; :func:`card_data` is one card.

A deck is a multiset of cards: the engine shuffles the list it is given, so the
list is put in one canonical order (:func:`canonical_cards`) here, where a deck
becomes a game's input (matches created and joined, simulation jobs, ``manage.py
simulate``, from a stored deck or a decklist file), and equal decks give equal games
under a seed. Stored matches and jobs hold their lists as they were and replay so.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from cards.catalogue.exporting import card_data as exported_card_data
from cards.models import Card
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS
from decks.decklist import most_common_realm
from decks.models import Board, Deck, DeckVersion

# What the engine reads of a card and of an ability (games.engine.cards).
RULES_KEYS = frozenset(
    {"name", "slug", "kind", "realm", "cost", "is_spirit", "target", "abilities"}
    | set(TRAIT_FIELDS)
    | set(BONUS_FIELDS)
)
ABILITY_KEYS = ("name", "cost", "timing", "effect")


class DeckNotPlayable(ValueError):
    """A deck version the engine cannot be given (cards gone from the catalogue, no cards)."""


def card_data(card: Card) -> dict[str, Any]:
    """One card as ``CardSpec.from_data`` reads it: the catalogue file's entry for the card
    (``cards.catalogue.exporting``), keeping only the fields the rules use.

    Expects ``realm`` selected and ``abilities`` and ``revisions`` prefetched.
    """
    data = {key: value for key, value in exported_card_data(card).items() if key in RULES_KEYS}
    if data.get("abilities"):
        data["abilities"] = [
            {key: ability[key] for key in ABILITY_KEYS} for ability in data["abilities"]
        ]
    else:
        data.pop("abilities", None)
    return data


def deck_data(deck: Deck, version: DeckVersion) -> dict[str, Any]:
    """The main deck of ``version`` as ``{"home_realm", "cards": [card data, ...]}``.

    Raises DeckNotPlayable when the version names a card the catalogue no longer has.
    """
    return slots_data(version.slots, home_realm=deck.home_realm.slug if deck.home_realm else "")


def slots_data(slots: Iterable[Mapping[str, Any]], *, home_realm: str = "") -> dict[str, Any]:
    """Snapshot rows (``{"card": slug, "board", "count"}``) as engine deck data, in two queries.

    Without a Home Realm the most common realm of the cards is home (as the engine does).
    """
    main = [row for row in slots if row.get("board", Board.MAIN) == Board.MAIN]
    slugs = {row["card"] for row in main}
    cards = {
        card.slug: card
        for card in Card.objects.filter(slug__in=slugs)
        .select_related("realm")
        .prefetch_related("abilities", "revisions")
    }
    missing = sorted(slugs - cards.keys())
    if missing:
        raise DeckNotPlayable(f"These cards are no longer in the catalogue: {', '.join(missing)}.")
    if not main:
        raise DeckNotPlayable("The deck has no cards in its main deck.")
    listed = []
    for row in main:
        listed.extend([card_data(cards[row["card"]])] * int(row["count"]))
    if not home_realm:
        home_realm = most_common_realm(card["realm"] for card in listed)
    return {"home_realm": home_realm, "cards": canonical_cards(listed)}


def canonical_cards(cards: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The cards of a deck in the one order the engine is given them: by name, then by
    their whole data (two printings of a name), so any listing of the same multiset of
    cards is the same list."""
    return sorted(cards, key=_canonical_key)


def _canonical_key(card: Mapping[str, Any]) -> tuple[str, str]:
    return (str(card.get("name", "")), json.dumps(card, sort_keys=True, default=str))


def latest_version(deck: Deck) -> DeckVersion:
    """The version a match pins: the deck's newest."""
    version = deck.versions.order_by("-number").first()
    if version is None:
        raise DeckNotPlayable(f"{deck.name} has no saved version yet.")
    return version
