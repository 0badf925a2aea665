"""Write the catalogue in the database out in the file format that loading reads."""

from __future__ import annotations

import datetime
import json
from typing import Any

from cards.catalogue.schema import FORMAT_NAME, FORMAT_VERSION
from cards.models import Card, CardKind, Realm
from cards.revisions import RULES_FIELDS, ability_data
from cards.validation import BONUS_FIELDS, TRAIT_FIELDS

KIND_ORDER = {kind: index for index, kind in enumerate(CardKind.values)}


def catalogue_export(*, name: str = "") -> dict[str, Any]:
    """Every realm and card as a catalogue document; loading it back changes nothing.

    Cards come in realm, kind (Avatars, Items, Remains, Actions), cost and name order.
    """
    cards = sorted(
        Card.objects.select_related("realm").prefetch_related("abilities", "revisions"),
        key=lambda card: (card.realm.name, KIND_ORDER[card.kind], card.cost, card.name),
    )
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": name,
        "realms": [realm_data(realm) for realm in Realm.objects.order_by("name")],
        "cards": [card_data(card) for card in cards],
    }


def catalogue_export_text(*, name: str = "") -> str:
    """The catalogue as JSON text, two-space indented, ending in a newline."""
    return json.dumps(catalogue_export(name=name), indent=2, ensure_ascii=False) + "\n"


def realm_data(realm: Realm) -> dict[str, Any]:
    """One realm as the file holds it."""
    return {
        "name": realm.name,
        "slug": realm.slug,
        "colour": realm.colour,
        "symbol": realm.symbol,
        "description": realm.description,
    }


def card_data(card: Card) -> dict[str, Any]:
    """One card as the file holds it: only the fields its kind uses."""
    data: dict[str, Any] = {
        "name": card.name,
        "slug": card.slug,
        "kind": card.kind,
        "realm": card.realm.slug,
        "cost": card.cost,
        "rarity": card.rarity,
        "keywords": card.keyword_list,
        "rules_text": card.rules_text,
        "flavour_text": card.flavour_text,
    }
    if card.kind == CardKind.AVATAR:
        data.update({field: getattr(card, field) for field in TRAIT_FIELDS})
        data["is_spirit"] = card.is_spirit
    data.update({field: getattr(card, field) for field in BONUS_FIELDS if getattr(card, field)})
    if card.kind in (CardKind.REMAINS, CardKind.ACTION):
        data["target"] = card.target
    data["abilities"] = [ability_data(ability) for ability in card.abilities.all()]
    revisions = card.revisions.all()
    if revisions:
        data["errata"] = [
            {
                "date": revision.revised_at.astimezone(datetime.UTC).date().isoformat(),
                "note": revision.note,
                "previous": previous_in_file_order(revision.previous),
            }
            for revision in revisions
        ]
    return data


def previous_in_file_order(previous: dict[str, Any]) -> dict[str, Any]:
    """A revision's earlier values in the fixed field order of the file.

    PostgreSQL's jsonb does not keep key order, so the export imposes one.
    """
    ordered = {field: previous[field] for field in RULES_FIELDS if field in previous}
    if "abilities" in ordered:
        ordered["abilities"] = [ability_data(ability) for ability in ordered["abilities"]]
    return ordered
