"""The ruleset options of the start form in a player's words: one field per option, each
shown only under the rulesets that offer it (``games.play.RULESET_OPTIONS``).

A field's starting value is the rulebook's own. Where the deck's rulesets disagree on
it (the turn limit is 60 turns under beta-2026-07, 400 under beta-2025) the field
starts blank, which means "as the chosen rulebook says"; the match records the value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from django import forms

from games.play import MAX_TURNS_RANGE, Game
from shen_site.record_numbers import WholeNumberFormField

# "As the rulebook says": the chosen ruleset's own value.
RULEBOOK = ""


def _choices(label: str, words: Sequence[tuple[str, str]]) -> Callable[[], forms.Field]:
    return lambda: forms.ChoiceField(label=label, choices=list(words), required=False)


def _yes_no(label: str) -> Callable[[], forms.Field]:
    return lambda: forms.BooleanField(label=label, required=False)


OPTION_FIELDS: Mapping[str, Callable[[], forms.Field]] = MappingProxyType(
    {
        "recovery": _choices(
            "Who recovers each turn (R9)",
            [("all", "Both players"), ("turn_player", "Only the player whose turn it is")],
        ),
        "ko": _yes_no("Ko: no counter where one was just captured (R12)"),
        "realm_stone_counts": _yes_no("Realm Stones count for captures and costs (R15)"),
        "opening_redraw": _yes_no("A hand without an Avatar may be redrawn once (R8)"),
        "spirits_limit": lambda: WholeNumberFormField(
            label="Spirits a player may have in play at once (R16)",
            min_value=0,
            max_value=9,
            required=False,
            help_text="0: any number.",
        ),
        "ties": _choices(
            "A tied combat roll (R22)",
            [("reroll", "Is rolled again"), ("defender", "Goes to the defender")],
        ),
        "ranged_counters": _yes_no("Shén counters add to ranged rolls (R22)"),
        "beaten_attacker_pays": _yes_no(
            "A beaten attacker loses cards like a beaten defender (R23)"
        ),
        "claim_reach": _choices(
            "To claim an anchor point, the Avatar stands (R20)",
            [
                ("on", "On it"),
                ("on_or_next_to", "On it or next to it"),
                ("next_to", "Next to it"),
            ],
        ),
        "retreat": _choices(
            "A beaten Avatar retreats (R23)",
            [
                ("along_attack", "Straight away from the attacker"),
                ("moved_from", "To the space the attacker came from"),
                ("any_empty", "To any empty space next to it"),
            ],
        ),
        "window_items": _yes_no("An Item may be played on a fighting Avatar during combat (R22)"),
        "max_items": lambda: WholeNumberFormField(
            label="Items an Avatar may carry (R16)",
            min_value=0,
            max_value=9,
            required=False,
            help_text="0: any number.",
        ),
        "items_on_walkers": _yes_no("Items may be played on an Avatar on the Spirit Path (R16)"),
        "path_cards": _choices(
            "A card moving an Avatar onto or off the Spirit Path (R16)",
            [
                ("action", "Resolves and is discarded"),
                ("remains", "Stays attached (Remains in Play)"),
            ],
        ),
        "stone_on_edge": _yes_no("A Realm Stone may stand on the board's edge (R7)"),
        "ranged_targets": _choices(
            "A ranged attack may target (R19)",
            [("opponents", "An opponent's Avatar"), ("any", "Any other Avatar, one's own too")],
        ),
        "ranged_ties": _choices(
            "A tied ranged roll (R22)",
            [("as_melee", "Is settled as a tied melee roll"), ("defender", "Goes to the defender")],
        ),
        "ranged_after_combat": _yes_no(
            "The winner of a ranged attack may use an after-combat ability (R23)"
        ),
        "movement": _choices(
            "An Avatar moves (R21)",
            [
                ("trait", "Up to the movement value on its card"),
                ("text", "One space or vertex (a Spirit on the Path 3), plus bonuses"),
            ],
        ),
        "max_turns": lambda: WholeNumberFormField(
            label="Turn limit (R26)",
            min_value=MAX_TURNS_RANGE[0],
            max_value=MAX_TURNS_RANGE[1],
            required=False,
            help_text="After the last turn, the player with more cards wins (R26).",
        ),
    }
)


def option_words(option: str, value: Any) -> tuple[str, str]:
    """An option and its value as the start form asks them, for a page that shows what a
    match or simulation played: ("Ko: no counter where one was just captured (R12)",
    "no"), ("Who recovers each turn (R9)", "Both players"). An option the form does not
    ask keeps its name (spaced) and its value as it is."""
    make = OPTION_FIELDS.get(option)
    if make is None:
        return option.replace("_", " "), str(value)
    field = make()
    if isinstance(field, forms.BooleanField):
        return str(field.label), "yes" if value else "no"
    if isinstance(field, forms.ChoiceField):
        return str(field.label), str(dict(field.choices).get(value, value))
    # A number with a meaning of its own says so in the field's help ("0: any number.").
    help_text, prefix = str(field.help_text or ""), f"{value}: "
    meaning = help_text.removeprefix(prefix).rstrip(".") if help_text.startswith(prefix) else ""
    return str(field.label), meaning or str(value)


def options_in_words(*option_sets: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """Each option of any of ``option_sets`` in the form's order: its label and its value
    in each set, in words (``option_words``; "—" where a set lacks it), so two rule sets
    read side by side."""
    order = {option: index for index, option in enumerate(OPTION_FIELDS)}
    named = sorted(
        {option for options in option_sets for option in options},
        key=lambda option: (order.get(option, len(order)), option),
    )
    return [
        (
            option_words(option, None)[0],
            [
                option_words(option, options[option])[1] if option in options else "—"
                for options in option_sets
            ],
        )
        for option in named
    ]


def option_fields(game: Game, rulesets: Sequence[str]) -> dict[str, tuple[forms.Field, str]]:
    """The fields of every option one of ``rulesets`` offers, each with the space-separated
    names of the rulesets it applies to (what the page shows it under)."""
    fields: dict[str, tuple[forms.Field, str]] = {}
    for option in OPTION_FIELDS:
        under = [name for name in rulesets if option in game.match_options(name)]
        if not under:
            continue
        field = OPTION_FIELDS[option]()
        defaults = {repr(game.option_default(name, option)) for name in under}
        if len(defaults) == 1:
            field.initial = game.option_default(under[0], option)
        elif isinstance(field, forms.ChoiceField):
            field.choices = [(RULEBOOK, "As the chosen rulebook says"), *field.choices]
        else:
            field.help_text = "Blank: as the chosen rulebook says ({}).".format(
                ", ".join(f"{game.option_default(name, option)} under {name}" for name in under)
            )
        fields[option] = (field, " ".join(under))
    return fields


def chosen_options(
    game: Game, ruleset: str, data: Mapping[str, Any], suffix: str = ""
) -> dict[str, Any]:
    """Every option of ``ruleset`` with its value in a valid form's ``data`` (its field named
    with ``suffix``, for a second arm's rules: ``ko_b``); a blank one is the rulebook's own
    value, written out so the match's record says what it played."""
    chosen = {}
    for option in game.match_options(ruleset):
        value = data.get(option + suffix)
        chosen[option] = (
            game.option_default(ruleset, option) if value in (None, RULEBOOK) else value
        )
    return chosen


