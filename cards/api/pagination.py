"""Page-numbered catalogue lists whose page size a client may choose, within bounds.

The total count of a filtered list is kept in the cache with the catalogue's version,
so paging through results counts them once, not once a page.
"""

from __future__ import annotations

from functools import cached_property, partial
from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db.models import QuerySet
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
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
