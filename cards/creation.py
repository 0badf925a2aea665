"""Adding a new card to the catalogue, with its abilities, in one checked step."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from cards.models import Card
from cards.revisions import abilities_replace, ability_data, card_document_write
from cards.validation import card_validate


def card_create(*, fields: Mapping[str, Any], abilities: Sequence[Mapping[str, Any]]) -> Card:
    """Create a card from model field values (``realm`` a Realm) and its abilities.

    The slug defaults to the slugified name. Raises ValidationError keyed by field,
    writing nothing, when the card or an ability is not well-formed.
    """
    card = Card(**fields)
    card.slug = card.slug or slugify(card.name)
    if not card.slug:
        raise ValidationError({"slug": "give a slug; the name has no letters to make one from"})
    card_validate(card.rules_values(), abilities)
    if Card.objects.filter(slug=card.slug).exists():
        raise ValidationError({"slug": f"a card with the slug {card.slug!r} already exists"})
    try:
        with transaction.atomic():
            card.save()
            abilities_replace(card=card, abilities=[ability_data(a) for a in abilities])
            card_document_write(card)
    except IntegrityError:  # a concurrent create took the name or slug first
        raise ValidationError({"name": "a card with this name or slug already exists"}) from None
    return card
