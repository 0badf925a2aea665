"""The form that starts a simulation: two decks, a bot for each, ruleset, options, games, seed."""

from __future__ import annotations

import copy
import re
from typing import Any

from django import forms
from django.db.models import Q

from decks.models import Deck, Visibility
from games.forms import MatchStartForm
from games.match_options import RulesetOptionsMixin, chosen_options
from games.models_simulation import MAX_GAMES, SimulationJob, SimulationKind
from games.play import GAMES
from games.rulesets import deck_rulesets
from shen_site.record_numbers import RecordChoiceField, record_number

# The ruleset and the seed are asked as a match asks them (games.forms); the ruleset's
# options too (games.match_options).
MATCH_FIELDS = ("ruleset", "seed")
# How many public decks of others each deck menu offers besides my own.
PUBLIC_DECKS_OFFERED = 50


class SimulationStartForm(RulesetOptionsMixin, forms.Form):
    deck_a = RecordChoiceField(queryset=Deck.objects.none(), label="Deck A")
    bot_a = forms.ChoiceField(label="Deck A's bot")
    deck_b = RecordChoiceField(queryset=Deck.objects.none(), label="Deck B")
    bot_b = forms.ChoiceField(label="Deck B's bot")
    kind = forms.ChoiceField(
        required=False,
        choices=SimulationKind.choices,
        initial=SimulationKind.MATCHUP,
        label="Kind",
        help_text="A paired kind plays the same games twice and shows the shift.",
    )
    ruleset_b = forms.ChoiceField(
        required=False, label="Second ruleset", help_text="Rule A/B: the rules compared."
    )
    card = forms.CharField(
        required=False, max_length=200, label="Card of deck A", help_text="Card impact: its name."
    )
    substitute = forms.CharField(
        required=False,
        max_length=200,
        label="Substitute",
        help_text="Card impact: the slug of the card put in its place; empty for a blank.",
    )
    more_decks = forms.ModelMultipleChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        label="More decks",
        help_text="Gauntlet: decks played besides deck A.",
    )
    more_opponents = forms.ModelMultipleChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        label="More opponents",
        help_text="Gauntlet: opponents besides deck B.",
    )
    draft_card = forms.CharField(
        required=False, max_length=200, label="Card to draft", help_text="Errata: its slug."
    )
    draft_changes = forms.CharField(
        required=False,
        max_length=300,
        label="Draft change",
        help_text="Errata: new values, e.g. melee=3, cost=2.",
    )
    draft_note = forms.CharField(
        required=False, max_length=200, label="Erratum note", help_text="Errata: why."
    )
    games = forms.IntegerField(
        min_value=1,
        max_value=MAX_GAMES,
        initial=200,
        help_text=f"Up to {MAX_GAMES:,}; half of them with the seats swapped.",
    )

    def __init__(self, *args: Any, user, game: str = "shen", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in MATCH_FIELDS:
            self.fields[name] = copy.deepcopy(MatchStartForm.base_fields[name])
        play = GAMES[game]
        bots = [(name, name) for name in play.bot_names()]
        self.fields["bot_a"].choices = self.fields["bot_b"].choices = bots
        self.fields["ruleset"].choices = [(name, name) for name in play.rulesets()]
        self.add_ruleset_options(play, play.rulesets())
        self.fields["ruleset_b"].choices = [("", "—"), *self.fields["ruleset"].choices]
        offered = Deck.objects.listed().exclude(owner=user).order_by("-updated_at", "-pk")
        picked = [self.initial.get("deck_a"), self.data.get("deck_a"), self.data.get("deck_b")]
        decks = (
            Deck.objects.visible_to(user)
            .filter(
                Q(owner=user)
                | Q(pk__in=list(offered.values_list("pk", flat=True)[:PUBLIC_DECKS_OFFERED]))
                | Q(pk__in=[number for pk in picked if (number := record_number(pk))])
            )
            .select_related("owner")
            .order_by("name", "pk")
        )
        for name in ("deck_a", "deck_b", "more_decks", "more_opponents"):
            self.fields[name].queryset = decks
            self.fields[name].label_from_instance = _deck_label
        # Opened from a deck's page: its format's first ruleset (both decks must be of
        # formats played under the rules chosen; the service says so otherwise).
        opened_from = decks.filter(pk=record_number(self.initial.get("deck_a")) or 0).first()
        if opened_from is not None and (rulesets := deck_rulesets(opened_from, game=game)):
            self.fields["ruleset"].initial = rulesets[0]

    def clean_kind(self) -> str:
        """Deck A against deck B unless another kind is chosen."""
        return self.cleaned_data.get("kind") or SimulationKind.MATCHUP

    def parameters(self) -> dict[str, Any]:
        """What the chosen kind reads besides the decks (the service checks it)."""
        data = self.cleaned_data
        if data["kind"] == SimulationKind.RULE_AB:
            # The second rules take the options of theirs the form holds (a shared one,
            # such as the turn limit, applies to both).
            ruleset_b = data["ruleset_b"]
            if ruleset_b not in self.game.rulesets():
                return {"ruleset_b": ruleset_b}  # the service says what is missing
            return {"ruleset_b": ruleset_b, "options_b": chosen_options(self.game, ruleset_b, data)}
        if data["kind"] == SimulationKind.CARD_IMPACT:
            return {"card": data["card"], "substitute": data["substitute"] or None}
        if data["kind"] == SimulationKind.ERRATA:
            return {
                "card": data["draft_card"],
                "changes": draft_changes(data["draft_changes"]),
                "note": data["draft_note"],
            }
        if data["kind"] == SimulationKind.GAUNTLET:
            return {
                "decks": [deck.pk for deck in data["more_decks"]],
                "opponents": [deck.pk for deck in data["more_opponents"]],
            }
        return {}


WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")


def draft_changes(text: str) -> dict[str, Any]:
    """``"melee=3, cost=2"`` as ``{"melee": 3, "cost": 2}`` (whole numbers stay numbers,
    true/false marks become booleans); the service says what it refuses."""
    changes: dict[str, Any] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        value = value.strip()
        if value.lower() in ("true", "false"):
            changes[name.strip()] = value.lower() == "true"
        else:
            # ASCII digits only: "²" passes str.isdigit() and then fails int().
            whole = WHOLE_NUMBER.fullmatch(value)
            changes[name.strip()] = int(value) if whole else value
    return {name: value for name, value in changes.items() if name}


def initial_from_job(job: SimulationJob, card: str) -> dict[str, Any]:
    """A card impact form for ``card`` of a finished job's deck A: the same decks, bots,
    rules, games and seed, so the base arm replays that job's games."""
    return {
        "kind": SimulationKind.CARD_IMPACT,
        "card": card,
        "deck_a": job.deck_a_id,
        "deck_b": job.deck_b_id,
        "bot_a": job.bot_a,
        "bot_b": job.bot_b,
        "ruleset": job.ruleset,
        "games": job.games,
        "seed": job.seed,
        **{name: value for name, value in job.options.items()},
    }


def _deck_label(deck: Deck) -> str:
    public = "" if deck.visibility == Visibility.PRIVATE else ", public"
    return f"{deck.name} (by {deck.owner.username}{public})"
