"""The form that starts a simulation: two decks, a bot for each, ruleset, options, games, seed."""

from __future__ import annotations

import copy
import re
from typing import Any

from django import forms
from django.db.models import Q

from cards.revisions import ability_data
from cards.search.picking import card_named
from decks.models import Deck, Visibility
from games.matches.forms import MatchStartForm
from games.matches.options import RulesetOptionsMixin, chosen_options
from games.models.scenarios import Scenario
from games.models.simulations import MAX_GAMES, SimulationJob, SimulationKind
from games.play import GAMES
from games.refusals import Refusal
from games.rulesets import FORMATS_GAME, deck_rulesets
from games.simulations.card_picker import CatalogueCardField
from games.simulations.draft_abilities import AbilitiesEditor, edited
from games.simulations.parameters import RULES_TEXT_LENGTH
from shen_site.json_input import JSONInputError, json_document_read
from shen_site.record_numbers import RecordChoiceField, WholeNumberFormField, record_number

# The ruleset and the seed are asked as a match asks them (games.matches.forms); the ruleset's
# options too (games.matches.options).
MATCH_FIELDS = ("ruleset", "seed")
# How long a draft's abilities may be, as JSON text (a card has a few abilities).
ABILITIES_LENGTH = 5000
# Where an errata's abilities come from: the card's own, the abilities form, or JSON text.
ABILITIES_FROM = [
    ("keep", "Keep the card's abilities"),
    ("form", "Draft them in the form below"),
    ("json", "Draft them as JSON"),
]
# How many public decks of others each deck menu offers besides my own.
PUBLIC_DECKS_OFFERED = 50
# Each kind's own fields (a rule A/B's arm B options besides) and the legend the page
# shows them under; a plain matchup has none.
KIND_PARTS: dict[str, tuple[str, tuple[str, ...]]] = {
    SimulationKind.RULE_AB: ("For a rule A/B job: arm B", ("ruleset_b",)),
    SimulationKind.CARD_IMPACT: ("For a card-impact job", ("card", "substitute")),
    SimulationKind.GAUNTLET: ("For a gauntlet job", ("more_decks", "more_opponents")),
    SimulationKind.SCENARIO_AB: ("For a scenario A/B job", ("scenario_b",)),
    SimulationKind.ERRATA: (
        "For an errata what-if job",
        (
            "draft_card",
            "draft_changes",
            "draft_abilities_from",
            "draft_abilities",
            "draft_rules_text",
            "draft_note",
        ),
    ),
}
# The field each of a kind's parameters is read from (``parameters``): a refusal of the
# service that names a parameter names that field's label on the page.
PARAMETER_FIELDS: dict[str, dict[str, str]] = {
    SimulationKind.RULE_AB: {"ruleset_b": "ruleset_b"},
    SimulationKind.CARD_IMPACT: {"card": "card", "substitute": "substitute"},
    SimulationKind.GAUNTLET: {"decks": "more_decks", "opponents": "more_opponents"},
    SimulationKind.SCENARIO_AB: {"scenario_b": "scenario_b"},
    SimulationKind.ERRATA: {
        "card": "draft_card",
        "changes": "draft_changes",
        "abilities": "draft_abilities_from",
        "rules_text": "draft_rules_text",
        "note": "draft_note",
    },
}


# The seats after deck A's and deck B's: their fields are named deck_3, bot_3 ... deck_6.
# (M1: a game has two to six players.)
MORE_SEATS = (3, 4, 5, 6)
SEAT_LETTERS = "ABCDEF"


def draft_textarea(*, max_length: int, rows: int, label: str, help_text: str) -> forms.CharField:
    """An optional draft field written over several lines."""
    return forms.CharField(
        required=False,
        max_length=max_length,
        # 30 columns fit a 390 px phone (the default 40 made the start form scroll sideways).
        widget=forms.Textarea(attrs={"rows": rows, "cols": 30}),
        label=label,
        help_text=help_text,
    )


