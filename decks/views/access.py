"""Which deck a request may see or change: everything else is a 404, never a hint."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from decks.models import Deck


def viewable_deck(request: HttpRequest, pk: int) -> Deck:
    """A deck the user may open: their own, or an unlisted or public one."""
    decks = Deck.objects.visible_to(request.user).select_related("owner", "format", "home_realm")
    return get_object_or_404(decks, pk=pk)


def owned_deck(request: HttpRequest, pk: int) -> Deck:
    """A deck the user owns; another's deck is "not found", even when it is public."""
    if not request.user.is_authenticated:
        raise Http404("No such deck.")
    decks = Deck.objects.filter(owner=request.user).select_related("owner", "format", "home_realm")
    return get_object_or_404(decks, pk=pk)
