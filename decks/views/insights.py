"""The odds panel and the sample-hand drawer, for the deck page and the builder alike."""

from __future__ import annotations

import random

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from decks.decklist import deck_entries
from decks.forms import OddsForm
from decks.models import Board, Deck
from decks.odds import draw_sample_hand
from decks.overview import DeckOverview, deck_overview
from decks.throttling import expensive_page
from decks.views.access import viewable_deck


def overview_with_odds(request: HttpRequest, deck: Deck) -> tuple[DeckOverview, OddsForm]:
    """The deck's overview priced for the turn and cards played the query string asks for.

    Without ``turn`` in the query the defaults apply; invalid numbers keep the
    defaults too, and the returned form carries the errors to show.
    """
    if "turn" not in request.GET:
        return deck_overview(deck), OddsForm()
    form = OddsForm(request.GET)
    if not form.is_valid():
        return deck_overview(deck), form
    assumptions = form.cleaned_data
    overview = deck_overview(deck, turn=assumptions["turn"], played_per_turn=assumptions["played"])
    return overview, form


@require_safe
@expensive_page
def draw_odds(request: HttpRequest, pk: int) -> HttpResponse:
    """The odds table alone, for the odds form's htmx requests."""
    deck = viewable_deck(request, pk)
    overview, form = overview_with_odds(request, deck)
    context = {"deck": deck, "overview": overview, "odds_form": form}
    return render(request, "decks/_panels.html#odds", context)


@require_safe
def sample_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """An opening hand from a new shuffle of the main deck on every click (the whole deck
    when the format draws none)."""
    deck = viewable_deck(request, pk)
    main = [(e.card, e.count) for e in deck_entries(deck) if e.board == Board.MAIN]
    size = deck.format.opening_hand or sum(count for _card, count in main)
    # A fresh, OS-seeded generator per request: a page aid, not the game engine.
    hand = draw_sample_hand(main, random.SystemRandom(), size)
    return render(request, "decks/_panels.html#sample_hand", {"deck": deck, "hand": hand})
