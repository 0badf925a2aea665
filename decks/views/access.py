"""Which deck a request may see or change: everything else is a 404, never a hint."""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from decks.models import Deck


def viewable_deck(request: HttpRequest, pk: int | str) -> Deck:
    """A deck the user may open: by number their own or a public one; by share token
    (a `str` from the /decks/s/<token>/ URLs) an unlisted or public one.

    An unlisted deck's number opens it for its owner only: numbers can be counted."""
    decks = Deck.objects.select_related("owner", "format", "home_realm")
    if isinstance(pk, str):
        return get_object_or_404(decks.shared(pk))
    return get_object_or_404(decks.visible_to(request.user), pk=pk)


def owned_deck(request: HttpRequest, pk: int) -> Deck:
    """A deck the user owns; another's deck is "not found", even when it is public."""
    decks = Deck.objects.owned_by(request.user).select_related("owner", "format", "home_realm")
    return get_object_or_404(decks, pk=pk)


def deleted_deck(request: HttpRequest, pk: int) -> Deck:
    """One of the user's decks in "Recently deleted"."""
    if not request.user.is_authenticated:
        raise Http404("No such deck.")
    return get_object_or_404(Deck.objects.deleted().filter(owner=request.user), pk=pk)
