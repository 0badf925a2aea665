"""Simulation API shapes: what starting a job takes, and a job with its progress."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models.simulations import MAX_GAMES, SimulationKind
from games.play import MAX_TURNS_RANGE
from games.seeds import MAX_SEED
from shen_site.record_numbers import WholeNumberField

# A deck's id is a 64-bit database integer: larger is no deck (and SQLite cannot compare it).
MAX_ID = 2**63 - 1


class SimulationCreateSerializer(serializers.Serializer):
    deck_a = WholeNumberField(
        min_value=1, max_value=MAX_ID, help_text="One of your decks, or a public deck"
    )
    deck_b = WholeNumberField(
        min_value=1, max_value=MAX_ID, help_text="One of your decks, or a public deck"
    )
    bot_a = serializers.CharField(max_length=40, default="random", help_text="Deck A's bot")
    bot_b = serializers.CharField(max_length=40, default="random", help_text="Deck B's bot")
    ruleset = serializers.CharField(max_length=40)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text=(
            "recovery (all | turn_player), ko (bool), realm_stone_counts (bool), "
            f"max_turns ({MAX_TURNS_RANGE[0]}-{MAX_TURNS_RANGE[1]})"
        ),
    )
    games = WholeNumberField(min_value=1, max_value=MAX_GAMES)
    seed = WholeNumberField(
        required=False, allow_null=True, default=None, min_value=0, max_value=MAX_SEED
    )
    kind = serializers.ChoiceField(
        choices=SimulationKind.choices,
        default=SimulationKind.MATCHUP,
        help_text=(
            "matchup; rule_ab and card_impact play the same games in two arms; gauntlet "
            "plays deck A and parameters.decks against deck B and parameters.opponents"
        ),
    )
    parameters = serializers.DictField(
        required=False,
        default=dict,
        help_text=(
            "rule_ab: ruleset_b, options_b (default: options); card_impact: card (a card "
            "name of deck A), substitute (a card slug, or null for a blank); gauntlet: "
            "decks and opponents (lists of deck ids besides deck A and deck B); errata: "
            "card (a slug), changes (new cost, traits, bonuses, is_spirit, target, and "
            "abilities: a list of {name, cost, timing, effect, text} replacing them all), note; "
            "scenario_ab: scenario_b (a named scenario's slug, as many players as scenario)"
        ),
    )
    scenario = serializers.SlugField(
        required=False,
        allow_null=True,
        default=None,
        max_length=80,
        help_text="A named scenario's slug (null: the ruleset's own two-player board)",
    )
    seat_decks = serializers.ListField(
        child=WholeNumberField(min_value=1, max_value=MAX_ID),
        required=False,
        default=list,
        max_length=4,
        help_text="A scenario of more than two players: the deck of each seat after deck A's "
        "and deck B's (seat 3, 4, ...)",
    )
    seat_bots = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        default=list,
        max_length=4,
        help_text="The bot of each of those seats",
    )


class EstimateSerializer(serializers.Serializer):
    value = serializers.FloatField()
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    count = serializers.IntegerField()


class ShiftSerializer(EstimateSerializer):
    too_few_to_tell = serializers.BooleanField(
        help_text="Whether the interval holds both no shift and one of more than 10 points"
    )


class ArmProgressSerializer(serializers.Serializer):
    arm = serializers.IntegerField()
    label = serializers.CharField()
    games = serializers.IntegerField(help_text="Games this arm plays")
    done = serializers.IntegerField(help_text="Games of this arm played and stored")
    win_rate_a = EstimateSerializer(
        source="win_rate", help_text="Deck A's running win rate in this arm's games"
    )


class ProgressSerializer(serializers.Serializer):
    done = serializers.IntegerField(help_text="Games played and stored, in all arms")
    percent = serializers.IntegerField()
    win_rate_a = EstimateSerializer(
        source="win_rate",
        allow_null=True,
        help_text=(
            "Deck A's running win rate (a draw is half a win) when the job has one arm; "
            "null when it has several (rule A/B, card impact, errata, gauntlet): see arms"
        ),
    )
    arms = ArmProgressSerializer(
        many=True, help_text="Each arm's progress and deck A's running win rate in it"
    )
    eta_seconds = serializers.SerializerMethodField()

    @extend_schema_field(OpenApiTypes.INT)
    def get_eta_seconds(self, progress) -> int | None:
        """Seconds left, null when unknown or over."""
        return None if progress.eta is None else round(progress.eta.total_seconds())


class SimulationSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    kind = serializers.CharField()
    parameters = serializers.DictField()
    status = serializers.CharField()
    error = serializers.CharField()
    deck_a = serializers.IntegerField(source="deck_a_id", allow_null=True)
    deck_b = serializers.IntegerField(source="deck_b_id", allow_null=True)
    name_a = serializers.CharField()
    name_b = serializers.CharField()
    bot_a = serializers.CharField()
    bot_b = serializers.CharField()
    scenario = serializers.DictField(
        allow_null=True, help_text="The scenario by value (null: the ruleset's own board)"
    )
    scenario_slug = serializers.SlugField(
        source="named_scenario.slug", allow_null=True, default=None
    )
    decks = serializers.ListField(
        source="names", child=serializers.CharField(), help_text="Every deck's name, in order"
    )
    bots = serializers.ListField(child=serializers.CharField(), help_text="Every deck's bot")
    ruleset = serializers.CharField()
    options = serializers.DictField()
    games = serializers.IntegerField()
    seed = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    cancelled_at = serializers.DateTimeField(allow_null=True)
    progress = serializers.SerializerMethodField()

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, job) -> dict:
        return ProgressSerializer(self.context["progress"][job.pk]).data


class ResultsSerializer(serializers.Serializer):
    simulation = SimulationSerializer()
    figures = serializers.DictField(
        help_text=(
            "The first arm's figures (a matchup's only arm; every arm's are in arms) of the "
            "games stored so far: games, wins_a, wins_b, draws, win_rate, first_player, "
            "turns, mean_turns, median_turns, mean_actions, endings, and per deck ('a', 'b') "
            "each card's opening_hand, drawn, not_drawn, improvement and played estimates"
        )
    )
    arms = serializers.ListField(
        child=serializers.DictField(),
        help_text=(
            "Every arm's index, label and figures in arm order: a matchup's one, a paired "
            "kind's base then variant, a gauntlet's pairings row by row"
        ),
    )
    shift = ShiftSerializer(
        required=False,
        help_text=(
            "Paired kinds: deck A's paired win-rate shift from arm 0 to arm 1, with "
            "Newcombe's hybrid score interval for paired proportions (1998, method 10)"
        ),
    )
    shifts = serializers.ListField(
        child=ShiftSerializer(),
        required=False,
        help_text="Paired kinds on a scenario of more players: each deck's paired shift",
    )
    gauntlet = serializers.DictField(
        required=False,
        help_text="Gauntlet: decks, opponents (names), cells[deck][opponent] and overall "
        "win-rate estimates",
    )
    games = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Export only: every game of every arm (game, arm, seed, swapped, winner, "
        "first, turns, actions, ending, and cards: per deck ('a', 'b') one [card, "
        "opening_hand, drawn, played] row per distinct card, what the card figures count)",
    )


class SimulationRefusalSerializer(serializers.Serializer):
    detail = serializers.CharField()
    errors = serializers.DictField(required=False, help_text="Per field, what is wrong")