class RulesetOptionsMixin:
    """A form with a ``ruleset`` field: the options of the rulesets it offers, read for the
    chosen one only, and checked as a game checks them. A form that plays a second set of
    rules (a rule A/B's arm B) adds their options again, as fields of their own."""

    fields: dict[str, forms.Field]
    cleaned_data: dict[str, Any]

    def add_ruleset_options(
        self,
        game: Game,
        rulesets: Sequence[str],
        *,
        ruleset_field: str = "ruleset",
        label: str = "",
    ) -> None:
        """Add the option fields of ``rulesets`` (the choices of ``ruleset_field``). Those
        of a second ruleset field (``ruleset_b``) take its suffix (``ko_b``) and say whose
        they are before their label (``label``: "Arm B: Ko: ...")."""
        self.game = game
        if not hasattr(self, "option_rulesets"):
            self.option_rulesets: dict[str, dict[str, str]] = {}
            self.offered_rulesets: dict[str, Sequence[str]] = {}
        suffix = ruleset_field.removeprefix("ruleset")
        self.option_rulesets[ruleset_field] = {}
        self.offered_rulesets[ruleset_field] = rulesets
        for option, (field, under) in option_fields(game, rulesets).items():
            if label:
                field.label = f"{label}: {field.label}"
            self.fields[option + suffix] = field
            self.option_rulesets[ruleset_field][option + suffix] = under

    def option_boxes(
        self, ruleset_field: str = "ruleset"
    ) -> list[tuple[forms.BoundField, str, str]]:
        """The option fields of ``ruleset_field``'s rulesets, each with the names of the
        rulesets it applies to (spaced, for the page's script) and, when several rulesets
        are offered, those names in words."""
        several = len(self.offered_rulesets[ruleset_field]) > 1
        return [
            (self[name], under, under.replace(" ", ", ") if several else "")  # type: ignore[index]
            for name, under in self.option_rulesets[ruleset_field].items()
        ]

    def option_names(self, ruleset_field: str = "ruleset") -> list[str]:
        """The names of the option fields that ``ruleset_field``'s choice reads."""
        return list(self.option_rulesets[ruleset_field])

    def clean(self) -> dict[str, Any]:
        data = super().clean()  # type: ignore[misc]
        ruleset = data.get("ruleset")
        if ruleset:
            try:
                self.game.check_options(ruleset, self.options())
            except ValueError as error:
                raise forms.ValidationError(f"These options do not make a game: {error}") from None
        return data

    def options(self) -> dict[str, Any]:
        """Every option of the chosen ruleset, a blank one at its rulebook's value."""
        return chosen_options(self.game, self.cleaned_data["ruleset"], self.cleaned_data)
