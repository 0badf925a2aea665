"""The form that starts a simulation: two decks, a bot for each, ruleset, options, games, seed."""

from __future__ import annotations

import copy
from typing import Any

from django import forms
from django.db.models import Q

from decks.models import Deck, Visibility
from games.forms import MatchStartForm
from games.match_options import RulesetOptionsMixin
from games.models_simulation import MAX_GAMES
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
        for name in ("deck_a", "deck_b"):
            self.fields[name].queryset = decks
            self.fields[name].label_from_instance = _deck_label
        # Opened from a deck's page: its format's first ruleset (both decks must be of
        # formats played under the rules chosen; the service says so otherwise).
        opened_from = decks.filter(pk=record_number(self.initial.get("deck_a")) or 0).first()
        if opened_from is not None and (rulesets := deck_rulesets(opened_from, game=game)):
            self.fields["ruleset"].initial = rulesets[0]


def _deck_label(deck: Deck) -> str:
    public = "" if deck.visibility == Visibility.PRIVATE else ", public"
    return f"{deck.name} (by {deck.owner.username}{public})"
