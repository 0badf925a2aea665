"""The match API: create, my view, legal actions, act, resign, undo, join, replays.

Views stay thin: they read input, call a service and answer. A refusal is the
service's MatchError, answered with its status (400, 403, 409) and reason; a
stale state number also carries my view of the match as it stands.
"""

from __future__ import annotations

from typing import Any

from django.db import OperationalError
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.renderers import BrowsableAPIRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import Deck
from decks.views.busy import RETRY_AFTER, write_failed
from games.matches.api.serializers import (
    ActSerializer,
    JoinSerializer,
    MatchCreateSerializer,
    MatchSummarySerializer,
    MatchViewSerializer,
    RefusalSerializer,
    ReplaySerializer,
    UndoAnswerSerializer,
)
from games.matches.bot_turns import (
    UNANSWERED_SECONDS,
    bot_to_decide,
    bot_turns_play_here,
    bot_turns_resume,
    bot_unanswered,
)
from games.matches.errors import DeckNotValid, MatchError, MatchStale
from games.matches.limits import NEW_MATCHES, limit_check
from games.matches.records import game_of, match_position
from games.matches.replays import MAX_REPLAY_REQUEST_BYTES, replay_document, replay_import
from games.matches.screens import screen_for
from games.matches.seats import seats_of
from games.matches.services import (
    match_act,
    match_create,
    match_join,
    match_resign,
    match_undo,
    match_undo_answer,
)
from games.matches.views.access import visible_match
from games.models import Match, Mode, Status
from games.play import RecordMismatch
from shen_site.body_limit import body_limit
from shen_site.json_input import BoundedJSONParser
from shen_site.json_output import FastJSONRenderer, JSONText

REFUSED = OpenApiResponse(
    RefusalSerializer, description="Refused, with the reason; nothing changed"
)
NOT_FOUND = OpenApiResponse(description="No such match, or not one of yours")


class MatchAPIView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]
    # orjson places the state's canonical JSON text in the answer as it is (JSONText).
    renderer_classes = [FastJSONRenderer, BrowsableAPIRenderer]

    def match(self, request: Request, pk: int) -> Match:
        return visible_match(request, pk)

    def view_of(self, request: Request, match: Match) -> dict[str, Any]:
        acting = _acting(match)
        screen = screen_for(match, request.user, revealed=acting, drawn=False)
        game = game_of(match)
        invite = match.invite_token if request.user.pk == match.owner_id else None
        return {
            "screen": screen,
            "bot_unanswered": bot_to_decide(match, acting) and bot_unanswered(match),
            "seats": list(seats_of(match, request.user)),
            "invite_token": invite if match.status == Status.WAITING else None,
            # Already JSON: parsing it only to write it again was a tenth of an action's cost.
            "state": JSONText(game.dump(screen.view)),
            "decision": screen.decision_json,
        }

    def answer(self, request: Request, match: Match, code: int = 200) -> Response:
        response = Response(MatchViewSerializer(self.view_of(request, match)).data, status=code)
        response["ETag"] = match.etag
        return response

    def refusal(self, request: Request, error: MatchError) -> Response:
        body: dict[str, Any] = {"detail": str(error)}
        if isinstance(error, DeckNotValid):
            body["violations"] = [
                {"code": v.code, "message": v.message, "cards": list(v.cards)}
                for v in error.violations
            ]
        if isinstance(error, MatchStale):
            body["match"] = MatchViewSerializer(self.view_of(request, error.match)).data
        return Response(body, status=error.status)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        # Like the table: a player's view of a match is kept by no browser nor proxy.
        response["Cache-Control"] = "no-store"
        return response

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, MatchError):
            return self.refusal(self.request, exc)
        if isinstance(exc, RecordMismatch):
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, OperationalError):
            response = Response({"detail": write_failed(exc)}, status=503)
            response["Retry-After"] = RETRY_AFTER
            return response
        return super().handle_exception(exc)


def _acting(match: Match) -> int | None:
    # Through the API, a hot-seat player always sees the side to act: no device to hand over.
    if match.status == Status.WAITING:
        return None
    return game_of(match).acting_seat(match_position(match).state)


def _waiting_for_the_bot(match: Match) -> None:
    """A bot match waiting for its bot with no task known to be on it gets its task again,
    so a lost task never stalls a client that polls; ``match`` is read again when the bot
    answered here (the broker down)."""
    if match.mode != Mode.BOT or not bot_to_decide(match, _acting(match)):
        return
    if bot_turns_resume(match.pk, match.number):
        match.refresh_from_db()


