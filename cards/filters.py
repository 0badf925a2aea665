"""One FilterSet for the card catalogue, driving both the JSON API list and the page.

Query-string names: ``q`` (the search syntax), ``kind``, ``realm`` (slugs),
``rarity`` (each repeatable), ``cost_min``/``cost_max`` and the same pairs for
``melee``, ``defense``, ``ranged`` and ``movement``, ``spirit``, ``keyword`` and
``sort`` (``cost``, ``-cost``, ``name``, …; comma-separated for several keys).
"""

from __future__ import annotations

import copy
from functools import cache, cached_property

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db.models import Case, F, QuerySet, When
from django_filters.fields import RangeField
from django_filters.widgets import BooleanWidget
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field

from cards.models import Card, CardKind, Rarity, Realm
from cards.search import Query, SearchSyntaxError, parse_query
from cards.search.did_you_mean import DidYouMean, did_you_mean
from cards.search.vocabulary import SearchWarning, catalogue_vocabulary, unknown_values

TRAIT_LIMIT = 99  # traits and costs are small; bounds what a range filter accepts
SORT_KEYS = {
    "name": "name",
    "cost": "cost",
    "realm__name": "realm",
    "kind": "kind",
    "melee": "melee",
    "defense": "defense",
    "ranged": "ranged",
    "movement": "movement",
    "rarity": "rarity",
    "updated_at": "updated",
}


class SearchQueryField(forms.CharField):
    """A form field holding a query in the search syntax; cleans to a parsed Query."""

    def __init__(self, *args, **kwargs) -> None:
        # Not stripped: a space after the last token says it is finished (a live search
        # judges it then), and errors point at places in the text as it was sent.
        kwargs.setdefault("strip", False)
        super().__init__(*args, **kwargs)

    def clean(self, value: str | None) -> Query | None:
        text = super().clean(value)
        if not text or text.isspace():
            return None
        try:
            return parse_query(text)
        except SearchSyntaxError as error:
            # Django %-formats messages that carry params; a "%" in the query must survive.
            raise ValidationError(
                str(error).replace("%", "%%"),
                code="search_syntax",
                params={"syntax_error": error},
            ) from None


@extend_schema_field(OpenApiTypes.STR)
class SearchFilter(django_filters.Filter):
    """Filters by a query in the search syntax (see the search help page)."""

    field_class = SearchQueryField

    def filter(self, qs: QuerySet, value: Query | None) -> QuerySet:
        if value is None or value.is_blank:
            return qs
        return qs.filter(value.to_q())


@extend_schema_field(OpenApiTypes.STR)
class RealmFilter(django_filters.ModelMultipleChoiceFilter):
    """Realms by slug, repeatable: ``realm=cinderfall&realm=tidewell``."""


class IntegerRangeField(RangeField):
    def __init__(self, *args, **kwargs) -> None:
        bounds = {"min_value": 0, "max_value": TRAIT_LIMIT}
        fields = (forms.IntegerField(**bounds), forms.IntegerField(**bounds))
        super().__init__(fields, *args, **kwargs)


class IntegerRangeFilter(django_filters.RangeFilter):
    """``<name>_min`` and ``<name>_max``, each optional, both inclusive."""

    field_class = IntegerRangeField


# Rarity sorts in its printed order (common first), not alphabetically.
RARITY_RANK = Case(*(When(rarity=value, then=rank) for rank, value in enumerate(Rarity.values)))


class CardOrderingFilter(django_filters.OrderingFilter):
    """Sorts with empty traits last on every database, and by name among equals."""

    def filter(self, qs: QuerySet, value: list[str] | None) -> QuerySet:
        if not value:
            return qs
        ordering = []
        for param in value:
            field_name = self.get_ordering_value(param)
            descending = field_name.startswith("-")
            name = field_name.removeprefix("-")
            column = RARITY_RANK if name == "rarity" else F(name)
            ordering.append(
                column.desc(nulls_last=True) if descending else column.asc(nulls_last=True)
            )
        # Names are unique: a stable order keeps pagination from repeating cards.
        return qs.order_by(*ordering, "name")


