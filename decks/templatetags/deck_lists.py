"""Deck lists other apps' pages show, e.g. the public decks on a card's page."""

from __future__ import annotations

from django import template

from cards.models import Card
from decks.models import Deck

register = template.Library()

DECKS_SHOWN = 20


@register.inclusion_tag("decks/_decks_using_card.html")
def public_decks_using(card: Card) -> dict:
    """The most recently updated public decks holding ``card``."""
    decks = Deck.objects.listed().using_card(card).with_list_columns()
    return {"card": card, "decks": decks[:DECKS_SHOWN]}
