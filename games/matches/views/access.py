"""Which match a request may open: anything else is a 404, never a hint."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.matches.seats import may_see
from games.models import Match


def visible_match(request: HttpRequest, pk: int) -> Match:
    """The match, if the user plays in it or it is a finished match between public decks."""
    try:
        # get(), not filter().first(): first() orders by the model's ordering, and compiling
        # that ORDER BY cost a third of the read.
        match = Match.objects.for_play().get(pk=pk)
    except Match.DoesNotExist:
        raise Http404("No such match.") from None
    if not may_see(match, request.user):
        raise Http404("No such match.")
    return match


def revealed_key(match: Match) -> str:
    """The session key holding the hot-seat side last shown on this device."""
    return f"games.revealed.{match.pk}"
