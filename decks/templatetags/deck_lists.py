"""Deck lists other apps' pages show, e.g. the public decks on a card's page."""

from __future__ import annotations

from django import template

from cards.models import Card
from decks.views.browse import decks_using, with_list_columns

register = template.Library()

DECKS_SHOWN = 20


@register.inclusion_tag("decks/_decks_using_card.html")
def public_decks_using(card: Card) -> dict:
    """The most recently updated public decks holding ``card``."""
    return {"card": card, "decks": with_list_columns(decks_using(card))[:DECKS_SHOWN]}
