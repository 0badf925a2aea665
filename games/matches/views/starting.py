"""Starting a match from a deck, taking up a friend's invitation, asking for a rematch."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from decks.models import Deck
from decks.validation import validate_deck
from decks.views.busy import retry_when_busy
from games.matches.errors import DeckNotValid, MatchError
from games.matches.forms import MatchStartForm
from games.matches.limits import NEW_MATCHES, limit_refusal
from games.matches.services import match_create, match_join, match_rematch
from games.matches.views.access import visible_match
from games.models import Match, Status
from games.rulesets import deck_rulesets, no_ruleset_message
from shen_site.record_numbers import record_number


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@retry_when_busy
def match_new(request: HttpRequest) -> HttpResponse:
    """The start form for one of my decks or a public one (``?deck=<id>``); a deck that
    breaks its format gets its violations listed instead of a match."""
    if request.method == "POST" and (refusal := limit_refusal(request, NEW_MATCHES)):
        return refusal
    deck = _startable_deck(request)
    violations = validate_deck(deck)
    form = MatchStartForm(request.POST or None, user=request.user, deck=deck)
    unplayable = "" if form.fields["ruleset"].choices else no_ruleset_message(deck.format)
    status = 200
    if request.method == "POST" and not violations and not unplayable and form.is_valid():
        data = form.cleaned_data
        try:
            match = match_create(
                owner=request.user,
                deck=deck,
                mode=data["opponent"],
                opponent_deck=data["opponent_deck"],
                bot_name=data["bot"] or "random",
                ruleset=data["ruleset"],
                options=form.options(),
                seed=data["seed"],
                first_turn=data["first_turn"],
            )
        except DeckNotValid as invalid:
            form.add_error(None, f"{invalid} " + " ".join(v.message for v in invalid.violations))
            status = 400
        except MatchError as refused:
            form.add_error(None, str(refused))
            status = 400
        else:
            return redirect("matches:detail", match.pk)
    elif request.method == "POST":
        status = 400
    context = {"deck": deck, "violations": violations, "form": form, "unplayable": unplayable}
    return render(request, "games/match_new.html", context, status=status)


def _startable_deck(request: HttpRequest) -> Deck:
    pk = record_number(request.GET.get("deck", ""))
    if pk is None:
        raise Http404("Start a match from a deck's page.")
    decks = Deck.objects.visible_to(request.user).select_related("format", "owner", "home_realm")
    return get_object_or_404(decks, pk=pk)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
@retry_when_busy
def match_join_view(request: HttpRequest, token: str) -> HttpResponse:
    """A friend's invitation: pick one of my valid decks and the match begins."""
    match = get_object_or_404(Match.objects.select_related("owner"), invite_token=token)
    if match.status != Status.WAITING and request.user.pk in (
        match.red_user_id,
        match.blue_user_id,
    ):
        return redirect("matches:detail", match.pk)
    decks = [
        (deck, _why_not(deck, match))
        for deck in Deck.objects.owned_by(request.user).select_related("format", "home_realm")
    ]
    error, status = "", 200
    if request.method == "POST":
        try:
            deck = next(d for d, _ in decks if str(d.pk) == request.POST.get("deck"))
        except StopIteration:
            error, status = "Choose one of your decks.", 400
        else:
            try:
                match_join(match=match, user=request.user, deck=deck)
            except DeckNotValid as invalid:
                error, status = f"{invalid} " + " ".join(v.message for v in invalid.violations), 400
            except MatchError as refused:
                error, status = str(refused), refused.status
            else:
                return redirect("matches:detail", match.pk)
    valid = [deck.pk for deck, why_not in decks if not why_not]
    # A rematch: the deck this friend played the match with, if it may join. Else one deck
    # that may join: it is the one to join with, already chosen.
    played = _deck_played(match.rematch_of, request.user)
    chosen = played if played in valid else valid[0] if len(valid) == 1 else None
    context = {"match": match, "decks": decks, "error": error, "chosen_deck": chosen}
    return render(request, "games/match_join.html", context, status=status)


def _deck_played(match: Match | None, user) -> int | None:
    """The id of the deck ``user`` played ``match`` with (None: not a player of it)."""
    if match is None:
        return None
    seats = [
        seat for seat, pk in enumerate((match.red_user_id, match.blue_user_id)) if pk == user.pk
    ]
    return (match.red_deck_id, match.blue_deck_id)[seats[0]] if seats else None


@require_POST
@login_required
@retry_when_busy
def match_rematch_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Play a match that is over again, seats swapped (games.matches.services.match_rematch):
    to the rematch's page (a friend's: its invitation link to send)."""
    match = visible_match(request, pk)
    if refusal := limit_refusal(request, NEW_MATCHES):
        return refusal
    try:
        rematch = match_rematch(match=match, user=request.user)
    except MatchError as refused:
        messages.error(request, str(refused))
        return redirect("matches:detail", match.pk)
    return redirect("matches:detail", rematch.pk)


def _why_not(deck: Deck, match: Match) -> str:
    """Why ``deck`` cannot join ``match`` ("" when it can): it breaks its format, or its
    format is not played under the match's ruleset."""
    if violations := validate_deck(deck):
        return f"not valid: {violations[0].message}"
    if match.ruleset not in deck_rulesets(deck):
        return f"{deck.format.name} is not played under {match.ruleset}"
    return ""
