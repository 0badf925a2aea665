"""Sharing a deck: the link is the deck page (by share token when unlisted); others may copy it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.services import DeckChangeError, deck_copy
from decks.views.access import viewable_deck


@require_POST
def copy(request: HttpRequest, pk: int) -> HttpResponse:
    """A private copy of a deck the user can see, opened in the builder."""
    deck = viewable_deck(request, pk)
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("decks:detail", args=[deck.link_key]))
    try:
        copied = deck_copy(deck=deck, owner=request.user)
    except DeckChangeError as error:
        messages.error(request, str(error))
        return redirect("decks:detail", pk=deck.link_key)
    messages.success(request, f"Copied {deck.name} to your decks.")
    return redirect("decks:builder", pk=copied.pk)