class MatchListView(MatchAPIView):
    @extend_schema(summary="My matches", responses={200: MatchSummarySerializer(many=True)})
    def get(self, request: Request) -> Response:
        matches = Match.objects.of_player(request.user).with_people()[:100]
        return Response(MatchSummarySerializer(matches, many=True).data)

    @extend_schema(
        summary="Start a match from a deck",
        request=MatchCreateSerializer,
        responses={201: MatchViewSerializer, 400: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request) -> Response:
        limit_check(request, NEW_MATCHES)
        data = _valid(MatchCreateSerializer, request)
        decks = Deck.objects.visible_to(request.user).select_related("format", "home_realm")
        deck = get_object_or_404(decks, pk=data["deck"])
        opponent = data["opponent_deck"]
        opponent_deck = get_object_or_404(decks, pk=opponent) if opponent is not None else None
        match = match_create(
            owner=request.user,
            deck=deck,
            mode=data["opponent"],
            opponent_deck=opponent_deck,
            bot_name=data["bot"],
            ruleset=data["ruleset"],
            options=data["options"],
            seed=data["seed"],
            first_turn=data["first_turn"],
        )
        return self.answer(request, match, status.HTTP_201_CREATED)


class MatchDetailView(MatchAPIView):
    @extend_schema(
        summary="My view of a match", responses={200: MatchViewSerializer, 404: NOT_FOUND}
    )
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        _waiting_for_the_bot(match)
        if match.etag in request.headers.get("If-None-Match", ""):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": match.etag})
        return self.answer(request, match)


class MatchActionsView(MatchAPIView):
    @extend_schema(
        summary="The waiting decision and its legal actions (null unless it is mine)",
        responses={200: OpenApiResponse(description="decision_to_json, or null"), 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        _waiting_for_the_bot(match)
        return Response(
            {"number": match.number, "decision": self.view_of(request, match)["decision"]}
        )


class MatchActView(MatchAPIView):
    @extend_schema(
        summary="Play an action on the state it was chosen on",
        description=(
            "In a bot match the bot answers afterwards, in the background: poll "
            "`GET /api/matches/{id}/` (with its ETag) until the decision is yours again."
        ),
        request=ActSerializer,
        responses={
            200: MatchViewSerializer,
            400: REFUSED,
            403: REFUSED,
            404: NOT_FOUND,
            409: REFUSED,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        data = _valid(ActSerializer, request)
        match_act(match=match, user=request.user, action=data["action"], number=data["number"])
        return self.answer(request, match)


class MatchResignView(MatchAPIView):
    @extend_schema(
        summary="Resign",
        request=None,
        responses={200: MatchViewSerializer, 403: REFUSED, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        match_resign(match=match, user=request.user)
        return self.answer(request, match)


class MatchBotMoveView(MatchAPIView):
    @extend_schema(
        summary="Have the bot, whose service is not answering, move in this request",
        description=(
            "Only when `bot_unanswered` is true: the bot has had the decision for "
            f"{UNANSWERED_SECONDS} seconds without a move. It makes the moves a worker would "
            "(the same seeds), up to its next decision not its own; 409 otherwise."
        ),
        request=None,
        responses={200: MatchViewSerializer, 403: REFUSED, 404: NOT_FOUND, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = bot_turns_play_here(match=self.match(request, pk), user=request.user)
        return self.answer(request, match)


class MatchUndoView(MatchAPIView):
    @extend_schema(
        summary="Undo my last decision (a friend match: ask the opponent)",
        request=None,
        responses={200: MatchViewSerializer, 403: REFUSED, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        match_undo(match=match, user=request.user)
        return self.answer(request, match)


class MatchUndoAnswerView(MatchAPIView):
    @extend_schema(
        summary="Accept or decline the opponent's undo request",
        request=UndoAnswerSerializer,
        responses={200: MatchViewSerializer, 400: REFUSED, 403: REFUSED, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        data = _valid(UndoAnswerSerializer, request)
        match_undo_answer(match=match, user=request.user, accept=data["accept"])
        return self.answer(request, match)


class MatchJoinView(MatchAPIView):
    @extend_schema(
        summary="Take up a friend's invitation with one of my decks",
        request=JoinSerializer,
        responses={200: MatchViewSerializer, 400: REFUSED, 403: REFUSED, 404: NOT_FOUND},
    )
    def post(self, request: Request) -> Response:
        data = _valid(JoinSerializer, request)
        match = get_object_or_404(Match, invite_token=data["token"])
        deck = get_object_or_404(Deck.objects.owned_by(request.user), pk=data["deck"])
        match_join(match=match, user=request.user, deck=deck)
        return self.answer(request, match)


class MatchReplayView(MatchAPIView):
    @extend_schema(
        summary="The replay file of a finished match",
        responses={200: ReplaySerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        match = self.match(request, pk)
        if not match.is_over:
            raise Http404("A match's replay file is available once it is over.")
        return Response(replay_document(match))


@body_limit(MAX_REPLAY_REQUEST_BYTES)
class ReplayImportView(MatchAPIView):
    @extend_schema(
        summary="Import a replay file to watch it",
        request=ReplaySerializer,
        responses={201: MatchSummarySerializer, 400: REFUSED},
    )
    def post(self, request: Request) -> Response:
        limit_check(request, NEW_MATCHES)
        match = replay_import(owner=request.user, document=request.data)
        return Response(MatchSummarySerializer(match).data, status=status.HTTP_201_CREATED)


def _valid(serializer_class, request: Request) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise MatchError("Send a JSON object.")
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        raise MatchError(_first_error(serializer.errors))
    return serializer.validated_data


def _first_error(errors: dict) -> str:
    field, problems = next(iter(errors.items()))
    problem = problems[0] if isinstance(problems, list) and problems else problems
    return f"{field}: {problem}"
