"""Each card's API document, stored as JSON text, so a catalogue read joins ready fragments.

A list page reads, for its 50 cards, only each card's primary key and stored
document (one query, filtered, ordered and paginated like any other: the stored
text is a column of a joined table); the renderer copies the texts into the page
as they are (``shen_site.json_output.JSONText``). No abilities query, no column
conversions, no document put together per request. What nothing filters (a page of
every card, a card by its slug) is read by one fixed SQL statement written out from
the models (``EveryCardRows``, ``stored_rows_by_slug``): the ORM took longer to
build it than the database took to answer it.

- **Never stale**: database triggers delete a card's document in the statement
  that changes its row, its abilities or its realm's slug (migration
  ``cards/0004``), whatever wrote it; and a document of another ``shape`` (the
  JSON of another release) is never shown. A card without a current document is
  put together from its rows, as before (``cards.api.documents``): slower, same bytes.
- **Who writes them**: the catalogue's services, in the transaction of the write
  (``card_create``, ``card_revise``, ``catalogue_load``, the admin's and the API's
  realm and card saves), and ``post_migrate`` for any card left without one (a new
  shape after a deploy). A bulk write (``bulk_create``, raw SQL) calls
  ``card_documents_refresh()`` itself, as it calls ``catalogue_changed()``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router, transaction
from django.db.models import QuerySet
from rest_framework.settings import api_settings

from cards.api.documents import card_columns, card_documents, list_rows
from cards.api.serializers import AbilitySerializer
from cards.models import Card, CardDocument
from shen_site.json_output import FastJSONRenderer, JSONText

# Bump when a card's JSON changes in a way the fields' names do not show (a conversion).
DOCUMENT_FORM = 1
# Documents written in one statement, and cards read at once to write them.
BATCH = 500


@cache
def document_shape() -> str:
    """A name for the form of today's card documents: the fields shown (and so their
    order), how dates are written, and ``DOCUMENT_FORM``."""
    ability_fields = tuple(AbilitySerializer().fields)
    basis = repr(
        (
            DOCUMENT_FORM,
            card_columns(),
            ability_fields,
            api_settings.DATETIME_FORMAT,
            settings.TIME_ZONE,
        )
    )
    return hashlib.sha256(basis.encode()).hexdigest()[:32]


def stored_rows(cards: QuerySet) -> QuerySet:
    """``cards`` (filtered and ordered) reading each card's primary key, stored shape and text."""
    return cards.values_list("pk", "stored_document__shape", "stored_document__text")


StoredRow = tuple[int, str | None, str | None]


class EveryCardRows:
    """``stored_rows(Card.objects.all())`` for a paginator: each card's primary key, stored
    shape and text, in the cards' own order; a slice of them is one plain SQL statement.
    (A paginator told its count, as ``CataloguePagination`` tells it, never counts them.)"""

    def __getitem__(self, page: slice) -> list[StoredRow]:
        low, high = page.start or 0, page.stop
        if high is not None and high <= low:
            return []
        connection = connections[router.db_for_read(Card)]
        limits = connection.ops.limit_offset_sql(low, high)
        return _stored_rows_read(connection, f"ORDER BY {_card_ordering(connection)} {limits}")

    def count(self) -> int:
        return Card.objects.count()


class FilteredCardRows:
    """``stored_rows(cards)`` for a paginator, read page first: the page's card keys in
    ``cards``' order (narrow rows, sorted without their documents), then those cards'
    stored documents. Read in one statement, the database sorted every match with its
    JSON beside it before taking fifty (on SQLite, a temporary B-tree of some 4,000
    documents for ``kind=avatar&cost_max=3``: most of the request's time)."""

    def __init__(self, cards: QuerySet) -> None:
        self.cards = cards

    def __getitem__(self, page: slice) -> list[StoredRow]:
        keys = list(self.cards.values_list("pk", flat=True)[page])
        # Unordered: the keys give the order, so the database need not sort them again.
        found = {row[0]: row for row in stored_rows(Card.objects.filter(pk__in=keys).order_by())}
        return [found[key] for key in keys]

    def count(self) -> int:
        return self.cards.count()


def stored_rows_by_slug(slug: str) -> list[StoredRow]:
    """``stored_rows(Card.objects.filter(slug=slug))``: the card's row, if there is one,
    read by one plain SQL statement."""
    connection = connections[router.db_for_read(Card)]
    column = connection.ops.quote_name(Card._meta.get_field("slug").column)
    return _stored_rows_read(connection, f"WHERE {_card_table(connection)}.{column} = %s", [slug])


