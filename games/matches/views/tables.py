"""The match pages: my matches, the table, and the posts that play it.

The table polls ``live/`` every 1.5 s with the ETag it was drawn from; the answer
is 304 (nothing changed, nothing sent) until the match moves, then the new table.
Posts answer with the table too (htmx swaps it in, errors included, with the
status saying what went wrong); without htmx they redirect back to the page.

A table drawn while the bot is to decide says it is thinking and polls
``live/?waiting=bot``: the bot's task writes its moves as it goes, and such a poll,
or opening the page, queues the task again if none is known to be on it
(``games.matches.bot_turns``), so a lost task never stalls a match. Once the bot has gone
``UNANSWERED_SECONDS`` without a move, nothing is taking its tasks: the table says
so, offers its players to have the bot move in their request, and polls
``live/?waiting=bot-unanswered``, a poll that answers with the table when what it
shows is no longer so.

Hot-seat: the session remembers which seat holds the device, and at which state (an
answer gives it to the seat that answered, "I am Blue: show my side" to Blue); the
screens decide from it when to hand over (``games.matches.screens``). Whether the board
turns to the side on the screen is a setting of the device: the cookie ``BOARD_COOKIE``.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from decks.views.busy import retry_when_busy
from games.matches.bot_turns import (
    UNANSWERED_SECONDS,
    bot_to_decide,
    bot_turns_play_here,
    bot_turns_resume,
    bot_unanswered,
)
from games.matches.errors import MatchError, MatchStale
from games.matches.post_game import PostGame, post_game_for
from games.matches.records import game_of, match_position
from games.matches.screens import screen_for
from games.matches.seats import may_see, seats_of
from games.matches.services import match_act, match_resign, match_undo, match_undo_answer
from games.matches.views.access import device_given, device_holder, visible_match
from games.models import Match, Mode
from games.play import RecordMismatch
from shen_site.record_numbers import whole_number

POLL_MILLISECONDS = 1500
# The query a table drawn with the bot to decide polls with (see the module's docstring),
# and the one it polls with once it says the bot's service is not answering.
WAITING_FOR_THE_BOT = "bot"
WAITING_UNANSWERED = "bot-unanswered"
# Hot-seat: "still" keeps the board on Red's side on this device, for every match on it
# (a device on a table between two players, or facing both); else it turns to the side on
# the screen. A cookie, not the match: it is the device's way of being looked at.
BOARD_COOKIE = "shen_board"
BOARD_STILL = "still"
BOARD_COOKIE_SECONDS = 365 * 24 * 60 * 60
# What the idle check reads: who may see the match, and its ETag.
LIVE_FIELDS = (
    "number",
    "revision",
    "status",
    "updated_at",
    "owner",
    "red_user",
    "blue_user",
    "red_deck__visibility",
    "blue_deck__visibility",
)


@require_safe
@login_required
def match_list(request: HttpRequest) -> HttpResponse:
    """The matches I created or play in."""
    matches = Match.objects.of_player(request.user).with_people()[:100]
    rows = [(match, match.deck_names_seen_by(request.user)) for match in matches]
    return render(request, "games/match_list.html", {"rows": rows})


@require_safe
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The table of a match (a finished one opens on its replay)."""
    match = visible_match(request, pk)
    return table_render(request, match, template="games/match_page.html")


