"""The live deck builder: quick-add and catalogue search on the left, the deck on the right.

Every change is an htmx POST that calls a service from decks/services.py and
answers with the deck pane plus out-of-band swaps of the summary (totals and
validation) and the insights (statistics and odds), so there is no save button.
Without JavaScript the settings and quick-add forms still post and redirect back
to the builder; the card controls need htmx (the vendored static/js/htmx.min.js)
and static/js/builder.js, which sends them from an element no swap replaces.
The odds panel re-renders with the default turn after each change.

A change's answer swaps in the held count of its card's search result only when
the page says it shows that result (`shown`, sent by builder.js when the request
leaves): searches wait in the same queue as changes, so the result is still there
when the answer comes, and htmx never looks for a count that is not on the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from cards.filters import CardFilter
from cards.models import Card, CardKind, Realm
from decks.forms import BasedOnForm, DeckSettingsForm, OddsForm, QuickAddForm, SlotChangeForm
from decks.models import Board, Deck
from decks.overview import deck_overview
from decks.services import (
    DeckChangeError,
    DeckStaleError,
    deck_add_copies,
    deck_add_copy,
    deck_adjust_slot,
    deck_create,
    deck_move_card,
    deck_quick_add,
    deck_set_slot,
    deck_update,
)
from decks.validation import CopyLimit, copy_limits
from decks.views.access import owned_deck
from decks.views.busy import RETRY_AFTER, retry_when_busy, write_failed

SEARCH_RESULTS = 25
TEMPLATE = "decks/builder.html"
# The deck pane's views: rows by kind, or the cards' faces stacked by kind or by cost.
DECK_VIEWS = {"list": "List", "stacks": "Stacks by kind", "stacks-by-cost": "Stacks by cost"}


@dataclass(frozen=True)
class HeldCard:
    """A search result with the copies the deck already holds and the format's limit."""

    card: Card
    main: int = 0
    side: int = 0
    limit: CopyLimit | None = None

    @property
    def total(self) -> int:
        return self.main + self.side

    @property
    def at_limit(self) -> bool:
        return self.limit is not None and self.total >= self.limit.maximum


def held_cards(deck: Deck, cards: list[Card]) -> list[HeldCard]:
    """Each card with the copies `deck` holds on each board and its copy limit (two queries)."""
    held: dict[int, dict[str, int]] = {card.pk: {} for card in cards}
    slots = deck.slots.filter(card__in=cards).values_list("card_id", "board", "count")
    for card_id, board, count in slots:
        held[card_id][board] = count
    limits = copy_limits(deck.format, cards)
    return [
        HeldCard(
            card,
            held[card.pk].get(Board.MAIN, 0),
            held[card.pk].get(Board.SIDE, 0),
            limits.get(card.pk),
        )
        for card in cards
    ]


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (it then wants a fragment, not a redirect)."""
    return request.headers.get("HX-Request") == "true"


@login_required
@retry_when_busy
def deck_new(request: HttpRequest) -> HttpResponse:
    """Name a new deck and pick its format; the builder opens on it."""
    form = DeckSettingsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            deck = deck_create(owner=request.user, **form.cleaned_data)
        except DeckChangeError as error:
            form.add_error(None, str(error))
        else:
            return redirect("decks:builder", pk=deck.pk)
    return render(request, "decks/deck_new.html", {"form": form})


@require_safe
def builder(request: HttpRequest, pk: int) -> HttpResponse:
    """The builder page for one of the user's own decks."""
    deck = owned_deck(request, pk)
    return builder_render(
        request,
        deck,
        settings_form=DeckSettingsForm(instance=deck),
        view=deck_view(request.GET),
        **catalogue_search(request, deck),
    )


