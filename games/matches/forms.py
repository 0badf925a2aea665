"""The start form: opponent, decks, ruleset and its options, seed, who goes first."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q

from decks.models import Deck, Visibility
from games.matches.options import RulesetOptionsMixin
from games.models import FirstTurn, Mode
from games.play import GAMES
from games.rulesets import deck_rulesets, format_game
from games.seeds import MAX_SEED
from shen_site.record_numbers import RecordChoiceField, WholeNumberFormField

OPPONENTS = [(Mode.HOTSEAT, "Hot-seat"), (Mode.BOT, "A bot"), (Mode.FRIEND, "A friend")]
# How many public decks the opponent's-deck menu offers besides my own.
PUBLIC_DECKS_OFFERED = 50


class MatchStartForm(RulesetOptionsMixin, forms.Form):
    opponent = forms.ChoiceField(choices=OPPONENTS, initial=Mode.HOTSEAT)
    bot = forms.ChoiceField(required=False)
    opponent_deck = RecordChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        empty_label="The same deck (a mirror match)",
        help_text="Not used against a friend: they bring their own.",
    )
    ruleset = forms.ChoiceField()
    seed = WholeNumberFormField(
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        help_text=(
            "Hot-seat and bot matches only. Blank: a secret random seed, shown with the "
            "replay once the match ends; against a bot, a seed you choose makes its cards "
            "predictable."
        ),
    )
    first_turn = forms.ChoiceField(choices=FirstTurn.choices, initial=FirstTurn.DICE)

    def __init__(self, *args: Any, user, deck: Deck, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        play = GAMES[format_game(deck.format)]
        self.fields["bot"].choices = [(name, name) for name in play.bot_names()]
        # Only the rulesets the deck's format is played under and the game can play.
        rulesets = deck_rulesets(deck)
        self.fields["ruleset"].choices = [(name, name) for name in rulesets]
        self.fields["ruleset"].initial = rulesets[0] if rulesets else None
        self.add_ruleset_options(play, rulesets)
        public = Deck.objects.listed().exclude(owner=user).order_by("-updated_at")
        offered = list(public.values_list("pk", flat=True)[:PUBLIC_DECKS_OFFERED])
        self.fields["opponent_deck"].queryset = (
            Deck.objects.alive()
            .filter(Q(owner=user) | Q(pk__in=offered, visibility=Visibility.PUBLIC))
            .select_related("owner")
            .order_by("name", "pk")
        )
        self.fields["opponent_deck"].label_from_instance = lambda deck: (
            f"{deck.name} (by {deck.owner.username})"
        )
