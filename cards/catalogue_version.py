"""The catalogue's version: what changes whenever anything a catalogue response shows changes.

Conditional GETs (ETag/Last-Modified), the cached counts of filtered lists and the
search vocabulary key on it, so every catalogue response the view builds reads it,
in one cheap query. (A response-cache hit reads none: it keys on the catalogue's
generation, ``cards.api.generation``, which every write replaces.)
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Func, IntegerField, QuerySet, Subquery
from django.db.models.sql import Query

from cards.models import Card, Realm

_REALM_FIELDS = ("pk", "name", "slug", "colour", "symbol", "description")


@dataclass(frozen=True)
class CatalogueVersion:
    """The newest card change (for Last-Modified), a digest of everything else, and how
    many cards there are (an unfiltered list's count)."""

    last_modified: datetime.datetime | None
    digest: str
    cards: int

    def cache_key(self, kind: str, *parts: str) -> str:
        """A cache key for something of this version of the catalogue, told apart by ``parts``."""
        basis = "|".join((self.digest, *parts))
        return f"catalogue-{kind}:{hashlib.sha256(basis.encode()).hexdigest()}"


def catalogue_version() -> CatalogueVersion:
    """The current version of the catalogue, in one query.

    Cards: the newest ``updated_at`` (a write to a card or its abilities saves the
    card), the count (a deletion) and the highest id (a deletion plus an insertion
    keeps the count). Realms: all their shown fields, as there are only a handful.
    """
    rows, connection = _raw_version_rows()
    # No realm means no card either: cards protect their realm.
    changed, count, top = rows[0][-3:] if rows else (None, 0, None)
    realms = [tuple(row[: len(_REALM_FIELDS)]) for row in rows]
    # The digest reads the values as the database gave them (one database, one form);
    # only the newest change is converted, for Last-Modified.
    signature = f"{changed!r}|{count}|{top}|{realms!r}"
    last_modified = None if changed is None else _converted_changed(changed, connection)
    digest = hashlib.sha256(signature.encode()).hexdigest()
    return CatalogueVersion(last_modified, digest, count)


def _version_queryset() -> QuerySet:
    cards = Card.objects.order_by()
    # COUNT(*), which SQLite answers from the b-tree's count; COUNT(id) reads every row.
    count = Func(template="COUNT(*)", output_field=IntegerField())
    # Uncorrelated subqueries on each realm row: the database computes each once,
    # the newest change and the highest id straight from indexes.
    return (
        Realm.objects.order_by("pk")
        .annotate(
            cards_changed=Subquery(cards.order_by("-updated_at").values("updated_at")[:1]),
            cards_count=Subquery(cards.annotate(count=count).values("count")),
            cards_top=Subquery(cards.order_by("-pk").values("pk")[:1]),
        )
        .values_list(*_REALM_FIELDS, "cards_changed", "cards_count", "cards_top")
    )


@dataclass(frozen=True)
class _CompiledQuery:
    sql: str
    params: tuple[Any, ...]
    query: Query
    columns: list[Any]


# Compiling the query costs ten times what running it does, on every catalogue
# request; so it is compiled once a database. Each request still takes the
# converters (e.g. SQLite's text to datetime) from its own thread's connection.
_compiled: dict[str, _CompiledQuery] = {}


def _compiled_query(connection: Any) -> _CompiledQuery:
    compiled = _compiled.get(connection.alias)
    if compiled is None:
        query = _version_queryset().query
        compiler = query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        columns = [column for column, _, _ in compiler.select[: compiler.col_count]]
        compiled = _compiled[connection.alias] = _CompiledQuery(sql, tuple(params), query, columns)
    return compiled


def _raw_version_rows() -> tuple[list[tuple[Any, ...]], Any]:
    """The rows of ``_version_queryset()`` as the database gives them, and its connection."""
    connection = connections[Realm.objects.db]
    compiled = _compiled_query(connection)
    with connection.cursor() as cursor:
        cursor.execute(compiled.sql, compiled.params)
        return cursor.fetchall(), connection


def _converted_changed(value: Any, connection: Any) -> datetime.datetime:
    """The newest change as the ORM would return it (SQLite gives text)."""
    compiled = _compiled_query(connection)
    compiler = compiled.query.get_compiler(connection=connection)
    index = len(_REALM_FIELDS)
    converters = compiler.get_converters(compiled.columns[index : index + 1])
    row = [value]
    for converted in compiler.apply_converters([row], converters):
        return converted[0]
    return value


def _version_rows() -> list[list[Any]]:
    """The rows of ``_version_queryset()``, as the ORM would return them, from SQL compiled once."""
    rows, connection = _raw_version_rows()
    compiled = _compiled_query(connection)
    compiler = compiled.query.get_compiler(connection=connection)
    return list(compiler.apply_converters(rows, compiler.get_converters(compiled.columns)))
