"""Page-numbered catalogue lists whose page size a client may choose, within bounds.

The total count of a filtered list is kept in the cache with the catalogue's version,
so paging through results counts them once, not once a page; an unfiltered card list
(the view's ``filters_nothing``) takes the version's own count of the cards. Beside
the results, a list carries ``warnings``: realms or keywords in the search that no
card has; and ``did_you_mean``: for a search that found nothing, the searches with its
mistyped card names corrected that find cards.
"""

from __future__ import annotations

from functools import cached_property, partial
from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import QuerySet
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.api.response_cache import CACHE_SECONDS
from cards.catalogue_version import CatalogueVersion
from cards.filters import filter_parameters
from cards.search.did_you_mean import CLOSE_MATCHES


class CountedPaginator(Paginator):
    """A paginator told its count (``known``), or that takes it from the cache under
    ``count_key``, when given."""

    def __init__(
        self, object_list: Any, per_page: int, *, count_key: str | None, known: int | None = None
    ) -> None:
        super().__init__(object_list, per_page)
        self.count_key = count_key
        self.known = known

    @cached_property
    def count(self) -> int:
        if self.known is not None:
            return self.known
        if self.count_key is None:
            return super().count
        count = cache.get(self.count_key)
        if count is None:
            count = super().count
            cache.set(self.count_key, count, CACHE_SECONDS)
        return count


class CataloguePagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(
        self, queryset: QuerySet, request: Request, view: APIView | None = None
    ) -> list | None:
        version: CatalogueVersion | None = getattr(view, "catalogue_version", None)
        count_key = self._count_key(request, version, view) if version else None
        # Every card, unfiltered: the version counted them already.
        known = version.cards if version and getattr(view, "filters_nothing", False) else None
        self.django_paginator_class = partial(CountedPaginator, count_key=count_key, known=known)
        return super().paginate_queryset(queryset, request, view)

    def _count_key(self, request: Request, version: CatalogueVersion, view: APIView) -> str:
        """The count's key: the version and the parameters that filter (when the view says
        which: its FilterSet's), not the page's own or ones nothing reads."""
        page_params = {self.page_query_param, self.page_size_query_param, "format"}
        filtering = _filter_parameters(view)
        filters = sorted(
            (name, values)
            for name, values in request.query_params.lists()
            if name not in page_params and (filtering is None or name in filtering)
        )
        return version.cache_key("count", request.path, repr(filters))


def _filter_parameters(view: APIView | None) -> frozenset[str] | None:
    """The query parameters the view's FilterSet reads, or None when it has none."""
    filterset_class = getattr(view, "filterset_class", None)
    return None if filterset_class is None else filter_parameters(filterset_class)


class SearchPagination(CataloguePagination):
    """A page of search results, with the search's ``warnings`` and ``did_you_mean``."""

    def paginate_queryset(
        self, queryset: QuerySet, request: Request, view: APIView | None = None
    ) -> list | None:
        self.warnings = getattr(view, "search_warnings", [])
        self.did_you_mean = getattr(view, "did_you_mean", None)
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: list) -> Response:
        response = super().get_paginated_response(data)
        response.data["warnings"] = getattr(self, "warnings", [])
        suggest = getattr(self, "did_you_mean", None)
        found = suggest(self.page.paginator.count) if suggest else None
        response.data["did_you_mean"] = [s.as_dict() for s in found.suggestions] if found else []
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        paginated = super().get_paginated_response_schema(schema)
        paginated["properties"]["warnings"] = WARNINGS_SCHEMA
        paginated["properties"]["did_you_mean"] = DID_YOU_MEAN_SCHEMA
        paginated["required"] = [*paginated.get("required", []), "warnings", "did_you_mean"]
        return paginated


WARNINGS_SCHEMA = {
    "type": "array",
    "description": "Realms or keywords in the search that no card has: the search ran, "
    "but those terms match nothing. Each lists the values that exist.",
    "items": {
        "type": "object",
        "properties": {
            "field": {"type": "string", "enum": ["realm", "keyword"]},
            "value": {"type": "string", "example": "ember"},
            "message": {"type": "string"},
            "known": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["field", "value", "message", "known"],
    },
}

DID_YOU_MEAN_SCHEMA = {
    "type": "array",
    "description": "For a search that found no card: the same search with its mistyped "
    "card-name words spelt as card names spell them, nearest first, each only if it finds "
    "cards (with its count and first cards). Empty otherwise.",
    "items": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "example": "cinder hound"},
            "label": {
                "type": "string",
                "description": "The card's name when the search finds one card, else the query",
                "example": "Cinder Hound",
            },
            "count": {"type": "integer", "minimum": 1},
            "cards": {
                "type": "array",
                "maxItems": CLOSE_MATCHES,
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "slug": {"type": "string"}},
                    "required": ["name", "slug"],
                },
            },
        },
        "required": ["query", "label", "count", "cards"],
    },
}
