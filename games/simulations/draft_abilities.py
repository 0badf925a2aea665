"""An errata draft's abilities as a form in the effect vocabulary's own terms: each ability
a name, cost, timing and printed text, and its effect as steps, each a verb and that
verb's parameters; steps and abilities added and removed on the page (htmx, or a plain
submit without a script: one view, ``simulation_new``).

The form gives the data the draft's JSON gave (``[{"name", "cost", "timing", "effect":
[{"verb", ...}], "text"}]``). Each ability is checked as the catalogue checks one not yet
on a card (``cards.validation.ability_faults``, whose effect check is the engine's parser)
so that each fault stands at its field; whether the abilities suit the card's kind is the
service's to say, as it says it of the JSON.

Fields are named ``ability-<i>-name`` and ``ability-<i>-step-<j>-verb``; the rows are
read back from what was posted, never from a count the page sends.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from django import forms

from cards.models import Ability
from cards.revisions import ABILITY_FIELDS, ability_data
from cards.validation import MAX_ABILITY_NAME, ability_faults
from games.engine import TIMINGS, VERBS


@dataclass(frozen=True)
class StepParam:
    """How the form asks one parameter of a step: a menu of ``choices``, else a whole
    number (its bounds are the parser's to judge, which says them)."""

    label: str
    choices: tuple[str, ...] = ()


def _choices(name: str) -> tuple[str, ...]:
    """The values the effect vocabulary allows for parameter ``name`` (none: a number)."""
    return next(
        (
            tuple(param.choices)
            for params in VERBS.values()
            for param_name, param in params.items()
            if param_name == name and param.choices
        ),
        (),
    )


# The form's labels for the vocabulary's parameters (games/engine/effects.py, VERBS).
_LABELS = {
    "count": "Count",
    "range": "Range",
    "trait": "Trait",
    "amount": "Amount",
    "target": "Target",
    "duration": "Duration",
}
STEP_PARAMS: Mapping[str, StepParam] = MappingProxyType(
    {name: StepParam(label, _choices(name)) for name, label in _LABELS.items()}
)
# Each verb's parameters, in the vocabulary's order (games.engine.VERBS).
VERB_PARAMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {verb: tuple(params) for verb, params in VERBS.items()}
)
# A card has a few abilities of a few steps; more is no draft, and bounds what is read.
MAX_ABILITIES = 6
MAX_STEPS = 8
# A printed ability's text: a sentence or two.
ABILITY_TEXT_LENGTH = 500
SIGNED_WHOLE = re.compile(r"-?[0-9]{1,4}")
EDIT = re.compile(
    r"(add-ability|load)|(remove-ability|add-step)-([0-9])|remove-step-([0-9])-([0-9])"
)


def words(name: str) -> str:
    """A vocabulary name in words: "draw_cards" as "draw cards"."""
    return name.replace("_", " ")


class SignedWholeField(forms.IntegerField):
    """A whole number, maybe negative, in ASCII digits (a step's count or amount)."""

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        text = value.strip() if isinstance(value, str) else str(value)
        if not SIGNED_WHOLE.fullmatch(text):
            raise forms.ValidationError("Enter a whole number.", code="invalid")
        return int(text)


class AbilityForm(forms.Form):
    """One ability: its name, cost, timing and printed text (its steps are StepForms)."""

    name = forms.CharField(max_length=MAX_ABILITY_NAME, required=False, label="Name")
    cost = SignedWholeField(required=False, label="Cost", help_text="Shén to pay; blank for none.")
    timing = forms.ChoiceField(
        choices=Ability.TIMING_CHOICES, initial=TIMINGS[0], required=False, label="Timing"
    )
    text = forms.CharField(
        max_length=ABILITY_TEXT_LENGTH,
        required=False,
        label="Printed text",
        help_text="As the card will print it; optional.",
    )


