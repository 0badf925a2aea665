"""Which match a request may open: anything else is a 404, never a hint."""

from __future__ import annotations

from django.http import Http404, HttpRequest

from games.models import Match
from games.services import may_see


def visible_match(request: HttpRequest, pk: int) -> Match:
    """The match, if the user plays in it or it is a finished match between public decks."""
    match = Match.objects.for_play().filter(pk=pk).first()
    if match is None or not may_see(match, request.user):
        raise Http404("No such match.")
    return match


def revealed_key(match: Match) -> str:
    """The session key holding the hot-seat side last shown on this device."""
    return f"games.revealed.{match.pk}"
