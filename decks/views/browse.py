"""Deck lists and the deck page: public browsing and search, "my decks", one deck."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Q, QuerySet, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from cards.models import Card
from decks.forms import DeckBrowseForm
from decks.io.exporting import deck_export
from decks.models import Board, Deck, DeckSlot
from decks.views.access import viewable_deck
from decks.views.insights import overview_with_odds

DECKS_PER_PAGE = 30


def with_list_columns(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """What a deck list row shows, in one query: owner, format, realm, main-deck size."""
    return (
        decks.select_related("owner", "format", "home_realm")
        .annotate(main_total=Sum("slots__count", filter=Q(slots__board=Board.MAIN)))
        # An aggregate drops Meta.ordering, and paging needs a stable order.
        .order_by("-updated_at", "-pk")
    )


def decks_using(card: Card) -> QuerySet[Deck]:
    """Public decks holding the card, in the main deck or the sideboard."""
    return Deck.objects.listed().filter(pk__in=card.deck_slots.values("deck_id"))


@require_safe
def browse(request: HttpRequest) -> HttpResponse:
    """Public decks, searchable by name, Home Realm, format and a card they contain."""
    form = DeckBrowseForm(request.GET or None)
    decks = Deck.objects.listed()
    if form.is_bound and not form.is_valid():
        # A search that cannot be read lists nothing, beside the form's errors.
        decks = decks.none()
    elif form.is_valid():
        search = form.cleaned_data
        if search["q"]:
            decks = decks.filter(name__icontains=search["q"])
        if search["realm"]:
            decks = decks.filter(home_realm=search["realm"])
        if search["format"]:
            decks = decks.filter(format=search["format"])
        if search["card"]:
            holding = DeckSlot.objects.filter(
                Q(card__name__iexact=search["card"]) | Q(card__slug=search["card"])
            )
            decks = decks.filter(pk__in=holding.values("deck_id"))
    page = Paginator(with_list_columns(decks), DECKS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/browse.html", {"form": form, "page": page})


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    """The user's own decks, every visibility."""
    decks = with_list_columns(Deck.objects.filter(owner=request.user))
    return render(request, "decks/mine.html", {"decks": decks})


@require_safe
def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The deck page: lists, validation, statistics, odds, sample hand, sharing and export."""
    deck = viewable_deck(request, pk)
    overview, odds_form = overview_with_odds(request, deck)
    context = {
        "deck": deck,
        "overview": overview,
        "odds_form": odds_form,
        "is_owner": deck.owner_id == request.user.pk,
        "deck_code": deck_export(deck, "code"),
    }
    return render(request, "decks/deck_detail.html", context)
