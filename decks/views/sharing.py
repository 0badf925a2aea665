"""Sharing a deck: the link is the deck page (by share token when unlisted); others may copy
it; its owner may replace the secret link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.services import DeckChangeError, deck_copy, deck_new_share_link
from decks.views.access import owned_deck, viewable_deck
from decks.views.busy import retry_when_busy


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


@require_POST
@retry_when_busy
def new_share_link(request: HttpRequest, pk: int) -> HttpResponse:
    """The owner replaces the deck's secret link (say, after sharing it too widely)."""
    deck = owned_deck(request, pk)
    try:
        deck_new_share_link(deck=deck)
    except DeckChangeError as error:
        messages.error(request, str(error))
        return redirect("decks:mine")
    messages.success(request, "New link made: the old link no longer opens this deck.")
    return redirect("decks:detail", pk=deck.link_key)