@require_safe
def builder_pane(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck pane alone in the view asked for, for the pane's view switch."""
    deck = owned_deck(request, pk)
    return builder_render(request, deck, partial="deck_pane", view=deck_view(request.GET))


def builder_render(
    request: HttpRequest,
    deck: Deck,
    *,
    partial: str = "",
    view: str = "list",
    **context: object,
) -> HttpResponse:
    """The builder page, or one of its partials, with the deck's fresh overview and odds
    form, and the deck pane in `view`."""
    overview = deck_overview(deck)
    context = {
        "deck": deck,
        "overview": overview,
        "odds_form": OddsForm(),
        "view": view,
        "views": DECK_VIEWS,
        "deck_boards": overview.boards_by_cost if view == "stacks-by-cost" else overview.boards,
        **context,
    }
    return render(request, f"{TEMPLATE}#{partial}" if partial else TEMPLATE, context)


def deck_view(data: QueryDict) -> str:
    """The deck pane's view a request asks for (`view`), the list when it names none we have."""
    view = data.get("view", "")
    return view if view in DECK_VIEWS else "list"


def shown_results(deck: Deck, card: Card, data: QueryDict) -> list[HeldCard]:
    """The held count of `card` to swap into its search result, if the page shows that
    result (`shown`: the slugs builder.js sends as the request leaves), else none."""
    shown = data.getlist("shown")[:SEARCH_RESULTS]
    return held_cards(deck, [card]) if card.slug in shown else []


def catalogue_search(request: HttpRequest, deck: Deck) -> dict[str, object]:
    """The catalogue's own filters (and search syntax) over the query string, each result
    with the copies the deck holds."""
    filterset = CardFilter(
        without_blanks(request.GET), queryset=Card.objects.with_catalogue_relations()
    )
    results = list(filterset.qs[:SEARCH_RESULTS]) if filterset.is_valid() else []
    return {
        "filterset": filterset,
        "results": held_cards(deck, results),
        "search_error": getattr(filterset, "search_error", None),
        "kinds": CardKind.choices,
        "realms": Realm.objects.all(),
    }


def without_blanks(query: QueryDict) -> QueryDict:
    """The query string minus empty values: the form's "Any" choices send them."""
    kept = QueryDict(mutable=True)
    for key, values in query.lists():
        if filled := [value for value in values if value.strip()]:
            kept.setlist(key, filled)
    return kept


@require_safe
def builder_search(request: HttpRequest, pk: int) -> HttpResponse:
    """The search results alone, for the search box's htmx requests."""
    deck = owned_deck(request, pk)
    context = {"deck": deck, **catalogue_search(request, deck)}
    return render(request, f"{TEMPLATE}#search_results", context)


@require_POST
@retry_when_busy
def builder_change(request: HttpRequest, pk: int) -> HttpResponse:
    """Add, remove, set or move copies of a card; answers with the refreshed deck."""
    deck = owned_deck(request, pk)
    form = SlotChangeForm(request.POST)
    error = ""
    status = 200
    changed = []
    note = ""
    home_realm = deck.home_realm_id
    if form.is_valid():
        try:
            note = slot_change_apply(deck=deck, **form.cleaned_data)
        except DeckChangeError as change_error:
            error = str(change_error)
        except OperationalError as busy:
            error, status = write_failed(busy), 503
        # The search result of the card shows its new count (an out-of-band swap).
        changed = shown_results(deck, form.cleaned_data["card"], request.POST)
    else:
        error = " ".join(message for messages_ in form.errors.values() for message in messages_)
    if not is_htmx(request):
        if error:
            messages.error(request, error)
        return redirect("decks:builder", pk=deck.pk)
    # 200 even for a refused change: htmx swaps only successes, and the pane shows the error.
    # A busy database is a 503 the builder swaps in too (see site.js's data-swap-statuses).
    response = builder_render(
        request,
        deck,
        partial="deck_update",
        change_error=error,
        change_note=note,
        changed=changed,
        view=deck_view(request.POST),
        **home_realm_declared(deck, before=home_realm),
    )
    return busy_marked(response, status)


@require_POST
@retry_when_busy
def builder_quick_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the copies one typed line names ("3 cinder hound"), up to the copy limit.

    Answers with the refreshed deck and a note of what went in. A line that cannot be
    added answers with the reason alone, swapped over the box's status (its text stays
    in the box): a 200, as a refused card change is, since htmx swaps successes and
    Chromium logs every 4xx as a console error; a busy database is a 503 there too."""
    deck = owned_deck(request, pk)
    form = QuickAddForm(request.POST)
    home_realm = deck.home_realm_id
    try:
        if not form.is_valid():
            raise DeckChangeError(" ".join(form.errors["line"]))
        added = deck_quick_add(deck=deck, line=form.cleaned_data["line"])
    except DeckChangeError as refused:
        return quick_add_refused(request, deck, str(refused), 200)
    except OperationalError as busy:
        return quick_add_refused(request, deck, write_failed(busy), 503)
    if not is_htmx(request):
        messages.success(request, added.summary)
        return redirect("decks:builder", pk=deck.pk)
    return builder_render(
        request,
        deck,
        partial="deck_update",
        quick_added=added.summary,
        changed=shown_results(deck, added.card, request.POST),
        view=deck_view(request.POST),
        **home_realm_declared(deck, before=home_realm),
    )


def quick_add_refused(request: HttpRequest, deck: Deck, reason: str, status: int) -> HttpResponse:
    """The quick-add box's status saying why nothing was added (htmx swaps it alone)."""
    if not is_htmx(request):
        messages.error(request, reason)
        return redirect("decks:builder", pk=deck.pk)
    response = render(request, f"{TEMPLATE}#quick_add_status", {"quick_add_error": reason})
    response["HX-Retarget"] = "#quick-add-status"
    response["HX-Reswap"] = "outerHTML"
    return busy_marked(response, status)


