"""The FilterSet backend for the API: a bad filter is a 400 that points at the bad token;
a realm or keyword no card has is a warning the list response carries (``warnings``), and
a search that finds nothing carries its corrected card names (``did_you_mean``)."""

from __future__ import annotations

from django.db.models import QuerySet
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.views import APIView

from cards.filters import filter_parameters
from cards.search import SearchSyntaxError


class FilterInvalid(ValidationError):
    """400 with each bad parameter's messages, plus ``search_error`` for a bad ``q``."""

    def __init__(self, errors: dict[str, list[str]], search_error: SearchSyntaxError | None):
        super().__init__(errors)
        if search_error is not None:
            # Set after __init__, which would turn the position into a string.
            self.detail = {**self.detail, "search_error": search_error.as_dict()}


class CatalogueFilterBackend(DjangoFilterBackend):
    def filter_queryset(self, request: Request, queryset: QuerySet, view: APIView) -> QuerySet:
        view.search_warnings = []
        view.did_you_mean = None
        # Read by CataloguePagination: an unfiltered list counts every card.
        view.filtered = True
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None and not _filters_given(request, filterset_class):
            # Nothing to filter by (a plain page, or a card by slug): a FilterSet would
            # build and validate a form of empty fields to change nothing.
            view.filtered = False
            return queryset
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if not filterset.is_valid():
            errors = {name: list(messages) for name, messages in filterset.errors.items()}
            raise FilterInvalid(errors, getattr(filterset, "search_error", None))
        # Read by CataloguePagination, which puts them beside the results.
        view.search_warnings = [w.as_dict() for w in getattr(filterset, "search_warnings", [])]
        # Called by SearchPagination with the count, which only it knows.
        view.did_you_mean = getattr(filterset, "did_you_mean", None)
        return filterset.qs


def _filters_given(request: Request, filterset_class: type) -> bool:
    return any(name in request.query_params for name in filter_parameters(filterset_class))
