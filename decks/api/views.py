"""The deck API: decks (owner-only writes, visibility on every read), validation, import,
export in each kind, and the formats."""

from __future__ import annotations

from django.db import OperationalError
from django.db.models import QuerySet
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls.converters import SlugConverter
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import permissions, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks.api.permissions import IsDeckOwnerOrReadOnly
from decks.api.serializers import (
    CopyInputSerializer,
    DecklistValidateInputSerializer,
    DeckSerializer,
    DeckVersionSerializer,
    DiffInputSerializer,
    FormatSerializer,
    ImportInputSerializer,
    ImportProblemsSerializer,
    PreconditionFailed,
    RestoreInputSerializer,
    SlotChangeSerializer,
    ValidateInputSerializer,
    ValidationResultSerializer,
)
from decks.importing import DeckImportError, deck_import, import_request_problem
from decks.io.exporting import EXPENSIVE_EXPORTS, EXPORT_KINDS, deck_export, export_filename
from decks.io.parsing import decklist_parse
from decks.io.raw import ImportProblem
from decks.models import Deck, Format
from decks.printing import PrintTooLarge
from decks.services import (
    DeckChangeError,
    DeckStaleError,
    deck_copy,
    deck_delete,
    deck_etag,
    deck_new_share_link,
    deck_restore_version,
)
from decks.throttling import expensive_request_check
from decks.validation import FormatViolation, validate_deck, validate_decklist
from decks.versions import version_diff
from decks.views.busy import RETRY_AFTER, write_failed
from shen_site.form_input import CleanFormParser, CleanMultiPartParser
from shen_site.json_input import BoundedJSONParser

NOT_FOUND = OpenApiResponse(
    description="No such deck, or another player's private or unlisted deck (those open "
    "only by their share token), or a deleted one"
)
STALE = OpenApiResponse(description="If-Match names an older version of the deck; nothing changed")
BUSY = OpenApiResponse(description="The database was busy; nothing changed. Retry after a moment")
ETAG = OpenApiParameter(
    "ETag",
    str,
    OpenApiParameter.HEADER,
    response=[200, 201],
    description="The deck's current version; send it back as If-Match to refuse stale writes",
)
IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag of the deck your change is based on. When it is no longer the "
    "deck's current ETag the write is refused with 412 and changes nothing. Leave it out "
    "to write unconditionally.",
)
EXPORT_KIND = OpenApiParameter(
    "kind",
    str,
    enum=list(EXPORT_KINDS),
    default="text",
    description="text, json, csv, code (deck code), pdf (proxy sheet, nine to a page) "
    "or sheet (printable registration decklist, HTML)",
)


def _validation_result(format: Format, violations: list[FormatViolation]) -> Response:
    return Response(
        ValidationResultSerializer(
            {
                "format": format.slug,
                "is_valid": not violations,
                "violations": [
                    {"code": v.code, "message": v.message, "cards": list(v.cards)}
                    for v in violations
                ],
            }
        ).data
    )


def _deck_response(request: Request, deck: Deck, *, created: bool = False) -> Response:
    # Read again with its slots: a service returns the deck without them.
    fresh = Deck.objects.with_slots().get(pk=deck.pk)
    body = DeckSerializer(fresh, context={"request": request}).data
    response = Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)
    response["ETag"] = deck_etag(fresh)
    return response


def _if_match(request: Request) -> list[str] | None:
    """The entity tags of the If-Match header, or None when it was not sent."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    return [tag.strip() for tag in header.split(",") if tag.strip()]


def _problems_response(problems: list[ImportProblem]) -> Response:
    body = {
        "problems": [
            {
                "line": problem.line,
                "unit": problem.unit,
                "message": problem.message,
                "suggestions": list(problem.suggestions),
            }
            for problem in problems
        ]
    }
    return Response(ImportProblemsSerializer(body).data, status=status.HTTP_400_BAD_REQUEST)


WRITE_RESPONSES = {403: None, 404: NOT_FOUND, 412: STALE, 503: BUSY}


def _error_problems(errors: object, field: str = "") -> list[ImportProblem]:
    """A serializer's errors, however nested, as whole-input problems naming their field."""
    if isinstance(errors, dict):
        return [
            problem
            for key, value in errors.items()
            for problem in _error_problems(
                value,
                field
                if key in {"non_field_errors", "detail"}
                else ".".join(filter(None, [field, str(key)])),
            )
        ]
    if isinstance(errors, list):
        return [problem for value in errors for problem in _error_problems(value, field)]
    return [ImportProblem(None, f"{field}: {errors}" if field else str(errors))]


def _decklist_input(request: Request, serializer_class: type) -> dict | Response:
    """The validated input of a decklist endpoint, or the 400 (as import problems) saying
    what is wrong with it: its size, its JSON, or its fields."""
    if problem := import_request_problem(request.META):
        return _problems_response([problem])
    try:
        params = serializer_class(data=request.data)
    except ParseError as error:
        return _problems_response([ImportProblem(None, str(error.detail))])
    if not params.is_valid():
        return _problems_response(_error_problems(params.errors))
    return params.validated_data


