"""The catalogue API: cards (searchable, filterable) and realms; anyone reads, staff write."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction
from django.db.models import Model, ProtectedError
from django.http import Http404, HttpResponseBase
from django.urls.converters import SlugConverter
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import serializers, status, viewsets
from rest_framework.exceptions import APIException
from rest_framework.renderers import BrowsableAPIRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from cards.api.conditional import ConditionalCatalogueMixin
from cards.api.filtering import CatalogueFilterBackend
from cards.api.pagination import CataloguePagination, SearchPagination
from cards.api.permissions import IsStaffOrReadOnly
from cards.api.serializers import CardSerializer, RealmSerializer
from cards.api.stored import (
    EveryCardRows,
    FilteredCardRows,
    card_documents_refresh,
    stored_documents,
    stored_rows,
    stored_rows_by_slug,
)
from cards.creation import card_create
from cards.filters import CardFilter
from cards.models import Card, Realm
from cards.revisions import card_revise
from shen_site.json_input import BoundedJSONParser
from shen_site.json_output import FastJSONRenderer

NOT_MODIFIED = OpenApiResponse(description="Not modified since the ETag or date the client sent")
BAD_FILTER = OpenApiResponse(
    description="A filter is invalid; for a bad `q`, `search_error` gives the message, "
    "position, column and token"
)


class StillInUse(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "Still in use; remove what refers to it first."
    default_code = "protected"


class CatalogueViewSet(ConditionalCatalogueMixin, viewsets.ModelViewSet):
    """Shared by cards and realms: slugs in URLs, conditional GETs, staff-only writes."""

    lookup_field = "slug"
    # Only what a slug may hold: anything else (a NUL fails inside PostgreSQL) is a 404
    # from the URL, before a query.
    lookup_value_regex = SlugConverter.regex
    permission_classes = [IsStaffOrReadOnly]
    pagination_class = CataloguePagination
    parser_classes = [BoundedJSONParser]
    # DRF's JSON bytes written by orjson (the catalogue's documents hold no floats).
    renderer_classes = [FastJSONRenderer, BrowsableAPIRenderer]

    def perform_destroy(self, instance: Model) -> None:
        try:
            instance.delete()
        except ProtectedError as error:
            count = len(error.protected_objects)
            raise StillInUse(
                f"{instance} is still in use: {count} record(s) refer to it."
            ) from None


@extend_schema_view(
    list=extend_schema(
        summary="Search the catalogue",
        description="`q` takes the search syntax (see /search-help/), e.g. "
        '`kind:avatar realm:cinderfall cost<=3 o:"spirit path" -kw:flying`. A realm or keyword '
        "no card has is listed in `warnings`, with the values that exist. A search that finds "
        "no card because of a mistyped card name (`cindr hound`) lists in `did_you_mean` the "
        "corrected searches that do find cards (`cinder hound`).",
        responses={200: CardSerializer(many=True), 304: NOT_MODIFIED, 400: BAD_FILTER},
    ),
    retrieve=extend_schema(responses={200: CardSerializer, 304: NOT_MODIFIED}),
    destroy=extend_schema(responses={204: None, 409: OpenApiResponse(description="In a deck")}),
)
class CardViewSet(CatalogueViewSet):
    """Cards of the catalogue, by slug. Writes (staff only) take nested abilities;
    an update that changes rules-relevant fields needs an errata `note`."""

    queryset = Card.objects.with_catalogue_relations()
    serializer_class = CardSerializer
    pagination_class = SearchPagination
    filter_backends = [CatalogueFilterBackend]
    filterset_class = CardFilter

    def list(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return self._conditionally(self._list_page, request, *args, **kwargs)

    def perform_create(self, serializer: CardSerializer) -> None:
        fields = dict(serializer.validated_data)
        fields.pop("note", None)
        abilities = fields.pop("abilities", [])
        serializer.instance = _with_field_errors(card_create, fields=fields, abilities=abilities)

    def perform_update(self, serializer: CardSerializer) -> None:
        changes = dict(serializer.validated_data)
        note = changes.pop("note", "")
        changes.pop("slug", None)
        serializer.instance = _with_field_errors(
            card_revise, card=serializer.instance, changes=changes, note=note
        )

    @property
    def filters_nothing(self) -> bool:
        """Did no filter parameter come with this request, so that every card is in reach
        (a list of them all: the catalogue's own count, read in one plain statement)?"""
        return getattr(self, "filtered", True) is False

    def retrieve(self, request: Request, *args, **kwargs) -> HttpResponseBase:
        return self._conditionally(self._card_document, request, *args, **kwargs)

    def _card_document(self, request: Request, *args, **kwargs) -> Response:
        # One card read the way a list page reads fifty: its stored JSON, one light query.
        cards = self.filter_queryset(Card.objects.all())
        slug = kwargs[self.lookup_field]
        if self.filters_nothing:
            rows = stored_rows_by_slug(slug)
        else:
            rows = stored_rows(cards.filter(slug=slug))[:1]
        documents = stored_documents(rows)
        if not documents:
            raise Http404("No card with that slug matches.")
        return Response(documents[0])

    def _list_page(self, request: Request, *args, **kwargs) -> Response:
        # A page is 50 cards: their stored JSON texts, joined into the page as they are
        # (cards.api.stored); the same JSON CardSerializer gives.
        cards = self.filter_queryset(Card.objects.all())
        rows = EveryCardRows() if self.filters_nothing else FilteredCardRows(cards)
        return self.get_paginated_response(stored_documents(self.paginate_queryset(rows)))


@extend_schema_view(
    list=extend_schema(responses={200: RealmSerializer(many=True), 304: NOT_MODIFIED}),
    retrieve=extend_schema(responses={200: RealmSerializer, 304: NOT_MODIFIED}),
    destroy=extend_schema(
        responses={204: None, 409: OpenApiResponse(description="Cards or decks use it")}
    ),
)
class RealmViewSet(CatalogueViewSet):
    """The Realms of the shattered World Stone, by slug."""

    queryset = Realm.objects.all()
    serializer_class = RealmSerializer
    filter_backends: list = []

    def perform_update(self, serializer: RealmSerializer) -> None:
        # A new slug outdates the stored documents of the realm's cards (the triggers
        # delete them): written again in the same transaction.
        with transaction.atomic():
            serializer.save()
            card_documents_refresh(Card.objects.filter(realm=serializer.instance))


def _with_field_errors(service: Any, **kwargs: Any) -> Card:
    """Call a catalogue service, turning its Django ValidationError into a 400 by field."""
    try:
        return service(**kwargs)
    except DjangoValidationError as error:
        raise serializers.ValidationError(serializers.as_serializer_error(error)) from None
