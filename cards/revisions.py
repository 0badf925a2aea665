"""Errata: changing a card's rules-relevant fields keeps the earlier values with a date and note."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from cards.card_written import card_written
from cards.models import Ability, Card, CardRevision
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS, card_validate
from games.engine import EffectError, parse_effect

# What a player needs to know to play the card: a change to any of these is errata.
# Name, rarity, flavour text and search keywords are not.
RULES_FIELDS = (
    "kind",
    "realm",
    "cost",
    "rules_text",
    *TRAIT_FIELDS,
    "is_spirit",
    *BONUS_FIELDS,
    "target",
    "abilities",
)
# Fields of a card that card_revise may change (slug is the card's identity).
EDITABLE_FIELDS = (*RULES_FIELDS, "name", "rarity", "flavour_text", "keywords")
ABILITY_FIELDS = ("name", "cost", "timing", "effect", "text")


def ability_data(ability: Ability | Mapping[str, Any]) -> dict[str, Any]:
    """One ability as catalogue data, its effect with the vocabulary's defaults filled in.

    An effect the vocabulary rejects is kept as stored, so a page showing a bad
    row still renders; validation is the writer's job.
    """
    read = ability.get if isinstance(ability, Mapping) else lambda name: getattr(ability, name)
    try:
        effect = [step.to_data() for step in parse_effect(read("effect"))]
    except EffectError:
        effect = read("effect")
    return {
        "name": read("name"),
        "cost": read("cost") if read("cost") is not None else 0,
        "timing": read("timing"),
        "effect": effect,
        "text": read("text") or "",
    }


def card_rules_data(card: Card, abilities: Sequence[Mapping[str, Any]] | None = None) -> dict:
    """The card's rules-relevant fields as JSON-ready data (``realm`` as its slug).

    ``abilities`` overrides the card's stored abilities (already as ability data).
    """
    data = {field: getattr(card, field) for field in RULES_FIELDS if field != "abilities"}
    data["realm"] = card.realm.slug
    if abilities is None:
        abilities = [ability_data(ability) for ability in card.abilities.all()]
    data["abilities"] = list(abilities)
    return data


def card_revise(
    *,
    card: Card,
    changes: Mapping[str, Any],
    note: str,
    when: datetime.datetime | None = None,
) -> Card:
    """Apply ``changes`` to a saved card; when rules-relevant fields change, keep errata.

    ``changes`` maps field names (``EDITABLE_FIELDS``; ``realm`` a Realm,
    ``abilities`` a list of ability mappings that replaces them all) to new
    values. A CardRevision with the previous values of the changed rules fields,
    ``note`` and ``when`` (default: now) is recorded. Raises ValidationError,
    writing nothing, when a field is unknown, the result is not a valid card, or a
    rules change comes without a note.
    """
    unknown = sorted(set(changes) - set(EDITABLE_FIELDS))
    if unknown:
        raise ValidationError({unknown[0]: f"card_revise cannot change {unknown[0]!r}"})
    before = card_rules_data(card)
    new_abilities = changes.get("abilities")
    for field, value in changes.items():
        if field != "abilities":
            setattr(card, field, value)
    card_validate(card.rules_values(), new_abilities if new_abilities is not None else None)
    if new_abilities is not None:
        new_abilities = [ability_data(ability) for ability in new_abilities]
    after = card_rules_data(
        card, new_abilities if new_abilities is not None else before["abilities"]
    )
    previous = {field: before[field] for field in RULES_FIELDS if before[field] != after[field]}
    if previous and not note.strip():
        raise ValidationError({"note": "a rules change needs an errata note"})
    with transaction.atomic():
        card.save()
        if "abilities" in previous:
            abilities_replace(card=card, abilities=new_abilities)
        if previous:
            CardRevision.objects.create(
                card=card, revised_at=when or timezone.now(), note=note.strip(), previous=previous
            )
        card_document_write(card)
    return card


def card_document_write(card: Card) -> None:
    """Say that ``card`` was written, in the transaction that changed it: what derives from
    it (its stored API document) is written again (``cards.card_written``)."""
    card_written.send(sender=Card, card=card)


def abilities_replace(*, card: Card, abilities: Sequence[Mapping[str, Any]]) -> None:
    """Replace all of a saved card's abilities, in the given order (no validation here)."""
    card.abilities.all().delete()
    Ability.objects.bulk_create(
        Ability(card=card, order=order, **{field: ability[field] for field in ABILITY_FIELDS})
        for order, ability in enumerate(abilities)
    )