@extend_schema_view(
    list=extend_schema(summary="Your decks and public decks"),
    create=extend_schema(parameters=[ETAG], responses={201: DeckSerializer, 503: BUSY}),
    retrieve=extend_schema(parameters=[ETAG], responses={200: DeckSerializer, 404: NOT_FOUND}),
    update=extend_schema(
        parameters=[IF_MATCH, ETAG], responses={200: DeckSerializer, **WRITE_RESPONSES}
    ),
    partial_update=extend_schema(
        parameters=[IF_MATCH, ETAG], responses={200: DeckSerializer, **WRITE_RESPONSES}
    ),
    destroy=extend_schema(
        summary="Delete a deck: it waits 30 days in the owner's Recently deleted",
        parameters=[IF_MATCH],
        responses={204: None, **WRITE_RESPONSES},
    ),
)
class DeckViewSet(viewsets.ModelViewSet):
    """Decks. Anyone reads the decks they may see (their own and public ones; an unlisted
    deck by its share token at shared/{token}/); only the owner writes. `entries` on a
    write replaces every slot as one new version. Reads carry an ETag; send it as
    If-Match on a write to have it refused (412) if the deck changed in the meantime."""

    serializer_class = DeckSerializer
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsDeckOwnerOrReadOnly]
    filter_backends: list = []

    def get_queryset(self) -> QuerySet[Deck]:
        return Deck.objects.visible_to(self.request.user).with_slots()

    def handle_exception(self, exc: Exception) -> Response:
        # A write the database could not take (SQLite busy past its timeout, a dropped
        # connection) changed nothing: say so with a 503, never a 500.
        if isinstance(exc, OperationalError):
            return Response(
                {"detail": write_failed(exc)},
                status=status.HTTP_503_SERVICE_UNAVAILABLE,
                headers={"Retry-After": RETRY_AFTER},
            )
        return super().handle_exception(exc)

    def create(self, request: Request, *args: object, **kwargs: object) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return _deck_response(request, serializer.save(), created=True)

    def retrieve(self, request: Request, *args: object, **kwargs: object) -> Response:
        deck = self.get_object()
        response = Response(self.get_serializer(deck).data)
        response["ETag"] = deck_etag(deck)
        return response

    def update(self, request: Request, *args: object, **kwargs: object) -> Response:
        deck = self.get_object()
        serializer = self.get_serializer(
            deck, data=request.data, partial=kwargs.pop("partial", False)
        )
        serializer.is_valid(raise_exception=True)
        serializer.save(if_match=_if_match(request))
        return _deck_response(request, deck)

    def perform_destroy(self, instance: Deck) -> None:
        try:
            deck_delete(deck=instance, if_match=_if_match(self.request))
        except DeckStaleError:
            raise PreconditionFailed() from None

    @extend_schema(
        summary="An unlisted (or public) deck by the token of its share link",
        parameters=[ETAG],
        responses={200: DeckSerializer, 404: NOT_FOUND},
    )
    @action(
        detail=False,
        methods=["get"],
        url_path=r"shared/(?P<token>[A-Za-z0-9_-]{16,32})",
        permission_classes=[permissions.AllowAny],
    )
    def shared(self, request: Request, token: str) -> Response:
        deck = get_object_or_404(Deck.objects.shared(token).with_slots())
        response = Response(self.get_serializer(deck).data)
        response["ETag"] = deck_etag(deck)
        return response

    @extend_schema(
        summary="Replace the deck's share link: the old token opens nothing from now on",
        request=None,
        responses={200: DeckSerializer, **WRITE_RESPONSES},
    )
    @action(detail=True, methods=["post"], url_path="new-share-link")
    def new_share_link(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        try:
            deck_new_share_link(deck=deck)
        except DeckChangeError as error:
            raise ValidationError({"detail": str(error)}) from None
        return _deck_response(request, deck)

    @extend_schema(
        summary="Check a saved deck against its format",
        request=ValidateInputSerializer,
        responses={200: ValidationResultSerializer, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"], permission_classes=[permissions.AllowAny])
    def validate(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        params = ValidateInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        return _validation_result(
            deck.format, validate_deck(deck, on=params.validated_data.get("on"))
        )

    @extend_schema(
        summary="Download the deck in one of the export kinds",
        parameters=[EXPORT_KIND],
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "text/csv"): OpenApiTypes.STR,
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (200, "text/html"): OpenApiTypes.STR,
            (400, "application/json"): OpenApiResponse(description="Unknown kind"),
            (404, "application/json"): NOT_FOUND,
        },
    )
    @action(detail=True, methods=["get"])
    def export(self, request: Request, pk: str | None = None) -> HttpResponse:
        deck = self.get_object()
        kind = request.query_params.get("kind", "text")
        if kind not in EXPORT_KINDS:
            raise ValidationError(
                {"kind": f"Unknown kind {kind[:20]!r}: use {', '.join(EXPORT_KINDS)}."}
            )
        if kind in EXPENSIVE_EXPORTS:
            expensive_request_check(request)
        try:
            exported = deck_export(deck, kind)
        except PrintTooLarge as error:
            raise ValidationError({"kind": str(error)}) from None
        response = HttpResponse(exported, content_type=EXPORT_KINDS[kind].content_type)
        disposition = "inline" if kind in {"sheet", "code"} else "attachment"
        response["Content-Disposition"] = f'{disposition}; filename="{export_filename(deck, kind)}"'
        return response

    @extend_schema(
        summary="Copy a deck you can see into your decks",
        request=CopyInputSerializer,
        responses={201: DeckSerializer, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def copy(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        params = CopyInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        try:
            copy = deck_copy(deck=deck, owner=request.user, name=params.validated_data.get("name"))
        except DeckChangeError as error:
            raise ValidationError({"detail": str(error)}) from None
        return _deck_response(request, copy, created=True)

    @extend_schema(
        summary="Import a decklist (text, JSON, CSV or deck code) as a new deck",
        request={
            "application/json": ImportInputSerializer,
            "multipart/form-data": ImportInputSerializer,
        },
        responses={201: DeckSerializer, 400: ImportProblemsSerializer},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[BoundedJSONParser, CleanMultiPartParser, CleanFormParser],
    )
    def import_decklist(self, request: Request) -> Response:
        params = _decklist_input(request, ImportInputSerializer)
        if isinstance(params, Response):
            return params
        try:
            deck = deck_import(owner=request.user, **params)
        except DeckImportError as error:
            return _problems_response(error.problems)
        return _deck_response(request, deck, created=True)

    @extend_schema(
        summary="The deck's versions, newest first",
        responses={200: DeckVersionSerializer(many=True), 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def versions(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        return Response(DeckVersionSerializer(deck.versions.order_by("-number"), many=True).data)

    @extend_schema(
        summary="What changed between two versions",
        parameters=[DiffInputSerializer],
        responses={200: SlotChangeSerializer(many=True), 400: None, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def diff(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        params = DiffInputSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        numbers = [params.validated_data["a"], params.validated_data["b"]]
        versions = {v.number: v for v in deck.versions.filter(number__in=numbers)}
        missing = [number for number in numbers if number not in versions]
        if missing:
            raise ValidationError({"detail": f"{deck.name} has no version {missing[0]}."})
        changes = version_diff(versions[numbers[0]], versions[numbers[1]])
        return Response(
            SlotChangeSerializer(
                [
                    {**vars(change), "delta": change.delta, "kind": change.kind}
                    for change in changes
                ],
                many=True,
            ).data
        )

    @extend_schema(
        summary="Bring back an earlier version's slots (itself a new version)",
        request=RestoreInputSerializer,
        responses={200: DeckSerializer, 400: None, 403: None, 404: NOT_FOUND},
    )
    @action(detail=True, methods=["post"])
    def restore(self, request: Request, pk: str | None = None) -> Response:
        deck = self.get_object()
        params = RestoreInputSerializer(data=request.data)
        params.is_valid(raise_exception=True)
        try:
            deck_restore_version(deck=deck, number=params.validated_data["number"])
        except DeckChangeError as error:
            raise ValidationError({"detail": str(error)}) from None
        return _deck_response(request, deck)


class DecklistValidateView(APIView):
    """Check an unsaved decklist (entries, or text to read them from) against a format."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Check an unsaved decklist against a format",
        request=DecklistValidateInputSerializer,
        responses={200: ValidationResultSerializer, 400: ImportProblemsSerializer},
    )
    def post(self, request: Request) -> Response:
        decklist = _decklist_input(request, DecklistValidateInputSerializer)
        if isinstance(decklist, Response):
            return decklist
        entries = decklist.get("entries")
        if entries is None:
            parsed = decklist_parse(text=decklist["text"], kind=decklist["kind"])
            if parsed.problems:
                return _problems_response(parsed.problems)
            entries = parsed.entries
        violations = validate_decklist(
            format=decklist["format"],
            entries=entries,
            home_realm=decklist.get("home_realm"),
            on=decklist.get("on"),
        )
        return _validation_result(decklist["format"], violations)


class FormatViewSet(viewsets.ReadOnlyModelViewSet):
    """The active deck-building formats, by slug."""

    queryset = Format.objects.filter(is_active=True)
    serializer_class = FormatSerializer
    lookup_field = "slug"
    lookup_value_regex = SlugConverter.regex  # anything else is a 404 before a query
    permission_classes = [permissions.AllowAny]
    filter_backends: list = []
