"""Page-numbered catalogue lists whose page size a client may choose, within bounds.

The total count of a filtered list is kept in the cache with the catalogue's version,
so paging through results counts them once, not once a page. Beside the results, a
list carries ``warnings``: realms or keywords in the search that no card has.
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
from cards.api.version import CatalogueVersion


class CountedPaginator(Paginator):
    """A paginator that takes the count from the cache under ``count_key``, when given."""

    def __init__(self, object_list: Any, per_page: int, *, count_key: str | None) -> None:
        super().__init__(object_list, per_page)
        self.count_key = count_key

    @cached_property
    def count(self) -> int:
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
        count_key = self._count_key(request, version) if version else None
        self.django_paginator_class = partial(CountedPaginator, count_key=count_key)
        return super().paginate_queryset(queryset, request, view)

    def _count_key(self, request: Request, version: CatalogueVersion) -> str:
        """The count's key: the version and every parameter but the page's own."""
        page_params = {self.page_query_param, self.page_size_query_param, "format"}
        filters = sorted(
            (name, values)
            for name, values in request.query_params.lists()
            if name not in page_params
        )
        return version.cache_key("count", request.path, repr(filters))


class SearchPagination(CataloguePagination):
    """A page of search results, with the search's ``warnings`` beside them."""

    def paginate_queryset(
        self, queryset: QuerySet, request: Request, view: APIView | None = None
    ) -> list | None:
        self.warnings = getattr(view, "search_warnings", [])
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data: list) -> Response:
        response = super().get_paginated_response(data)
        response.data["warnings"] = getattr(self, "warnings", [])
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        paginated = super().get_paginated_response_schema(schema)
        paginated["properties"]["warnings"] = WARNINGS_SCHEMA
        paginated["required"] = [*paginated.get("required", []), "warnings"]
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
