"""Decks to the engine: a pinned deck version's main deck as engine card data, by value.

A match stores its decks as this data, so editing a deck (or an errata to a card)
after a match began never changes the match. Every place that hands a deck to the
engine goes through :func:`deck_data`; :func:`card_data` is one card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cards.models import Card, CardKind
from cards.revisions import ability_data
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS
from decks.models import Board, Deck, DeckVersion


class DeckNotPlayable(ValueError):
    """A deck version the engine cannot be given (cards gone from the catalogue, no cards)."""


def card_data(card: Card) -> dict[str, Any]:
    """One card as ``CardSpec.from_data`` reads it: the fields the rules use, nothing else.

    Expects ``realm`` selected and ``abilities`` prefetched (one query per list, not per card).
    """
    data: dict[str, Any] = {
        "name": card.name,
        "slug": card.slug,
        "kind": card.kind,
        "realm": card.realm.slug,
        "cost": card.cost,
    }
    if card.kind == CardKind.AVATAR:
        data.update({field: getattr(card, field) or 0 for field in TRAIT_FIELDS})
        data["is_spirit"] = card.is_spirit
    data.update({field: getattr(card, field) for field in BONUS_FIELDS if getattr(card, field)})
    if card.target != "none":
        data["target"] = card.target
    abilities = [ability_data(ability) for ability in card.abilities.all()]
    if abilities:
        data["abilities"] = [
            {key: ability[key] for key in ("name", "cost", "timing", "effect")}
            for ability in abilities
        ]
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
        .prefetch_related("abilities")
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
        realms = [card["realm"] for card in listed]
        home_realm = max(sorted(set(realms)), key=realms.count)
    return {"home_realm": home_realm, "cards": listed}


def latest_version(deck: Deck) -> DeckVersion:
    """The version a match pins: the deck's newest."""
    version = deck.versions.order_by("-number").first()
    if version is None:
        raise DeckNotPlayable(f"{deck.name} has no saved version yet.")
    return version
