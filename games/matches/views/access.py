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
    """The session key holding the hot-seat seat that holds this device, and at which state."""
    return f"games.revealed.{match.pk}"


def device_holder(request: HttpRequest, match: Match) -> int | None:
    """Hot-seat: the seat known to hold this device at the match's current state (it
    answered the last decision here, or took the device at this state), else None."""
    held = request.session.get(revealed_key(match))
    if isinstance(held, list) and len(held) == 2 and held[1] == match.number:
        return held[0]
    return None


def device_given(request: HttpRequest, match: Match, seat: int | None) -> None:
    """Hot-seat: ``seat`` holds this device at the match's current state (None: unknown)."""
    if seat is None:
        request.session.pop(revealed_key(match), None)
    else:
        request.session[revealed_key(match)] = [seat, match.number]
