"""A page of the card list as JSON, built from plain rows rather than model instances.

A page of 50 cards read through the ORM and ``CardSerializer`` builds some 180 model
instances and the serializer's fields on every request; the page's JSON is just the
cards' columns, their realm's slug and their abilities. So a list page reads the
columns it shows (one query for the cards, one for their abilities) and puts each
card's document together in ``CardSerializer``'s field order, with DRF's own
conversions where a value is not shown as stored. The documents are the serializer's
output exactly (``tests/cards/test_api_documents.py`` holds them to it); the
serializer stays the one definition of a card's JSON, for details, writes and the
schema.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db.models import QuerySet
from rest_framework import fields

from cards.api.serializers import AbilitySerializer, CardSerializer
from cards.models import Ability

# How a shown field is read from the database, where its name is not its column.
_COLUMN_OF = {"realm": "realm__slug"}
# Fields shown otherwise than as stored, and how.
_DATETIME = fields.DateTimeField()


def _keywords(value: str) -> list[str]:
    return value.split()


def _updated(value: Any) -> str | None:
    return None if value is None else _DATETIME.to_representation(value)


_CONVERT = {"keywords": _keywords, "updated_at": _updated}


@cache
def _shown(serializer_class: type) -> tuple[str, ...]:
    """The names a serializer shows, in its order (write-only fields left out)."""
    serializer = serializer_class()
    return tuple(name for name, field in serializer.fields.items() if not field.write_only)


def card_columns() -> tuple[str, ...]:
    """The columns a list page reads for its cards: the primary key, then each shown field."""
    shown = [name for name in _shown(CardSerializer) if name != "abilities"]
    return ("pk", *(_COLUMN_OF.get(name, name) for name in shown))


def list_rows(queryset: QuerySet) -> QuerySet:
    """``queryset`` (filtered and ordered cards) reading only the columns a list page shows."""
    return queryset.values_list(*card_columns())


def card_documents(rows: Sequence[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """The JSON documents of the cards in ``rows`` (from ``list_rows``), with their abilities."""
    names = _shown(CardSerializer)
    shown = [name for name in names if name != "abilities"]
    abilities = _abilities_of([row[0] for row in rows])
    documents = []
    for pk, *values in rows:
        document = {}
        for name, value in zip(shown, values, strict=True):
            convert = _CONVERT.get(name)
            document[name] = convert(value) if convert is not None and value is not None else value
        document["abilities"] = abilities.get(pk, [])
        documents.append({name: document[name] for name in names})
    return documents


def _abilities_of(card_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each card's abilities as documents, in their written order (the model's ordering)."""
    shown = _shown(AbilitySerializer)
    rows = (
        Ability.objects.filter(card_id__in=card_ids)
        .order_by("card_id", "order", "id")
        .values_list("card_id", *shown)
    )
    found: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for card_id, *values in rows:
        found[card_id].append(dict(zip(shown, values, strict=True)))
    return found
