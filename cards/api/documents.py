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

import datetime
import re
from collections import defaultdict
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

import orjson
from django.db import connections, router
from django.db.models import JSONField, QuerySet
from django.utils import timezone
from rest_framework import ISO_8601, fields
from rest_framework.settings import api_settings

from cards.api.serializers import AbilitySerializer, CardSerializer
from cards.models import Ability

# How a shown field is read from the database, where its name is not its column.
_COLUMN_OF = {"realm": "realm__slug"}
# Fields shown otherwise than as stored, and how.
_DATETIME = fields.DateTimeField()


def _keywords(value: str) -> list[str]:
    return value.split()


def _updated(value: datetime.datetime, zone: datetime.tzinfo) -> str:
    # DRF's DateTimeField for ISO 8601 (the setting): in the current time zone ``zone``,
    # "Z" for UTC. Its general path costs more than the rest of a card's document together.
    if api_settings.DATETIME_FORMAT != ISO_8601 or timezone.is_naive(value):
        return _DATETIME.to_representation(value)
    text = value.astimezone(zone).isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def _converters() -> dict[str, Any]:
    """Each shown-otherwise field's conversion, for one page of cards."""
    # The current time zone is looked up once a page: each lookup goes through a
    # context-local, which for 50 cards cost more than the conversions themselves.
    zone = timezone.get_current_timezone()
    return {"keywords": _keywords, "updated_at": lambda value: _updated(value, zone)}


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
    at = names.index("abilities")
    conversions = _converters()
    converted = [(name, conversions[name]) for name in names if name in conversions]
    abilities = _abilities_of([row[0] for row in rows])
    documents = []
    for pk, *values in rows:
        values.insert(at, abilities.get(pk, []))
        document = dict(zip(names, values, strict=True))
        for name, convert in converted:
            if document[name] is not None:
                document[name] = convert(document[name])
        documents.append(document)
    return documents


def _abilities_of(card_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """Each card's abilities as documents, in their written order (the model's ordering).

    One plain SQL statement: the ORM's building of this fixed query cost more than
    running it and reading its rows. Values pass through the converters the ORM
    would apply (``effect`` is JSON), so they come back as the ORM returns them.
    """
    found: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if not card_ids:
        return found
    shown = _shown(AbilitySerializer)
    model = Ability._meta
    connection = connections[router.db_for_read(Ability)]
    quote = connection.ops.quote_name
    columns = [model.get_field(name) for name in shown]
    sql = (
        f"SELECT {quote('card_id')}, {', '.join(quote(c.column) for c in columns)} "
        f"FROM {quote(model.db_table)} WHERE {quote('card_id')} IN "
        f"({', '.join(['%s'] * len(card_ids))}) "
        f"ORDER BY {quote('card_id')}, {quote('order')}, {quote('id')}"
    )
    # Only the columns the ORM converts (``effect``) are converted; the rest are as read.
    readers = [(at, read) for at, c in enumerate(columns) if (read := _reader(c, connection))]
    with connection.cursor() as cursor:
        cursor.execute(sql, card_ids)
        for card_id, *values in cursor.fetchall():
            for at, read in readers:
                values[at] = read(values[at])
            found[card_id].append(dict(zip(shown, values, strict=True)))
    return found


def _reader(field: Any, connection: Any) -> Callable[[Any], Any] | None:
    """What the ORM does to a value of ``field`` read from ``connection`` (its converters),
    or None when it does nothing."""
    column = field.get_col(field.model._meta.db_table)
    converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
    if not converters:
        return None
    if _plain_json(field) and converters == [field.from_db_value]:
        return partial(
            read_json, slow=partial(field.from_db_value, expression=column, connection=connection)
        )

    def read(value: Any) -> Any:
        for convert in converters:
            value = convert(value, column, connection)
        return value

    return read


def _plain_json(field: Any) -> bool:
    """Is ``field`` a JSONField read by Django's own ``from_db_value`` (``json.loads``)?"""
    return (
        isinstance(field, JSONField)
        and field.decoder is None
        and type(field).from_db_value is JSONField.from_db_value
    )


# orjson reads an integer beyond 64 bits as a float; any run of 19 digits goes the
# stdlib's way (a long decimal fraction too: rare, and the same value either way).
_LONG_DIGITS = re.compile(r"\d{19}")


def read_json(value: Any, *, slow: Callable[[Any], Any]) -> Any:
    """A JSONField's value from the database text ``value``: what ``slow`` (Django's
    ``json.loads``) gives, by orjson, five times faster.

    orjson and the stdlib give the same values for valid JSON with integers of 64 bits;
    what orjson refuses (NaN, infinities, lone surrogates, text that is not JSON, which
    Django returns as it is) and long numbers go to ``slow``.
    """
    if isinstance(value, str) and not _LONG_DIGITS.search(value):
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            pass
    return slow(value)
