"""The odds panel and the sample-hand drawer, for the deck page and the builder alike."""

from __future__ import annotations

import random

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from decks.decklist import deck_entries
from decks.forms import OddsForm
from decks.models import Board
from decks.odds import draw_sample_hand
from decks.overview import deck_overview
from decks.views.access import viewable_deck


def draw_odds(request: HttpRequest, pk: int) -> HttpResponse:
    """The odds table for the turn and cards-played-per-turn the reader chose."""
    deck = viewable_deck(request, pk)
    form = OddsForm(request.GET)
    if form.is_valid():
        overview = deck_overview(
            deck, turn=form.cleaned_data["turn"], played_per_turn=form.cleaned_data["played"]
        )
    else:
        overview = deck_overview(deck)
    context = {"deck": deck, "overview": overview, "odds_form": form}
    return render(request, "decks/_panels.html#odds", context, status=200)


def sample_hand(request: HttpRequest, pk: int) -> HttpResponse:
    """Seven cards from a new shuffle of the main deck on every click."""
    deck = viewable_deck(request, pk)
    main = [(e.card, e.count) for e in deck_entries(deck) if e.board == Board.MAIN]
    # A fresh, OS-seeded generator per request: a page aid, not the game engine.
    hand = draw_sample_hand(main, random.SystemRandom())
    return render(request, "decks/_panels.html#sample_hand", {"deck": deck, "hand": hand})
