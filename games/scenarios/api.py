"""Scenario API: /api/scenarios/ (the named ones, by slug) and /api/scenarios/check/
(does a scenario lay out, and how)."""

from __future__ import annotations

from django.urls import include, path
from django.urls.converters import SlugConverter
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, routers, serializers, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import engine
from games.models import SCENARIO_RULESETS, Scenario
from games.scenarios.previews import board_preview

# A space name is at most a letter and two digits ("p16"); longer text is refused unread.
NAME_LENGTH = 3


class ScenarioSerializer(serializers.ModelSerializer):
    laid_out = serializers.SerializerMethodField(
        help_text="The board as played: width, height and anchor points with M1's defaults "
        "filled in."
    )

    class Meta:
        model = Scenario
        fields = ["slug", "name", "description", "players", "teams", "width", "height"]
        fields += ["anchors", "laid_out"]

    def get_laid_out(self, scenario: Scenario) -> dict:
        return _laid_out(board_preview(scenario))


class ScenarioCheckSerializer(serializers.Serializer):
    """A scenario to check: every field but ``players`` may be left out (M1's default)."""

    players = serializers.IntegerField(min_value=2, max_value=6)
    teams = serializers.IntegerField(min_value=0, max_value=3, default=0)
    width = serializers.IntegerField(
        min_value=engine.MIN_SIDE, max_value=engine.MAX_SIDE, required=False
    )
    height = serializers.IntegerField(
        min_value=engine.MIN_SIDE, max_value=engine.MAX_SIDE, required=False
    )
    anchors = serializers.ListField(
        child=serializers.CharField(max_length=NAME_LENGTH), max_length=6, required=False
    )


def _laid_out(preview) -> dict:
    if preview.problem:
        return {"problem": preview.problem}
    return {
        "width": preview.width,
        "height": preview.height,
        "anchors": list(preview.anchors),
        "summary": preview.summary,
    }


class ScenarioViewSet(viewsets.ReadOnlyModelViewSet):
    """The active named scenarios (M1), by slug."""

    queryset = Scenario.objects.filter(is_active=True)
    serializer_class = ScenarioSerializer
    lookup_field = "slug"
    lookup_value_regex = SlugConverter.regex
    permission_classes = [permissions.AllowAny]
    filter_backends: list = []


class ScenarioCheckView(APIView):
    """Whether a scenario can be played under every ruleset scenarios are for, and its
    board with M1's defaults filled in."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        summary="Check a scenario",
        request=ScenarioCheckSerializer,
        responses={
            200: OpenApiResponse(description="It lays out: width, height, anchors, summary."),
            400: OpenApiResponse(
                description="It cannot be played: the fields' errors, or "
                "'problem' with the reason (a rule number in it)."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        given = ScenarioCheckSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        fields = given.validated_data
        anchors = fields.get("anchors")
        scenario = engine.Scenario(
            anchors=tuple(anchors) if anchors else None,
            width=fields.get("width"),
            height=fields.get("height"),
            players=fields["players"],
            teams=fields["teams"],
        )
        for name in SCENARIO_RULESETS:
            try:
                engine.laid_out(engine.RULESETS[name], scenario)
            except engine.ScenarioError as error:
                return Response({"problem": f"{error} ({name})"}, status=400)
        return Response(_laid_out(board_preview(scenario)))


router = routers.DefaultRouter(trailing_slash=True)
router.include_root_view = False
router.register("scenarios", ScenarioViewSet, basename="scenario")
urlpatterns = [
    path("scenarios/check/", ScenarioCheckView.as_view(), name="scenario-check"),
    path("", include(router.urls)),
]
