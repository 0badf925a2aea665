"""The simulation API: start a job, list mine, read its progress and results, cancel it,
export it. Someone else's job is a 404; bad input a 400 with the reasons; past the
account's quota a 429; the workers' queue down a 503; nothing here waits for a game to be played."""

from __future__ import annotations

from typing import Any

from django.db import OperationalError
from django.http import Http404, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.models import Deck
from decks.views.busy import RETRY_AFTER, write_failed
from games.models.simulations import SimulationJob, SimulationKind
from games.simulations.api.serializers import (
    ResultsSerializer,
    SimulationCreateSerializer,
    SimulationRefusalSerializer,
    SimulationSerializer,
)
from games.simulations.confidence import too_few_to_tell
from games.simulations.errata import errata_publish
from games.simulations.exports import (
    CARD_COLUMNS,
    GAME_CARD_COLUMNS,
    GAME_COLUMNS,
    card_rows,
    csv_lines,
    game_card_rows,
    game_rows,
    json_document_lines,
)
from games.simulations.figures import estimate_json
from games.simulations.kinds import arm_labels
from games.simulations.progress import jobs_progress
from games.simulations.services import (
    SimulationError,
    job_arm_figures,
    job_gauntlet,
    job_shift,
    job_shifts,
    simulation_cancel,
    simulation_create,
)
from games.simulations.table_exports import (
    TABLE_GAME_COLUMNS,
    table_card_rows,
    table_game_card_rows,
    table_game_rows,
)
from shen_site.json_input import BoundedJSONParser

REFUSED = OpenApiResponse(SimulationRefusalSerializer, description="Refused, with the reasons")
NOT_FOUND = OpenApiResponse(description="No such simulation, or not one of yours")
QUOTA = OpenApiResponse(
    SimulationRefusalSerializer,
    description="The account has as many simulations, or games, waiting as it may",
)
UNAVAILABLE = OpenApiResponse(
    SimulationRefusalSerializer, description="The simulation service is unavailable"
)


class SimulationAPIView(APIView):
    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    def job(self, request: Request, pk: int) -> SimulationJob:
        job = (
            SimulationJob.objects.of_owner(request.user)
            .light()
            .select_related("named_scenario")
            .filter(pk=pk)
            .first()
        )
        if job is None:
            raise Http404("No such simulation.")
        return job

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, SimulationError):
            return Response({"detail": str(exc)}, status=exc.status)
        if isinstance(exc, OperationalError):
            response = Response({"detail": write_failed(exc)}, status=503)
            response["Retry-After"] = RETRY_AFTER
            return response
        return super().handle_exception(exc)


def described(jobs: list[SimulationJob]) -> list[dict[str, Any]]:
    """The jobs with their progress, as the API shows them."""
    progress = jobs_progress(jobs)
    return SimulationSerializer(jobs, many=True, context={"progress": progress}).data


def results_json(job: SimulationJob) -> dict[str, Any]:
    """Every arm's figures with its label (``figures`` repeats the first arm's: a
    matchup's only one); a paired job's shift; a gauntlet's matrix."""
    labels = arm_labels(job.kind, job.parameters, job.ruleset)
    arms = [
        {"arm": index, "label": label, "figures": figures.to_json()}
        for index, (label, figures) in enumerate(zip(labels, job_arm_figures(job), strict=True))
    ]
    document: dict[str, Any] = {"figures": arms[0]["figures"], "arms": arms}
    if job.is_paired:
        shift = job_shift(job)
        document["shift"] = {**estimate_json(shift), "too_few_to_tell": too_few_to_tell(shift)}
    if job.is_paired and job.is_table:
        document["shifts"] = [
            {**estimate_json(shift), "too_few_to_tell": too_few_to_tell(shift)}
            for shift in job_shifts(job)
        ]
    if job.kind == SimulationKind.GAUNTLET:
        document["gauntlet"] = {
            "decks": job.parameters["decks"],
            "opponents": job.parameters["opponents"],
            **job_gauntlet(job).to_json(),
        }
    return document


