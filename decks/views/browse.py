"""Deck lists and the deck page: public browsing and search, "my decks", one deck."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from decks.forms import DeckBrowseForm
from decks.io.exporting import deck_export
from decks.models import Deck
from decks.views.access import viewable_deck
from decks.views.insights import overview_with_odds

DECKS_PER_PAGE = 30


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
        decks = decks.searched(
            name=search["q"], realm=search["realm"], format=search["format"], card=search["card"]
        )
    page = Paginator(decks.with_list_columns(), DECKS_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "decks/browse.html", {"form": form, "page": page})


@login_required
def mine(request: HttpRequest) -> HttpResponse:
    """The user's own decks, every visibility."""
    decks = Deck.objects.owned_by(request.user).with_list_columns()
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
