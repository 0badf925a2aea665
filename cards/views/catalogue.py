"""The catalogue page: one view for the plain GET form and for htmx updates.

CardFilter (shared with the API) reads the query string; this view adds only
the page's own display choices (grid or list, page size) and paging. An htmx
request gets just the results partial; the URL it pushes holds the query. A request
the search box sends as the player types (live search, ``Shen-Search: typing``) whose
query fails only in its unfinished last token gets 204: the results stay, the
suggestions lead, and the query is judged once typing pauses on a whole token or the
search is submitted.
"""

from __future__ import annotations

from dataclasses import dataclass

from django import forms
from django.core.paginator import Page, Paginator
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from cards.filters import CardFilter
from cards.models import Card

PAGE_SIZES = (24, 48, 96)
# Filters shown as checkbox groups, with the page's names for them.
CHECKBOX_FILTERS = {"kind": "Kind", "realm": "Realm", "rarity": "Rarity"}
# CardFilter's range filters; each reads <name>_min and <name>_max.
RANGE_FILTERS = ("cost", "melee", "defense", "ranged", "movement")


class CatalogueDisplayForm(forms.Form):
    """How the results are shown; not a filter, so not part of CardFilter."""

    view = forms.ChoiceField(
        choices=[("grid", "Grid"), ("list", "List")],
        required=False,
        widget=forms.RadioSelect,
    )
    per_page = forms.TypedChoiceField(
        label="Per page",
        choices=[(size, size) for size in PAGE_SIZES],
        coerce=int,
        required=False,
    )

    def display(self) -> tuple[str, int]:
        """The view and page size asked for, or the defaults when missing or invalid."""
        data = self.cleaned_data if self.is_valid() else {}
        return data.get("view") or "grid", data.get("per_page") or PAGE_SIZES[0]


@dataclass(frozen=True)
class MarkedQuery:
    """The search box text split around the token the parser rejected."""

    before: str
    token: str
    after: str


@dataclass(frozen=True)
class RangeInputs:
    """A range filter as the page shows it: a label and two number boxes."""

    label: str
    name: str
    minimum: str
    maximum: str


def _range_inputs(form: forms.Form) -> list[RangeInputs]:
    ranges = []
    for name in RANGE_FILTERS:
        low, high = form[name].value() or (None, None)
        ranges.append(RangeInputs(_label(form, name), name, low or "", high or ""))
    return ranges


@dataclass(frozen=True)
class PageLink:
    """One entry of the pager: a page to go to, the current page, or a gap."""

    label: str
    number: int | None = None
    rel: str = ""
    is_current: bool = False


def _page_links(page: Page) -> list[PageLink]:
    if page.paginator.num_pages < 2:
        return []
    links = []
    if page.has_previous():
        links.append(PageLink("‹ Previous", page.previous_page_number(), rel="prev"))
    for number in page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1):
        if number == Paginator.ELLIPSIS:
            links.append(PageLink("…"))
        else:
            links.append(PageLink(str(number), number, is_current=number == page.number))
    if page.has_next():
        links.append(PageLink("Next ›", page.next_page_number(), rel="next"))
    return links


def _page_moved(request: HttpRequest, page: Page) -> HttpResponse | None:
    """A redirect to the page shown, the query kept, when the one asked for is not it: past
    the end (a bookmark, a catalogue since shrunk) it is the last page, so the address,
    the pager and the cards agree."""
    asked = request.GET.get("page")
    if asked is None or asked == str(page.number):
        return None
    query = request.GET.copy()
    query["page"] = str(page.number)
    return redirect(f"{request.path}?{query.urlencode()}")


def _marked_query(filterset: CardFilter, text: str) -> MarkedQuery | None:
    error = filterset.search_error
    if error is None:
        return None
    if error.query:
        return MarkedQuery(*error.marked())
    end = error.position + len(error.token)
    return MarkedQuery(text[: error.position], text[error.position : end], text[end:])


def _filter_errors(filterset: CardFilter) -> list[tuple[str, list[str]]]:
    """(label, messages) for every invalid filter except the search box."""
    form = filterset.form
    return [
        (_label(form, name), list(messages))
        for name, messages in form.errors.items()
        if name != "q"
    ]


def _label(form: forms.Form, name: str) -> str:
    field = form.fields.get(name)
    return CHECKBOX_FILTERS.get(name) or (field and field.label) or name


def _as_checkboxes(form: forms.Form) -> None:
    # Several kinds, realms or rarities at once: checkboxes on the page, the
    # same multiple-value parameters as the API.
    for name in CHECKBOX_FILTERS:
        field = form.fields.get(name)
        if field is not None and not isinstance(field.widget, forms.CheckboxSelectMultiple):
            field.widget = forms.CheckboxSelectMultiple()
            field.widget.choices = field.choices


def _still_typing(request: HttpRequest, filterset: CardFilter) -> bool:
    """A live search whose query may only be unfinished (``kind:av``): not judged yet."""
    if request.headers.get("Shen-Search") != "typing":
        return False
    error = filterset.search_error
    return error is not None and error.may_be_unfinished


@require_safe
def catalogue(request: HttpRequest) -> HttpResponseBase:
    """Search, filter, sort and page through the cards."""
    filterset = CardFilter(request.GET, queryset=Card.objects.with_catalogue_relations())
    if _still_typing(request, filterset):
        # htmx swaps nothing and pushes no URL for a 204: the last results stay shown.
        response = HttpResponse(status=204)
        patch_vary_headers(response, ["HX-Request", "Shen-Search"])
        return response
    display = CatalogueDisplayForm(request.GET)
    view, per_page = display.display()
    # An invalid filter or query gives CardFilter an empty queryset: no partial lists.
    page = Paginator(filterset.qs, per_page).get_page(request.GET.get("page"))
    if (moved := _page_moved(request, page)) is not None:
        return moved
    form = filterset.form
    _as_checkboxes(form)
    context = {
        "filterset": filterset,
        "form": form,
        "display": display,
        "view": view,
        "page_obj": page,
        "page_links": _page_links(page),
        "result_count": page.paginator.count,
        "marked_query": _marked_query(filterset, request.GET.get("q", "")),
        "filter_errors": _filter_errors(filterset),
        "search_warnings": filterset.search_warnings,
        "did_you_mean": filterset.did_you_mean(page.paginator.count),
        "checkbox_groups": [(label, form[name]) for name, label in CHECKBOX_FILTERS.items()],
        "range_inputs": _range_inputs(form),
        "sort_choices": [
            (value, label if value else "Name (default)")
            for value, label in form.fields["sort"].choices
        ],
        "sort_value": (form["sort"].value() or [""])[0],
    }
    template = "cards/catalogue.html"
    # A history restore (htmx cache miss on Back) needs the whole page again.
    if request.headers.get("HX-Request") and not request.headers.get("HX-History-Restore-Request"):
        template += "#results"
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request", "Shen-Search"])
    return response
