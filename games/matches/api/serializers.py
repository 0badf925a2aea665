"""Match API shapes: the inputs each endpoint takes and the view of a match it answers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.matches.screens import Screen
from games.models import FirstTurn, Mode
from games.play import MAX_TURNS_RANGE, RULESET_OPTIONS
from games.seeds import MAX_SEED
from shen_site.record_numbers import WholeNumberField


class MatchCreateSerializer(serializers.Serializer):
    deck = WholeNumberField(help_text="One of your decks, or a public deck")
    opponent = serializers.ChoiceField(choices=[Mode.HOTSEAT, Mode.BOT, Mode.FRIEND])
    bot = serializers.CharField(required=False, default="random", max_length=40)
    opponent_deck = WholeNumberField(
        required=False, allow_null=True, default=None, help_text="Blank: a mirror match"
    )
    ruleset = serializers.CharField(required=False, allow_null=True, default=None, max_length=40)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text=(
            "The ruleset's options; each ruleset offers its own, another's is refused: "
            + "; ".join(f"{name}: {', '.join(names)}" for name, names in RULESET_OPTIONS.items())
            + ". Values: recovery (all | turn_player), ties (defender | reroll), claim_reach "
            "(on | on_or_next_to | next_to), retreat (along_attack | moved_from | any_empty), "
            "path_cards (action | remains), movement (trait | text), ranged_targets "
            "(opponents | any), ranged_ties (as_melee | defender), spirits_limit and "
            f"max_items (0-9, 0: any number), max_turns ({MAX_TURNS_RANGE[0]}-"
            f"{MAX_TURNS_RANGE[1]}), the others true or false"
        ),
    )
    seed = WholeNumberField(
        required=False,
        allow_null=True,
        default=None,
        min_value=0,
        max_value=MAX_SEED,
        help_text=(
            "Hot-seat and bot matches only (a friend match refuses one): blank, the server "
            "draws a secret seed, shown with the replay once the match ends"
        ),
    )
    first_turn = serializers.ChoiceField(choices=FirstTurn.values, default=FirstTurn.DICE)


class ActSerializer(serializers.Serializer):
    action = serializers.JSONField(help_text='The action as client JSON: {"type": "pass"}')
    number = WholeNumberField(help_text="The state number the action was chosen on")


class UndoAnswerSerializer(serializers.Serializer):
    accept = serializers.BooleanField()


class JoinSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=64)
    deck = WholeNumberField(help_text="One of your decks, valid for its format")


class MatchSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    mode = serializers.CharField()
    bot_name = serializers.CharField()
    status = serializers.CharField()
    ruleset = serializers.CharField()
    options = serializers.DictField()
    number = serializers.IntegerField()
    etag = serializers.CharField()
    result = serializers.DictField(allow_null=True)
    undo_requested_by = serializers.IntegerField(allow_null=True)
    red_user = serializers.CharField(source="red_user.username", allow_null=True, default=None)
    blue_user = serializers.CharField(source="blue_user.username", allow_null=True, default=None)


class MatchViewSerializer(serializers.Serializer):
    """My view of a match: what my seat may see, never the opponent's hand or any deck order."""

    match = MatchSummarySerializer(source="screen.match")
    seat = serializers.IntegerField(source="screen.seat", allow_null=True)
    seats = serializers.ListField(child=serializers.IntegerField())
    acting = serializers.IntegerField(source="screen.acting", allow_null=True)
    invite_token = serializers.CharField(allow_null=True)
    bot_unanswered = serializers.BooleanField(
        help_text=(
            "The bot has had the decision so long without a move that nothing seems to play "
            "it: `POST /api/matches/{id}/bot-move/` has it move in that request"
        )
    )
    hand = serializers.SerializerMethodField()
    log = serializers.SerializerMethodField()
    state = serializers.JSONField(help_text="The engine's canonical JSON of my view of the state")
    decision = serializers.JSONField(
        allow_null=True, help_text="The waiting decision, when it is mine to answer"
    )

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_hand(self, value: dict[str, Any]) -> list[dict[str, Any]]:
        screen: Screen = value["screen"]
        return [{"card": card, "name": name} for card, name in screen.hand]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_log(self, value: dict[str, Any]) -> list[dict[str, Any]]:
        screen: Screen = value["screen"]
        return [{"number": number, "lines": list(lines)} for number, lines in screen.log]


class RefusalSerializer(serializers.Serializer):
    detail = serializers.CharField()
    violations = serializers.ListField(child=serializers.DictField(), required=False)
    match = MatchViewSerializer(required=False)


class ReplaySerializer(serializers.Serializer):
    format = serializers.CharField()
    version = serializers.IntegerField()
    game = serializers.CharField()
    ruleset = serializers.CharField()
    options = serializers.DictField()
    decks = serializers.ListField(child=serializers.DictField())
    seed = serializers.IntegerField()
    actions = serializers.ListField(child=serializers.DictField())
    digest_every = serializers.IntegerField()
    digests = serializers.ListField(child=serializers.CharField())
    final_digest = serializers.CharField()
    result = serializers.DictField(allow_null=True)