def _stored_rows_read(connection: Any, rest: str, params: Sequence[Any] = ()) -> list[StoredRow]:
    """The stored rows of the cards ``rest`` (SQL after the join: filter, order, limits) picks."""
    quote = connection.ops.quote_name
    card, document = _card_table(connection), quote(CardDocument._meta.db_table)
    key = f"{card}.{quote(Card._meta.pk.column)}"
    card_of, shape, text = (
        f"{document}.{quote(CardDocument._meta.get_field(name).column)}"
        for name in ("card", "shape", "text")
    )
    sql = (
        f"SELECT {key}, {shape}, {text} FROM {card} "
        f"LEFT OUTER JOIN {document} ON ({key} = {card_of}) {rest}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _card_table(connection: Any) -> str:
    return connection.ops.quote_name(Card._meta.db_table)


def _card_ordering(connection: Any) -> str:
    """``Card.Meta.ordering`` as SQL, as the ORM orders an unordered QuerySet of cards."""
    terms = []
    for name in Card._meta.ordering:
        field = Card._meta.get_field(name.removeprefix("-"))
        if field.is_relation:  # the ORM would order by the related model's own ordering
            raise ImproperlyConfigured(f"Cards ordered by a relation ({name}) need the ORM.")
        column = connection.ops.quote_name(field.column)
        terms.append(f"{_card_table(connection)}.{column} {'DESC' if name[0] == '-' else 'ASC'}")
    return ", ".join(terms)


def stored_documents(rows: Sequence[StoredRow]) -> list[Any]:
    """The documents of the cards in ``rows`` (from ``stored_rows``), in their order: the
    stored text where it is current, else the document put together from the card's rows."""
    shape = document_shape()
    documents: list[Any] = []
    missing: dict[int, int] = {}  # card id -> its place in ``documents``
    for pk, stored_shape, text in rows:
        if stored_shape == shape:
            documents.append(JSONText(text))
        else:
            missing[pk] = len(documents)
            documents.append(None)
    if missing:
        built = list_rows(Card.objects.filter(pk__in=missing))
        rows_by_pk = {row[0]: row for row in built}
        present = [rows_by_pk[pk] for pk in missing if pk in rows_by_pk]
        for row, document in zip(present, card_documents(present), strict=True):
            documents[missing[row[0]]] = document
    # A card deleted between the two reads is left out, as a later read would.
    return [document for document in documents if document is not None]


def card_documents_refresh(cards: QuerySet | None = None) -> int:
    """Write the documents of ``cards`` (default: every card) that lack a current one;
    how many were written. Call it inside the transaction of a catalogue write, after
    the write (the triggers deleted the documents it outdated)."""
    cards = Card.objects.all() if cards is None else cards
    stale = cards.exclude(stored_document__shape=document_shape()).order_by("pk")
    ids = list(stale.values_list("pk", flat=True))
    for start in range(0, len(ids), BATCH):
        _documents_write(ids[start : start + BATCH])
    return len(ids)


def _documents_write(ids: list[int]) -> None:
    shape = document_shape()
    with transaction.atomic():
        # Locks the cards first (PostgreSQL), as the triggers do before deleting their
        # documents: a change made while these rows are read deletes what is written here.
        locked = Card.objects.filter(pk__in=ids).order_by("pk").select_for_update(of=("self",))
        rows = list(list_rows(locked))
        # Written as the page's renderer would write them, so a page is the same bytes
        # whether its cards' documents were stored or put together.
        render = FastJSONRenderer().render
        texts = [render(document).decode() for document in card_documents(rows)]
        CardDocument.objects.filter(card_id__in=ids).delete()
        CardDocument.objects.bulk_create(
            CardDocument(card_id=row[0], shape=shape, text=text)
            for row, text in zip(rows, texts, strict=True)
        )


def documents_migrated(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """Signal receiver for ``post_migrate``: a new release's shape, or a data migration,
    left cards without a current document; write them (once the table exists)."""
    if CardDocument._meta.db_table in connections[using].introspection.table_names():
        with transaction.atomic(using=using):
            card_documents_refresh(Card.objects.using(using).all())


def card_document_rewrite(sender: type, card: Card, **kwargs: Any) -> None:
    """``card_written``'s receiver: write ``card``'s stored document again, in the
    transaction that wrote the card."""
    card_documents_refresh(Card.objects.filter(pk=card.pk))