class StepForm(forms.Form):
    """One step of an effect: its verb and every parameter any verb takes (the page shows
    the chosen verb's alone; only those are read)."""

    verb = forms.ChoiceField(
        choices=[(verb, words(verb)) for verb in VERB_PARAMS], required=False, label="Verb"
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, param in STEP_PARAMS.items():
            if param.choices:
                self.fields[name] = forms.ChoiceField(
                    choices=[(choice, words(choice)) for choice in param.choices],
                    required=False,
                    label=param.label,
                )
            else:
                self.fields[name] = SignedWholeField(
                    required=False,
                    label=param.label,
                    initial=1,
                    widget=forms.NumberInput({"class": "narrow"}),
                )

    def param_fields(self) -> list[tuple[forms.BoundField, str, str]]:
        """Each parameter's field with the verbs that take it, as the page's data-values
        ("draw_cards place_counters") and in words ("draw cards, place counters")."""
        found = []
        for name in STEP_PARAMS:
            verbs = [verb for verb, names in VERB_PARAMS.items() if name in names]
            found.append((self[name], " ".join(verbs), ", ".join(map(words, verbs))))
        return found

    def step(self) -> dict[str, Any]:
        """The step as effect data: its verb and the chosen verb's parameters given."""
        data = self.cleaned_data
        verb = data.get("verb") or ""
        given = {name: data.get(name) for name in VERB_PARAMS.get(verb, ())}
        return {
            "verb": verb,
            **{name: value for name, value in given.items() if value not in (None, "")},
        }


@dataclass
class AbilityPart:
    """An ability of the editor: its form and its steps' forms."""

    form: AbilityForm
    steps: list[StepForm] = field(default_factory=list)

    @property
    def index(self) -> int:
        return int(self.form.prefix.split("-")[1])


def _prefix(ability: int, step: int | None = None) -> str:
    return f"ability-{ability}" if step is None else f"ability-{ability}-step-{step}"


def _posted(data: Mapping[str, Any], limit: int, prefix: str) -> list[int]:
    """The indices below ``limit`` of the rows named ``<prefix><i>-`` in ``data``."""
    keys = list(data.keys())
    return [i for i in range(limit) if any(key.startswith(f"{prefix}{i}-") for key in keys)]


def _values(form: forms.Form, data: Mapping[str, Any]) -> dict[str, Any]:
    """What ``data`` holds for ``form``'s fields, as posted (for a form shown again)."""
    return {
        name: asked.widget.value_from_datadict(data, {}, form.add_prefix(name))
        for name, asked in form.fields.items()
    }


def _given(values: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` without the blanks, which show as their fields' initial values (a
    parameter of a verb not chosen was not sent)."""
    return {name: value for name, value in values.items() if value not in (None, "")}


Rows = list[tuple[dict[str, Any], list[dict[str, Any]]]]


class AbilitiesEditor:
    """The draft's abilities as the page shows them, bound to what was posted or not."""

    def __init__(self, parts: list[AbilityPart], *, note: str = "") -> None:
        self.parts = parts
        self.note = note

    @classmethod
    def blank(cls) -> AbilitiesEditor:
        """One ability of one step, to be filled in."""
        return cls.of_rows([({}, [{}])])

    @classmethod
    def posted(cls, data: Mapping[str, Any]) -> AbilitiesEditor:
        """The abilities and steps ``data`` holds, bound to it (to be checked)."""
        parts = []
        for i in _posted(data, MAX_ABILITIES, "ability-"):
            steps = [
                StepForm(data, prefix=_prefix(i, j))
                for j in _posted(data, MAX_STEPS, f"{_prefix(i)}-step-")
            ]
            parts.append(AbilityPart(AbilityForm(data, prefix=_prefix(i)), steps))
        return cls(parts)

    @classmethod
    def of_rows(cls, rows: Rows, *, note: str = "") -> AbilitiesEditor:
        """Unbound forms showing ``rows`` (each ability's values and its steps' values),
        numbered afresh."""
        return cls(
            [
                AbilityPart(
                    AbilityForm(initial=_given(values), prefix=_prefix(i)),
                    [
                        StepForm(initial=_given(step), prefix=_prefix(i, j))
                        for j, step in enumerate(steps[:MAX_STEPS])
                    ],
                )
                for i, (values, steps) in enumerate(rows[:MAX_ABILITIES])
            ],
            note=note,
        )

    @classmethod
    def of_abilities(cls, abilities: Sequence[Mapping[str, Any]]) -> AbilitiesEditor:
        """Unbound forms showing catalogue abilities (``ability_data``'s shape)."""
        rows: Rows = []
        for ability in abilities:
            values = {key: ability.get(key) for key in ("name", "cost", "timing", "text")}
            effect = ability.get("effect")
            steps = (
                [dict(step) for step in effect if isinstance(step, Mapping)]
                if isinstance(effect, list)
                else []
            )
            rows.append((values, steps or [{}]))
        return cls.of_rows(rows, note="" if rows else "The card has no abilities.")

    def rows(self) -> Rows:
        """Each ability's values and its steps' values as posted."""
        return [
            (_values(part.form, part.form.data), [_values(step, step.data) for step in part.steps])
            for part in self.parts
        ]

    def abilities(self) -> list[dict[str, Any]] | None:
        """The abilities as data, each checked as the catalogue checks an ability (its
        faults put at their fields); None when any has a fault."""
        found, sound = [], True
        for part in self.parts:
            steps = [step for step in part.steps if step.is_valid()]
            if not part.form.is_valid() or len(steps) < len(part.steps):
                sound = False
                continue
            values = part.form.cleaned_data
            ability = {
                "name": values["name"].strip(),
                "cost": values["cost"] if values["cost"] is not None else 0,
                "timing": values["timing"],
                "effect": [step.step() for step in steps],
                "text": values["text"].strip(),
            }
            # The ability's own faults; a card's (a target its verbs need) are the service's.
            faults = [
                fault
                for fault in ability_faults(None, {}, ability, "")
                if fault.field.split(".")[0] in ABILITY_FIELDS
            ]
            for fault in faults:
                _put(part, fault.field, fault.message)
            if faults:
                sound = False
            else:
                found.append(ability_data(ability))
        return found if sound else None


def _put(part: AbilityPart, where: str, message: str) -> None:
    """A fault of an ability (``name``, ``effect.1.count``) at the field it names."""
    place = where.split(".")
    if place[0] == "effect" and len(place) == 3 and place[1].isdigit():
        step = part.steps[int(place[1])] if int(place[1]) < len(part.steps) else None
        if step is not None and place[2] in step.fields:
            step.add_error(place[2], message)
            return
    if place[0] in ("name", "cost", "timing", "text") and len(place) == 1:
        part.form.add_error(place[0], message)
    else:
        part.form.add_error(None, f"Effect: {message}" if place[0] == "effect" else message)


def edited(rows: Rows, edit: str) -> Rows:
    """``rows`` with one edit made: ``add-ability``, ``remove-ability-<i>``,
    ``add-step-<i>``, ``remove-step-<i>-<j>`` (anything else changes nothing)."""
    match = EDIT.fullmatch(edit)
    rows = [(dict(values), [dict(step) for step in steps]) for values, steps in rows]
    if match is None:
        return rows
    whole, kind, ability, step_of, step = match.groups()
    if whole == "add-ability" and len(rows) < MAX_ABILITIES:
        rows.append(({}, [{}]))
    elif kind == "remove-ability" and int(ability) < len(rows):
        del rows[int(ability)]
    elif kind == "add-step" and int(ability) < len(rows):
        steps = rows[int(ability)][1]
        if len(steps) < MAX_STEPS:
            steps.append({})
    elif step_of is not None and int(step_of) < len(rows):
        steps = rows[int(step_of)][1]
        if int(step) < len(steps):
            del steps[int(step)]
    return rows