class SimulationListView(SimulationAPIView):
    @extend_schema(summary="My simulations", responses={200: SimulationSerializer(many=True)})
    def get(self, request: Request) -> Response:
        jobs = list(SimulationJob.objects.of_owner(request.user).light()[:100])
        return Response(described(jobs))

    @extend_schema(
        summary="Start a simulation: deck A against deck B, played by bots in the background",
        request=SimulationCreateSerializer,
        responses={
            201: SimulationSerializer,
            400: REFUSED,
            404: NOT_FOUND,
            429: QUOTA,
            503: UNAVAILABLE,
        },
    )
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise SimulationError("Send a JSON object.")
        serializer = SimulationCreateSerializer(data=request.data)
        if not serializer.is_valid():
            return Response(
                {"detail": "The simulation was not started.", "errors": serializer.errors},
                status=status.HTTP_400_BAD_REQUEST,
            )
        data = serializer.validated_data
        decks = Deck.objects.visible_to(request.user).select_related("format", "home_realm")
        wanted = [data["deck_a"], data["deck_b"], *data["seat_decks"]]
        found = {deck.pk: deck for deck in decks.filter(pk__in=wanted)}
        if any(pk not in found for pk in wanted):
            raise Http404("No such deck.")
        job = simulation_create(
            owner=request.user,
            deck_a=found[data["deck_a"]],
            deck_b=found[data["deck_b"]],
            bot_a=data["bot_a"],
            bot_b=data["bot_b"],
            ruleset=data["ruleset"],
            options=data["options"],
            games=data["games"],
            seed=data["seed"],
            kind=data["kind"],
            parameters=data["parameters"],
            scenario=data["scenario"],
            seat_decks=[found[pk] for pk in data["seat_decks"]],
            seat_bots=data["seat_bots"],
        )
        return Response(described([job])[0], status=status.HTTP_201_CREATED)


class SimulationDetailView(SimulationAPIView):
    @extend_schema(
        summary="A simulation and its progress",
        responses={200: SimulationSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(described([self.job(request, pk)])[0])


class SimulationCancelView(SimulationAPIView):
    @extend_schema(
        summary="Cancel a simulation: its remaining games are not played",
        request=None,
        responses={200: SimulationSerializer, 404: NOT_FOUND, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        job = simulation_cancel(self.job(request, pk))
        return Response(described([job])[0])


class SimulationPublishView(SimulationAPIView):
    @extend_schema(
        summary="Publish an errata what-if's draft as an erratum of its card (staff only)",
        request=None,
        responses={200: SimulationSerializer, 403: REFUSED, 404: NOT_FOUND, 409: REFUSED},
    )
    def post(self, request: Request, pk: int) -> Response:
        job = self.job(request, pk)
        errata_publish(job, request.user)
        return Response(described([job])[0])


class SimulationResultsView(SimulationAPIView):
    @extend_schema(
        summary="A simulation's figures (of the games played so far until it is finished)",
        responses={200: ResultsSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> Response:
        job = self.job(request, pk)
        return Response({"simulation": described([job])[0], **results_json(job)})


class SimulationExportJSONView(SimulationAPIView):
    # A file, whoever asks: a browser following the page's link asks for HTML first and
    # would otherwise save the browsable API's page under the .json name.
    renderer_classes = [JSONRenderer]

    @extend_schema(
        summary="Export a simulation as JSON: its settings, figures and every game with its cards",
        responses={200: ResultsSerializer, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> StreamingHttpResponse:
        job = self.job(request, pk)
        head = {"simulation": described([job])[0], **results_json(job)}
        # Written a game at a time: a 100,000-game job's cards are never held at once.
        rows = table_game_rows(job, cards=True) if job.is_table else game_rows(job, cards=True)
        lines = json_document_lines(head, "games", rows)
        response = StreamingHttpResponse(lines, content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="shen-simulation-{job.pk}.json"'
        return response


class SimulationExportGamesView(SimulationAPIView):
    @extend_schema(
        summary="Export a simulation's games as CSV, one row a game",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> StreamingHttpResponse:
        job = self.job(request, pk)
        if job.is_table:
            lines = csv_lines(TABLE_GAME_COLUMNS, table_game_rows(job))
        else:
            lines = csv_lines(GAME_COLUMNS, game_rows(job))
        return _csv(f"shen-simulation-{job.pk}-games.csv", lines)


class SimulationExportGameCardsView(SimulationAPIView):
    @extend_schema(
        summary="Export every card of every game of a simulation as CSV: in the opening "
        "hand, drawn, played (what the card figures are counted from)",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> StreamingHttpResponse:
        job = self.job(request, pk)
        rows = table_game_card_rows(job) if job.is_table else game_card_rows(job)
        lines = csv_lines(GAME_CARD_COLUMNS, rows)
        return _csv(f"shen-simulation-{job.pk}-game-cards.csv", lines)


class SimulationExportCardsView(SimulationAPIView):
    @extend_schema(
        summary="Export a simulation's card figures as CSV, one row a card of each deck in "
        "each arm",
        responses={(200, "text/csv"): OpenApiTypes.STR, 404: NOT_FOUND},
    )
    def get(self, request: Request, pk: int) -> StreamingHttpResponse:
        job = self.job(request, pk)
        arms = job_arm_figures(job)
        rows = table_card_rows(arms) if job.is_table else card_rows(arms)
        return _csv(f"shen-simulation-{job.pk}-cards.csv", csv_lines(CARD_COLUMNS, rows))


def _csv(filename: str, lines) -> StreamingHttpResponse:
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
