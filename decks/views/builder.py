"""The live deck builder: catalogue search on the left, the deck on the right.

Every change is an htmx POST that calls a service from decks/services.py and
answers with the deck pane plus out-of-band swaps of the summary (totals and
validation) and the insights (statistics and odds), so there is no save button.
Without JavaScript the settings form still posts and redirects back to the
builder; the card controls need htmx (the vendored static/js/htmx.min.js).
The odds panel re-renders with the default turn after each change.
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
from decks.forms import BasedOnForm, DeckSettingsForm, OddsForm, SlotChangeForm
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
    deck_set_slot,
    deck_update,
)
from decks.validation import CopyLimit, copy_limits
from decks.views.access import owned_deck
from decks.views.busy import RETRY_AFTER, retry_when_busy, write_failed

SEARCH_RESULTS = 25
TEMPLATE = "decks/builder.html"


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
        **catalogue_search(request, deck),
    )


def builder_render(
    request: HttpRequest, deck: Deck, *, partial: str = "", **context: object
) -> HttpResponse:
    """The builder page, or one of its partials, with the deck's fresh overview and odds form."""
    context = {"deck": deck, "overview": deck_overview(deck), "odds_form": OddsForm(), **context}
    return render(request, f"{TEMPLATE}#{partial}" if partial else TEMPLATE, context)


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
        changed = held_cards(deck, [form.cleaned_data["card"]])
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
        **home_realm_declared(deck, before=home_realm),
    )
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