class SimulationStartForm(RulesetOptionsMixin, forms.Form):
    deck_a = RecordChoiceField(queryset=Deck.objects.none(), label="Deck A")
    bot_a = forms.ChoiceField(label="Deck A's bot")
    deck_b = RecordChoiceField(queryset=Deck.objects.none(), label="Deck B")
    bot_b = forms.ChoiceField(label="Deck B's bot")
    scenario = forms.ModelChoiceField(
        queryset=Scenario.objects.none(),
        to_field_name="slug",
        required=False,
        empty_label="The ruleset's own board (two players)",
        label="Scenario",
        help_text="The board, its anchor points, the players and the teams (M1).",
    )
    scenario_b = forms.ModelChoiceField(
        queryset=Scenario.objects.none(),
        to_field_name="slug",
        required=False,
        label="Second scenario",
        help_text="The same decks and seeds on this scenario: as many players as the first.",
    )
    kind = forms.ChoiceField(
        required=False,
        choices=SimulationKind.choices,
        initial=SimulationKind.MATCHUP,
        label="Kind",
        help_text="A paired kind plays the same games twice and shows the shift.",
    )
    ruleset_b = forms.ChoiceField(
        required=False,
        label="Arm B's ruleset",
        help_text=(
            "Arm A plays the rules above, arm B these: the same ruleset with other options, "
            "or another ruleset. The same decks and seeds are played under both."
        ),
    )
    card = CatalogueCardField(
        decks=("deck_a",),
        label="Card of deck A",
        help_text="Type part of its name and pick it from deck A's cards.",
    )
    substitute = CatalogueCardField(
        label="Substitute",
        help_text="The card of the catalogue put in its place; empty for a blank.",
    )
    more_decks = forms.ModelMultipleChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        label="More decks",
        help_text="Decks played besides deck A.",
    )
    more_opponents = forms.ModelMultipleChoiceField(
        queryset=Deck.objects.none(),
        required=False,
        label="More opponents",
        help_text="Opponents besides deck B. Each pairing plays the number of games below.",
    )
    draft_card = CatalogueCardField(
        decks=("deck_a", "deck_b"),
        label="Card to draft",
        help_text="A card either deck plays: type part of its name and pick it.",
    )
    draft_changes = forms.CharField(
        required=False,
        max_length=300,
        label="Draft change",
        help_text="New values, e.g. melee=3, cost=2.",
    )
    draft_abilities_from = forms.ChoiceField(
        required=False,
        choices=ABILITIES_FROM,
        label="Draft abilities",
        help_text="Drafted abilities replace all of the card's.",
    )
    draft_abilities = draft_textarea(
        max_length=ABILITIES_LENGTH,
        rows=4,
        label="Draft abilities as JSON",
        help_text=(
            "As the catalogue file and the API write them, e.g. "
            '[{"name": "Kindle", "cost": 1, "timing": "activated", '
            '"effect": [{"verb": "draw_cards", "count": 1}]}]; [] for none.'
        ),
    )
    draft_rules_text = draft_textarea(
        max_length=RULES_TEXT_LENGTH,
        rows=3,
        label="Draft rules text",
        help_text=(
            "The card's printed text as drafted, published with the erratum; "
            "empty to keep it as it is."
        ),
    )
    draft_note = forms.CharField(
        required=False, max_length=200, label="Erratum note", help_text="Why."
    )
    games = WholeNumberFormField(
        min_value=1,
        max_value=MAX_GAMES,
        initial=200,
        help_text=f"Up to {MAX_GAMES:,}; half of them with the seats swapped.",
    )

    def __init__(self, *args: Any, user, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        for name in MATCH_FIELDS:
            self.fields[name] = copy.deepcopy(MatchStartForm.base_fields[name])
        # A match's seed words speak of seats and secrecy; a job's seed is the designer's.
        self.fields["seed"].help_text = "Blank: a random seed, shown with the results."
        # No deck is chosen yet: the bots and rulesets offered are those of the formats' game.
        play = GAMES[FORMATS_GAME]
        bots = [(name, name) for name in play.bot_names()]
        self.fields["bot_a"].choices = self.fields["bot_b"].choices = bots
        self.fields["ruleset"].choices = [(name, name) for name in play.rulesets()]
        scenarios = Scenario.objects.filter(is_active=True)
        self.fields["scenario"].queryset = self.fields["scenario_b"].queryset = scenarios
        self.scenario_players = dict(scenarios.values_list("slug", "players"))
        for seat in MORE_SEATS:
            letter = SEAT_LETTERS[seat - 1]
            self.fields[f"deck_{seat}"] = RecordChoiceField(
                queryset=Deck.objects.none(),
                required=False,
                label=f"Deck {letter}",
                help_text=f"Seat {seat} in the first game, for a scenario of {seat} or more.",
            )
            self.fields[f"bot_{seat}"] = forms.ChoiceField(
                required=False, choices=bots, label=f"Deck {letter}'s bot"
            )
        self.add_ruleset_options(play, play.rulesets())
        self.fields["ruleset_b"].choices = [("", "—"), *self.fields["ruleset"].choices]
        self.add_ruleset_options(play, play.rulesets(), ruleset_field="ruleset_b", label="Arm B")
        offered = Deck.objects.listed().exclude(owner=user).order_by("-updated_at", "-pk")
        picked = [
            self.initial.get("deck_a"),
            self.initial.get("deck_b"),
            self.data.get("deck_a"),
            self.data.get("deck_b"),
            *(self.data.get(f"deck_{seat}") for seat in MORE_SEATS),
        ]
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
        seat_fields = tuple(f"deck_{seat}" for seat in MORE_SEATS)
        for name in ("deck_a", "deck_b", "more_decks", "more_opponents", *seat_fields):
            self.fields[name].queryset = decks
            self.fields[name].label_from_instance = _deck_label
        # Opened from a deck's page: its format's first ruleset (both decks must be of
        # formats played under the rules chosen; the service says so otherwise).
        opened_from = decks.filter(pk=record_number(self.initial.get("deck_a")) or 0).first()
        if opened_from is not None and (rulesets := deck_rulesets(opened_from)):
            self.fields["ruleset"].initial = rulesets[0]
        # An errata's abilities as the form shows them: as posted, or one to fill in.
        posted = self.is_bound and self.data.get("draft_abilities_from") == "form"
        self.abilities_editor = (
            AbilitiesEditor.posted(self.data) if posted else AbilitiesEditor.blank()
        )
        chosen = self.data.get("kind") or SimulationKind.MATCHUP
        self.ignored_fields = {
            name for kind, names in self.kind_fields().items() if kind != chosen for name in names
        }
        # Seats the chosen scenario lacks are hidden and never read, as another kind's fields.
        players = self.scenario_players.get(str(self.data.get("scenario", "")), 2)
        self.ignored_fields |= {
            f"{field}_{seat}" for seat in MORE_SEATS if seat > players for field in ("deck", "bot")
        }

    def seat_parts(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        """Seats 3 to 6: (the scenarios' slugs that seat it, its deck, its bot)."""
        return [
            (
                " ".join(
                    slug for slug, players in self.scenario_players.items() if players >= seat
                ),
                self[f"deck_{seat}"],
                self[f"bot_{seat}"],
            )
            for seat in MORE_SEATS
        ]

    def seats(self) -> tuple[list[Deck], list[str]]:
        """The decks and bots of the chosen scenario's seats after the first two."""
        scenario = self.cleaned_data.get("scenario")
        players = scenario.players if scenario is not None else 2
        chosen = MORE_SEATS[: players - 2]
        return (
            [self.cleaned_data[f"deck_{seat}"] for seat in chosen],
            [self.cleaned_data[f"bot_{seat}"] for seat in chosen],
        )

    def clean(self) -> dict[str, Any]:
        """Every seat the chosen scenario has takes a deck and a bot."""
        data = super().clean()
        scenario = data.get("scenario")
        players = scenario.players if scenario is not None else 2
        for seat in MORE_SEATS[: max(players - 2, 0)]:
            for name in (f"deck_{seat}", f"bot_{seat}"):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, f"{scenario} seats {players}: choose one for seat {seat}.")
        return data

    def kind_fields(self) -> dict[str, list[str]]:
        """The fields of each kind's own (beyond decks, bots, rules and games): the page
        shows the chosen kind's alone, and the form neither checks nor reads another's."""
        return {
            kind: [
                *names,
                *(self.option_names("ruleset_b") if kind == SimulationKind.RULE_AB else ()),
            ]
            for kind, (_, names) in KIND_PARTS.items()
        }

    def kind_parts(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Each kind's own fields with the legend the page shows them under."""
        return [
            (kind, legend, [self[name] for name in names])
            for kind, (legend, names) in KIND_PARTS.items()
        ]

    def arm_b_option_boxes(self) -> list[tuple[forms.BoundField, str, str]]:
        """A rule A/B's arm B: its ruleset's options, as the form's own (``option_boxes``)."""
        return self.option_boxes("ruleset_b")

    def refusal_words(self, refused: Refusal) -> str:
        """The service's refusal of this form's job, naming the chosen kind's parameters by
        their fields' labels ("Arm B's ruleset") where the API names them by key."""
        fields = PARAMETER_FIELDS.get(self.cleaned_data.get("kind"), {})
        return refused.said_with(
            {key: str(self.fields[name].label) for key, name in fields.items()}
        )

    def add_error(self, field: str | None, error: Any) -> None:
        """An error of a field of a kind not chosen is no error: the page hides those
        fields (or says whose they are, without a script) and the job never reads them,
        so whatever they hold must not keep the chosen kind from starting."""
        if field in self.ignored_fields:
            return
        super().add_error(field, error)

    def clean_draft_abilities_from(self) -> str:
        """Where the draft's abilities come from; unsaid, the JSON when there is some (as the
        form read them before it had the abilities form), else the card's own."""
        chosen = self.cleaned_data.get("draft_abilities_from")
        if chosen:
            return chosen
        return "json" if str(self.data.get("draft_abilities", "")).strip() else "keep"

    def clean_draft_abilities(self) -> Any:
        """The draft's abilities (None: left as they are): drafted in the abilities form,
        each checked as the catalogue checks an ability; or JSON data, read as any JSON
        from a stranger is (bounded nesting, no control characters). Whether they suit the
        card is the service's to check, as the catalogue checks a card."""
        chosen = self.cleaned_data.get("draft_abilities_from")
        if chosen == "form":
            abilities = self.abilities_editor.abilities()
            if abilities is None:  # said where the designer chose the form
                self.add_error("draft_abilities_from", "See what each ability needs below.")
            return abilities
        text = self.cleaned_data.get("draft_abilities", "").strip()
        if chosen != "json" or not text:
            return None
        try:
            return json_document_read(text)
        except JSONInputError as error:
            where = f" (line {error.line})" if error.line else ""
            raise forms.ValidationError(f"Draft abilities: {error}{where}") from None

    def clean_kind(self) -> str:
        """Deck A against deck B unless another kind is chosen."""
        return self.cleaned_data.get("kind") or SimulationKind.MATCHUP

    def parameters(self) -> dict[str, Any]:
        """What the chosen kind reads besides the decks (the service checks it)."""
        data = self.cleaned_data
        if data["kind"] == SimulationKind.RULE_AB:
            # Arm B's rules take arm B's own option fields (ko_b), never arm A's.
            ruleset_b = data["ruleset_b"]
            if ruleset_b not in self.game.rulesets():
                return {"ruleset_b": ruleset_b}  # the service says what is missing
            options_b = chosen_options(self.game, ruleset_b, data, suffix="_b")
            return {"ruleset_b": ruleset_b, "options_b": options_b}
        if data["kind"] == SimulationKind.CARD_IMPACT:
            # The service reads deck A's card by its name, the substitute by its slug.
            card, substitute = data["card"], data["substitute"]
            return {
                "card": card.name if card else "",
                "substitute": substitute.slug if substitute else None,
            }
        if data["kind"] == SimulationKind.ERRATA:
            changes = draft_changes(data["draft_changes"])
            if data["draft_abilities"] is not None:
                changes["abilities"] = data["draft_abilities"]
            if data["draft_rules_text"].strip():
                changes["rules_text"] = data["draft_rules_text"]
            card = data["draft_card"].slug if data["draft_card"] else ""
            return {"card": card, "changes": changes, "note": data["draft_note"]}
        if data["kind"] == SimulationKind.SCENARIO_AB:
            second = data["scenario_b"]
            return {"scenario_b": second.slug if second else ""}
        if data["kind"] == SimulationKind.GAUNTLET:
            return {
                "decks": [deck.pk for deck in data["more_decks"]],
                "opponents": [deck.pk for deck in data["more_opponents"]],
            }
        return {}

    def unchecked(self) -> SimulationStartForm:
        """This form unbound, showing what was sent (a page shown again to go on filling
        it in, with no error said of what is not filled in yet)."""
        sent = {
            name: field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            for name, field in self.fields.items()
        }
        return SimulationStartForm(user=self.user, initial=sent)


def abilities_edited(form: SimulationStartForm, edit: str) -> AbilitiesEditor:
    """The errata's abilities form of ``form`` (as posted) with ``edit`` made; ``load``
    starts it from the draft card's abilities."""
    if edit != "load":
        return AbilitiesEditor.of_rows(edited(AbilitiesEditor.posted(form.data).rows(), edit))
    card = card_named(str(form.data.get("draft_card", "")))
    if card is None:
        blank = AbilitiesEditor.posted(form.data)
        blank.note = "Pick the card to draft first: its abilities start the form."
        return blank
    return AbilitiesEditor.of_abilities([ability_data(a) for a in card.abilities.all()])


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
