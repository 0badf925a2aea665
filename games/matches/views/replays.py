"""Replays: step through a match, download its record, import one, attach notes."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from decks.views.busy import retry_when_busy
from games.matches.errors import MatchError
from games.matches.limits import NEW_MATCHES, NOTES, limit_refusal, replay_states_throttled
from games.matches.replays import (
    MAX_REPLAY_FILE_BYTES,
    MAX_REPLAY_REQUEST_BYTES,
    replay_document,
    replay_import,
)
from games.matches.screens import replay_screen_for
from games.matches.seats import seats_of
from games.matches.services import match_note_add
from games.matches.views.access import visible_match
from games.models import MatchNote, Status
from shen_site.body_limit import body_limit
from shen_site.record_numbers import whole_number


@require_safe
@replay_states_throttled
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """State ``?at=`` of the match (default: the last), with back, forward and a slider."""
    match = visible_match(request, pk)
    if match.status == Status.WAITING:
        raise Http404("This match has no replay yet: it starts when your friend joins.")
    number = whole_number(request.GET.get("at", match.number))
    number = match.number if number is None else min(number, match.number)
    screen = replay_screen_for(match, request.user, number)
    notes = MatchNote.objects.filter(match=match, number=number).select_related("author")
    # Every state with a note, so a play-tester finds them without stepping through.
    noted = MatchNote.objects.filter(match=match).values_list("number", flat=True)
    context = {
        "match": match,
        "screen": screen,
        "notes": notes,
        "noted": sorted(set(noted)),
        "at": number,
        "may_note": bool(seats_of(match, request.user)) or request.user.pk == match.owner_id,
    }
    template = (
        "games/replay.html#viewer" if request.headers.get("HX-Request") else "games/replay.html"
    )
    response = render(request, template, context)
    # Like the table: a player's view of their hands, never kept by a browser or a proxy.
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def replay_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The record as a JSON file, once the match is over (before, it would show hidden cards)."""
    match = visible_match(request, pk)
    if not match.is_over:
        raise Http404("A match's replay file is available once it is over.")
    response = JsonResponse(replay_document(match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="shen-match-{match.pk}.json"'
    response["Cache-Control"] = "no-store"
    return response


@body_limit(MAX_REPLAY_REQUEST_BYTES)
@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@retry_when_busy
def replay_import_page(request: HttpRequest) -> HttpResponse:
    """Upload a replay file to watch it."""
    error, status = "", 200
    if request.method == "POST" and (refusal := limit_refusal(request, NEW_MATCHES)):
        return refusal
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if upload is None or upload.size > MAX_REPLAY_FILE_BYTES:
                raise MatchError("Choose a replay file (JSON, at most 5 MB).")
            document = json.loads(upload.read())
            match = replay_import(owner=request.user, document=document)
        except (ValueError, RecursionError) as refused:
            # MatchError, and JSON that does not parse or is not UTF-8.
            error, status = _reason(refused), 400
        else:
            return redirect("matches:replay", match.pk)
    return render(request, "games/replay_import.html", {"error": error}, status=status)


def _reason(error: Exception) -> str:
    if isinstance(error, MatchError):
        return str(error)
    return "This file is not JSON."


@require_POST
@login_required
@retry_when_busy
def note_add(request: HttpRequest, pk: int) -> HttpResponse:
    """A play-test note on one state of the match."""
    match = visible_match(request, pk)
    if refusal := limit_refusal(request, NOTES):
        return refusal
    try:
        number = whole_number(request.POST.get("number", ""))
        if number is None:
            raise ValueError("not a state number")
        match_note_add(
            match=match, user=request.user, number=number, text=request.POST.get("text", "")
        )
    except ValueError as refused:
        messages.error(
            request, str(refused) if isinstance(refused, MatchError) else "Bad state number."
        )
        number = match.number
    return redirect(f"/games/{match.pk}/replay/?at={number}")
