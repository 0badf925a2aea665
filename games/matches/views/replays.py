"""Replays: step through a match, download its record, import one, attach notes."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    JsonResponse,
)
from django.shortcuts import redirect, render
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from decks.views.busy import retry_when_busy
from games.matches.errors import MatchError
from games.matches.limits import (
    NEW_MATCHES,
    NOTES,
    limit_refusal,
    replay_states_throttled,
    replay_windows_throttled,
)
from games.matches.replays import (
    MAX_REPLAY_FILE_BYTES,
    MAX_REPLAY_REQUEST_BYTES,
    replay_document,
    replay_import,
)
from games.matches.screens import Screen, replay_screen_for, replay_screens_for
from games.matches.seats import seats_of
from games.matches.services import match_note_add
from games.matches.views.access import visible_match
from games.matches.whole_log import whole_log_for
from games.models import Match, MatchNote, Status
from games.play import RecordMismatch
from shen_site.body_limit import body_limit
from shen_site.record_numbers import whole_number

# The most states one window of a replay holds (replay_window).
WINDOW_STATES = 12


# Compressed: the whole log, and a window's twelve boards, say much the same again (a
# window of 350 KB is 10 KB compressed). Django's gzip pads each answer against BREACH,
# and the CSRF token is masked anew in each.
@gzip_page
@require_safe
@replay_states_throttled
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """State ``?at=`` of the match (default: the last), with back, forward, the turns before
    and after, a slider marked where notes are, and the whole log beside the board."""
    match = _replayed_match(request, pk)
    number = whole_number(request.GET.get("at", match.number))
    number = match.number if number is None else min(number, match.number)
    screen = replay_screen_for(match, request.user, number)
    log = whole_log_for(match, request.user)
    notes = _notes_by_state(match)
    context = {
        "match": match,
        "log": log,
        "turn_before": log.turn_before(number),
        "turn_after": log.turn_after(number),
        "window_states": WINDOW_STATES,
        **_state_context(match, request.user, screen, notes),
    }
    return _no_store(render(request, "games/replay.html", context))


@gzip_page
@require_safe
@replay_windows_throttled
def replay_window(request: HttpRequest, pk: int) -> HttpResponse:
    """States ``?from=`` to ``?to=`` (at most WINDOW_STATES of them; past the last state,
    up to it) of the replay, each as the page draws it in a ``<template>``: the page keeps
    them and steps through them without asking (static/js/replay.js)."""
    match = _replayed_match(request, pk)
    first = whole_number(request.GET.get("from", ""))
    last = whole_number(request.GET.get("to", ""))
    if first is None or last is None or first > last or first > match.number:
        return HttpResponseBadRequest(
            f"Ask for states from= to= (whole numbers from 0 to {match.number}).",
            content_type="text/plain",
        )
    last = min(last, first + WINDOW_STATES - 1, match.number)
    try:
        screens = replay_screens_for(match, request.user, first, last)
    except RecordMismatch as mismatch:
        return HttpResponse(str(mismatch), status=409, content_type="text/plain")
    notes = _notes_by_state(match)
    states = [_state_context(match, request.user, screen, notes) for screen in screens]
    return _no_store(render(request, "games/replay_window.html", {"states": states}))


def _replayed_match(request: HttpRequest, pk: int) -> Match:
    match = visible_match(request, pk)
    if match.status == Status.WAITING:
        raise Http404("This match has no replay yet: it starts when your friend joins.")
    return match


def _notes_by_state(match: Match) -> dict[int, list[MatchNote]]:
    """Every note of the match (at most MAX_NOTES_PER_MATCH), by the state it is on."""
    notes: dict[int, list[MatchNote]] = {}
    for note in MatchNote.objects.filter(match=match).select_related("author"):
        notes.setdefault(note.number, []).append(note)
    return notes


def _state_context(match: Match, user, screen: Screen, notes: dict) -> dict[str, Any]:
    """What the replay draws of one state (games/_replay_state.html)."""
    return {
        "match": match,
        "screen": screen,
        "at": screen.number,
        "notes": notes.get(screen.number, ()),
        # Every state with a note, so a play-tester finds them without stepping through.
        "noted": sorted(notes),
        "may_note": bool(seats_of(match, user)) or user.pk == match.owner_id,
    }


def _no_store(response: HttpResponse) -> HttpResponse:
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