def home_realm_declared(deck: Deck, *, before: int | None) -> dict[str, object]:
    """When a change declared the deck's Home Realm (its first cards do, see decks.services),
    the settings form to swap in, showing it and the deck's new revision, and a note."""
    if deck.home_realm_id == before or deck.home_realm is None:
        return {}
    return {
        "settings_form": DeckSettingsForm(instance=deck),
        "home_realm_note": f"Home Realm: {deck.home_realm.name}, the realm of the first cards. "
        "Change it in the deck settings.",
    }


def slot_change_apply(*, deck: Deck, card: Card, board: str, action: str, count: int | None) -> str:
    """Turn one builder control into the matching service call; what to tell the player
    besides the new deck ("" for nothing).

    More copies are refused at the format's copy limit, by the rule validation uses."""
    if action == "move":
        to_board = Board.SIDE if board == Board.MAIN else Board.MAIN
        deck_move_card(deck=deck, card=card, from_board=board, to_board=to_board, count=1)
    elif action == "set":
        deck_set_slot(deck=deck, card=card, board=board, count=count)
    elif action == "add":
        deck_add_copy(deck=deck, card=card, board=board)
    elif action == "max":
        return deck_add_copies(deck=deck, card=card, board=board, count=None).summary
    else:
        deck_adjust_slot(deck=deck, card=card, board=board, delta=-1)
    return ""


@require_POST
@retry_when_busy
def builder_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Autosave the settings the player changed (name, description, Home Realm, format,
    visibility), refused with a 409 when the deck changed since the page was loaded."""
    deck = owned_deck(request, pk)
    # The form validates a copy: a rejected change must not leak into the page's deck.
    form = DeckSettingsForm(request.POST, instance=Deck.objects.get(pk=deck.pk))
    based_on = BasedOnForm(request.POST)
    outcome, status, form_revision = "", 200, None
    if not based_on.is_valid():
        # A page from before revisions existed, or a tampered one: it stays refused.
        outcome, status, form_revision = "stale", 409, ""
        form.add_error(None, "This page is out of date: reload it, then make your change again.")
    elif form.is_valid():
        # Only what this tab changed: an untouched field never overwrites another tab's edit.
        changed = {field: form.cleaned_data[field] for field in form.changed_data}
        try:
            deck = deck_update(deck=deck, based_on=based_on.cleaned_data["revision"], **changed)
            outcome = "saved"
        except DeckStaleError as stale:
            # The form keeps the stale revision, so saving again from this page stays refused.
            outcome, status = "stale", 409
            form.add_error(None, str(stale))
            form_revision = based_on.cleaned_data["revision"]
        except DeckChangeError as error:
            form.add_error(None, str(error))
        except OperationalError as busy:
            outcome, status = "busy", 503
            form.add_error(None, write_failed(busy))
    if not is_htmx(request):
        for error in form.non_field_errors():
            messages.error(request, error)
        return redirect("decks:builder", pk=deck.pk)
    response = builder_render(
        request,
        deck,
        partial="settings_update",
        settings_form=form,
        outcome=outcome,
        form_revision=form_revision,
    )
    return busy_marked(response, status)


def busy_marked(response: HttpResponse, status: int) -> HttpResponse:
    """The response with its status, and a Retry-After when the database was busy."""
    response.status_code = status
    if status == 503:
        response["Retry-After"] = RETRY_AFTER
    return response