@require_safe
def match_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The table, or 304 while the match is as the client last saw it (one small query;
    waiting for the bot, a cache read more, and the bot's task queued again if it was lost;
    the table again once the bot has gone unanswered, to say so)."""
    tags = _tags(request.headers.get("If-None-Match", ""))
    if tags:
        light = Match.objects.only(*LIVE_FIELDS).select_related("red_deck", "blue_deck")
        match = light.filter(pk=pk).first()
        if match is not None and match.etag in tags and may_see(match, request.user):
            waiting = request.GET.get("waiting")
            # The same state the client drew the bot thinking on: still the bot's decision.
            thinking = waiting in (WAITING_FOR_THE_BOT, WAITING_UNANSWERED)
            # The bot may answer in this request (the broker down): then the table is new.
            answered = thinking and bot_turns_resume(match.pk, match.number)
            told = waiting == WAITING_UNANSWERED
            if not answered and told == (thinking and bot_unanswered(match)):
                response = HttpResponseNotModified()
                response["ETag"] = match.etag
                return response
    return table_render(request, visible_match(request, pk))


def _tags(header: str) -> set[str]:
    return {tag.strip() for tag in header.split(",") if tag.strip()}


def table_render(
    request: HttpRequest,
    match: Match,
    *,
    template: str = "games/_live.html",
    error: str = "",
    status: int = 200,
    turned: bool | None = None,
) -> HttpResponse:
    """The table as this user sees it (``template``: the whole page or the polled part).
    With the bot to decide and no task known to be on it, its task is queued again.
    ``turned``: the board setting just chosen (else this device's, from its cookie)."""
    if turned is None:
        turned = request.COOKIES.get(BOARD_COOKIE) != BOARD_STILL
    screen, error, status = _screen(request, match, error, status, turned)
    thinking = screen is not None and bot_to_decide(match, screen.acting)
    if thinking and bot_turns_resume(match.pk, match.number):  # it answered here
        match.refresh_from_db()
        screen, error, status = _screen(request, match, error, status, turned)
        thinking = screen is not None and bot_to_decide(match, screen.acting)
    unanswered = thinking and bot_unanswered(match)
    post_game = _post_game(request, match) if screen is not None and match.is_over else None
    live = reverse("matches:live", args=[match.pk])
    if thinking:
        live += f"?waiting={WAITING_UNANSWERED if unanswered else WAITING_FOR_THE_BOT}"
    context = {
        "match": match,
        "screen": screen,
        "error": error,
        "seats": seats_of(match, request.user),
        "bot_thinking": thinking,
        "bot_unanswered": unanswered,
        "unanswered_seconds": UNANSWERED_SECONDS,
        "live_url": live,
        # In play the table follows the match; once it is over, a friend's page only looks
        # for a rematch (games.matches.post_game).
        "poll_ms": POLL_MILLISECONDS if not match.is_over else post_game and post_game.poll_ms,
        "post_game": post_game,
        "live_headers": json.dumps({"If-None-Match": match.etag}),
        "board_turned": turned,
    }
    response = render(request, template, context, status=status)
    response["ETag"] = match.etag
    response["Cache-Control"] = "no-store"
    return response


def _post_game(request: HttpRequest, match: Match) -> PostGame | None:
    try:
        return post_game_for(match, request.user)
    except RecordMismatch:
        return None


def _screen(request: HttpRequest, match: Match, error: str, status: int, turned: bool):
    """The viewer's screen, or None with the reason (409) when the record does not replay."""
    try:
        holder = device_holder(request, match)
        screen = screen_for(match, request.user, revealed=holder, turned=turned)
    except RecordMismatch as mismatch:
        return None, str(mismatch), 409
    return screen, error, status


def _posted(service: Callable[[HttpRequest, Match], None]):
    """A post that changes a match: runs ``service``, answers with the table (htmx) or a
    redirect to the page; a refusal keeps its status and shows its reason."""

    @require_POST
    @login_required
    @retry_when_busy
    def view(request: HttpRequest, pk: int) -> HttpResponse:
        match = visible_match(request, pk)
        error, status = "", 200
        try:
            service(request, match)
        except MatchStale as stale:
            match, error, status = stale.match, str(stale), stale.status
        except MatchError as refused:
            error, status = str(refused), refused.status
            match = visible_match(request, pk)
        if request.headers.get("HX-Request"):
            return table_render(request, match, error=error, status=status)
        if error:
            messages.error(request, error)
        return redirect("matches:detail", match.pk)

    view.__doc__ = service.__doc__
    return view


def _act(request: HttpRequest, match: Match) -> None:
    """Play the chosen action on the state it was chosen on."""
    try:
        action = json.loads(request.POST.get("action", ""))
    except (ValueError, RecursionError):
        action = None
    number = whole_number(request.POST.get("number", ""))
    if action is None or number is None:
        raise MatchError("Send an action (JSON) and the state number it was chosen on.")
    answering = _acting(match) if match.mode == Mode.HOTSEAT else None
    match_act(match=match, user=request.user, action=action, number=number)
    if match.mode == Mode.HOTSEAT:
        # Whoever answered holds the device: their next decision needs no hand-over.
        device_given(request, match, answering)


def _acting(match: Match) -> int | None:
    """The seat to decide (None when the record does not replay: the act refuses it)."""
    try:
        return game_of(match).acting_seat(match_position(match).state)
    except RecordMismatch:
        return None


def _resign(request: HttpRequest, match: Match) -> None:
    """Give up the match."""
    match_resign(match=match, user=request.user)


def _undo(request: HttpRequest, match: Match) -> None:
    """Take back my last decision (in a friend match: ask the opponent)."""
    match_undo(match=match, user=request.user)
    if match.mode == Mode.HOTSEAT:
        # Either player may have pressed it: the next hand is shown after a hand-over.
        device_given(request, match, None)


def _undo_answer(request: HttpRequest, match: Match) -> None:
    """Accept or decline the opponent's undo request."""
    match_undo_answer(match=match, user=request.user, accept=request.POST.get("accept") == "yes")


def _bot_move_here(request: HttpRequest, match: Match) -> None:
    """Have the bot, whose service is not answering, move in this request."""
    bot_turns_play_here(match=match, user=request.user)


def _reveal(request: HttpRequest, match: Match) -> None:
    """Hot-seat: the next player has the device; show their side."""
    if match.mode != Mode.HOTSEAT or not seats_of(match, request.user):
        raise MatchError("Only a hot-seat match hands the device over.")
    seat = request.POST.get("seat")
    if seat not in ("0", "1"):
        raise MatchError("Say which side has the device: 0 (Red) or 1 (Blue).")
    device_given(request, match, int(seat))


@require_POST
@login_required
def match_board_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Hot-seat: keep the board on Red's side on this device (``board=still``) or turn it
    to the side on the screen (anything else); kept in a cookie, for every match."""
    match = visible_match(request, pk)
    turned = request.POST.get("board") != BOARD_STILL
    if request.headers.get("HX-Request"):
        response = table_render(request, match, turned=turned)
    else:
        response = redirect("matches:detail", match.pk)
    response.set_cookie(
        BOARD_COOKIE,
        "turned" if turned else BOARD_STILL,
        max_age=BOARD_COOKIE_SECONDS,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )
    return response


match_act_view = _posted(_act)
match_resign_view = _posted(_resign)
match_undo_view = _posted(_undo)
match_undo_answer_view = _posted(_undo_answer)
match_reveal_view = _posted(_reveal)
match_bot_move_view = _posted(_bot_move_here)
