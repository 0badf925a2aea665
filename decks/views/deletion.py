"""Deleting a deck (after a confirmation page), "Recently deleted", and bringing one back."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from decks.models import DELETED_DECKS_KEPT, Deck
from decks.services import DeckChangeError, deck_delete, deck_undelete
from decks.views.access import deleted_deck, owned_deck
from decks.views.busy import retry_when_busy


@require_http_methods(["GET", "HEAD", "POST"])
@retry_when_busy
def deck_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Ask first (GET); on POST move the deck to "Recently deleted" for 30 days."""
    deck = owned_deck(request, pk)
    if request.method != "POST":
        return render(
            request, "decks/deck_delete.html", {"deck": deck, "days": DELETED_DECKS_KEPT.days}
        )
    deck_delete(deck=deck)
    messages.success(
        request,
        f"Deleted {deck.name}. You can bring it back from Recently deleted "
        f"for {DELETED_DECKS_KEPT.days} days.",
    )
    return redirect("decks:mine")


@login_required
@require_safe
def deleted(request: HttpRequest) -> HttpResponse:
    """The user's deleted decks, each with the day it goes for good and a Restore button."""
    decks = Deck.objects.deleted().filter(owner=request.user).select_related("format")
    return render(request, "decks/deleted.html", {"decks": decks, "days": DELETED_DECKS_KEPT.days})


@require_POST
@retry_when_busy
def deck_bring_back(request: HttpRequest, pk: int) -> HttpResponse:
    """Restore a deleted deck as it was; it opens again where it was shared."""
    deck = deleted_deck(request, pk)
    try:
        deck_undelete(deck=deck)
    except DeckChangeError as error:
        messages.error(request, str(error))
        return redirect("decks:deleted")
    messages.success(request, f"Restored {deck.name}.")
    return redirect("decks:detail", deck.link_key)
