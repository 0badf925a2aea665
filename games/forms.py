"""The start form: opponent, decks, ruleset and its options, seed, who goes first."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q

from decks.models import Deck, Visibility
from games.match_options import chosen_options, option_fields
from games.models import FirstTurn, Mode
from games.play import GAMES
from games.rulesets import deck_rulesets
from games.services import MAX_SEED

OPPONENTS = [(Mode.HOTSEAT, "Hot-seat"), (Mode.BOT, "A bot"), (Mode.FRIEND, "A friend")]
# How many public decks the opponent's-deck menu offers besides my own.
PUBLIC_DECKS_OFFERED = 50


class MatchStartForm(forms.Form):
    opponent = forms.ChoiceField(choices=OPPONENTS, initial=Mode.HOTSEAT)
    bot = forms.ChoiceField(required=False)
    opponent_deck = forms.ModelChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        empty_label="The same deck (a mirror match)",
        help_text="Not used against a friend: they bring their own.",
    )
    ruleset = forms.ChoiceField()
    seed = forms.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, help_text="Blank: a random seed."
    )
    first_turn = forms.ChoiceField(choices=FirstTurn.choices, initial=FirstTurn.DICE)

    def __init__(self, *args: Any, user, deck: Deck, game: str = "shen", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        play = GAMES[game]
        self.fields["bot"].choices = [(name, name) for name in play.bot_names()]
        # Only the rulesets the deck's format is played under and the game can play.
        rulesets = deck_rulesets(deck, game=game)
        self.fields["ruleset"].choices = [(name, name) for name in rulesets]
        self.fields["ruleset"].initial = rulesets[0] if rulesets else None
        # Each ruleset's options, shown only under the rulesets that offer them.
        self.game = play
        self.option_rulesets: dict[str, str] = {}
        for name, (field, under) in option_fields(play, rulesets).items():
            self.fields[name] = field
            self.option_rulesets[name] = under
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

    def option_boxes(self) -> list[tuple[forms.BoundField, str, str]]:
        """The option fields, each with the names of the rulesets it applies to (spaced, for
        the page's script) and, when the deck has several rulesets, those names in words."""
        several = len(self.fields["ruleset"].choices) > 1
        return [
            (self[name], under, under.replace(" ", ", ") if several else "")
            for name, under in self.option_rulesets.items()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        ruleset = data.get("ruleset")
        if ruleset:
            try:
                self.game.check_options(ruleset, self.options())
            except ValueError as error:
                raise forms.ValidationError(f"These options do not make a game: {error}") from None
        return data

    def options(self) -> dict[str, Any]:
        """The options of the chosen ruleset that differ from its rulebook's blanks."""
        return chosen_options(self.game, self.cleaned_data["ruleset"], self.cleaned_data)