class CardFilter(django_filters.FilterSet):
    q = SearchFilter(
        label="Search", help_text='Search syntax, e.g. kind:avatar cost<=3 o:"spirit path"'
    )
    kind = django_filters.MultipleChoiceFilter(choices=CardKind.choices, distinct=False)
    realm = RealmFilter(
        field_name="realm__slug",
        to_field_name="slug",
        queryset=Realm.objects.all(),
        distinct=False,
    )
    cost = IntegerRangeFilter(label="Cost")
    melee = IntegerRangeFilter(label="Melee")
    defense = IntegerRangeFilter(label="Defense")
    ranged = IntegerRangeFilter(label="Ranged")
    movement = IntegerRangeFilter(label="Movement")
    spirit = django_filters.BooleanFilter(
        field_name="is_spirit", widget=BooleanWidget, label="Spirit"
    )
    rarity = django_filters.MultipleChoiceFilter(choices=Rarity.choices, distinct=False)
    keyword = django_filters.CharFilter(
        method="filter_keyword",
        label="Keyword",
        validators=[RegexValidator(r"^[\w-]+$", message="A keyword is one word.")],
    )
    sort = CardOrderingFilter(fields=SORT_KEYS, label="Sort")

    class Meta:
        model = Card
        fields: list[str] = []

    def get_form_class(self) -> type[forms.Form]:
        # Built once for the class, not once a request: the fields come from the class's
        # filters, which no request changes, and every form deep-copies its fields anyway.
        form_class = type(self).__dict__.get("_form_class")
        if form_class is None:
            # Each field from a copy: a filter keeps the field it made, and the class's
            # filters are deep-copied for every FilterSet.
            fields = {name: copy.copy(spec).field for name, spec in self.base_filters.items()}
            form_class = type(f"{type(self).__name__}Form", (self._meta.form,), fields)
            type(self)._form_class = form_class
        return form_class

    def filter_keyword(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(keywords__contains=f" {value.lower()} ")

    def filter_queryset(self, queryset: QuerySet) -> QuerySet:
        # A bad filter or query shows no cards, never a partly filtered list.
        if self.is_bound and not self.is_valid():
            return queryset.none()
        return super().filter_queryset(queryset)

    @property
    def search_error(self) -> SearchSyntaxError | None:
        """The syntax error in ``q``, if any, so a page can point at the bad token."""
        if not self.is_bound or self.is_valid():
            return None
        for error in self.form.errors.as_data().get("q", []):
            if error.params and "syntax_error" in error.params:
                return error.params["syntax_error"]
        return None

    @cached_property
    def search_warnings(self) -> list[SearchWarning]:
        """Realms and keywords (in ``q`` or the keyword filter) that no card has."""
        if not self.is_bound or not self.is_valid():
            return []
        query, keyword = self.form.cleaned_data.get("q"), self.form.cleaned_data.get("keyword")
        tree = query.tree if query is not None else None
        return unknown_values(tree, keyword or None, catalogue_vocabulary)

    def did_you_mean(self, found: int) -> DidYouMean:
        """When the search found nothing (``found`` is its count), the searches with the
        mistyped card-name words of ``q`` corrected that do find cards, with the same
        other filters (cards.search.did_you_mean)."""
        if found or not self.is_bound or not self.is_valid():
            return DidYouMean()
        query = self.form.cleaned_data.get("q")
        if query is None or query.is_blank:
            return DidYouMean()
        return did_you_mean(query.text, self._searched)

    def _searched(self, text: str) -> QuerySet:
        """The cards this FilterSet finds with ``text`` in the search box instead."""
        data = self.data.copy()
        data["q"] = text
        return type(self)(data, queryset=self.queryset, request=self.request).qs


@cache
def filter_parameters(filterset_class: type[django_filters.FilterSet]) -> frozenset[str]:
    """The query-string names a FilterSet reads: each filter's, and a range's _min and _max."""
    names = set()
    for name, field in filterset_class().form.fields.items():
        # django-filter's SuffixedMultiWidget names its parts <name>_<suffix>.
        suffixes = getattr(field.widget, "suffixes", None) or [""]
        names.update("_".join(filter(None, (name, suffix))) for suffix in suffixes)
    return frozenset(names)
