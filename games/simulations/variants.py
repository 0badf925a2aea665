"""Variants of a job's decks, by value: a card replaced or blanked.

The arms of a paired kind (``games.simulations.kinds``) keep every game's seed and
seats, so playing both and comparing them
with ``games.simulations.figures.paired_shift`` measures what the change did:
card impact (a blank or a substitute), rule A/B (two rulesets or option sets)
and errata what-if (the draft revision as the substitute). Decks here are the
engine's deck data, ``{"home_realm", "cards": [card data, ...]}``.

Plain Python with no Django, like ``games.simulations.games``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# What a blank keeps of the card it stands in for: it costs the same, is the same
# kind of card of the same realm, and does nothing else.
BLANK_KEEPS = ("kind", "realm", "cost")


def blank_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """A card that does nothing, in place of ``card`` (card data, as the engine reads it).

    It keeps the kind, realm and cost and loses every trait, bonus, ability,
    target and the Spirit mark, and it is named "Blank <name>" so its figures do
    not mix with the real card's. It still fills its place in the deck: it is
    drawn, counts towards the cards a player has left (R25, R26), and may be played
    for its cost, after which an Action or Remains does nothing, an Item gives
    nothing, and an Avatar stands on the board with no melee, defense, range or
    movement. So the shift it shows is what the card's text and traits are worth
    over a card of the same cost.
    """
    name = str(card["name"])
    blank = {key: card[key] for key in BLANK_KEEPS if key in card}
    return {**blank, "name": blank_name(name), "slug": f"blank-{card.get('slug') or _slug(name)}"}


def blank_name(name: str) -> str:
    """What the blank standing in for the card named ``name`` is called."""
    return f"Blank {name}"


def _slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def with_card_replaced(
    deck: Mapping[str, Any], card_name: str, substitute: Mapping[str, Any]
) -> dict[str, Any]:
    """``deck`` with every copy of the card named ``card_name`` replaced by
    ``substitute`` (card data: a blank, another card, or a draft revision of it).

    Raises ValueError when the deck has no such card.
    """
    cards = list(deck["cards"])
    if not any(card["name"] == card_name for card in cards):
        raise ValueError(f"the deck has no card named {card_name!r}")
    return {
        **deck,
        "cards": [dict(substitute) if card["name"] == card_name else card for card in cards],
    }
