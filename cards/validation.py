"""What makes a card well-formed, as one list of faults shared by the model, loader and admin.

The checks read plain values (model field names, abilities as mappings), so the
catalogue loader can run them on a parsed file before anything is written and
``Card.clean()`` can run them on a form's instance.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from games.engine import (
    MAX_BONUS,
    MAX_TRAIT,
    MAX_VERTEX_COST,
    EffectError,
    cost_limit,
    parse_effect,
    validate_timing,
)

TRAIT_FIELDS = ("melee", "defense", "ranged", "movement")
BONUS_FIELDS = ("bonus_melee", "bonus_defense", "bonus_ranged", "bonus_movement")

# The bounds of costs, traits and bonuses are the engine's (games.engine.cards), so a card
# from outside the catalogue (a replay file's decks) has the same.
MAX_ABILITY_NAME = 80

# When each kind of card may use an ability (games.engine.effects.TIMINGS).
TIMINGS_BY_KIND: Mapping[str, frozenset[str]] = {
    "avatar": frozenset({"activated", "on_manifest", "in_combat", "after_combat", "passive"}),
    "item": frozenset({"activated", "in_combat", "after_combat", "passive", "while_attached"}),
    "remains": frozenset({"on_play", "in_combat", "passive", "while_attached"}),
    "action": frozenset({"on_play", "in_combat"}),
}
_SPIRIT_WORD = re.compile(r"\bSpirit\b")
# Errata 2 of beta-2026-07: moving onto or off the Spirit Path is a Remains-in-Play card.
SPIRIT_PATH_VERBS = frozenset({"walk_spirit_path", "leave_spirit_path"})


@dataclass(frozen=True)
class CardFault:
    """One thing wrong with a card: the field (``abilities[0].effect.1.count``) and why."""

    field: str
    message: str


def card_faults(
    values: Mapping[str, Any], abilities: Sequence[Mapping[str, Any]] | None = None
) -> list[CardFault]:
    """Every fault of a card given its field values and, when known, its abilities.

    ``values`` uses the model's field names (``kind``, ``cost``, ``melee``,
    ``bonus_melee``, ``target``, ``is_spirit``...). With ``abilities=None`` the
    checks that need the abilities are skipped (an admin form before its inlines).
    """
    kind = values.get("kind")
    faults = _trait_faults(kind, values) + _bonus_faults(kind, values)
    faults += _cost_faults(kind, values)
    if kind in ("avatar", "item") and values.get("target", "none") != "none":
        faults.append(CardFault("target", f"an {kind} card has no target"))
    if abilities is not None:
        faults += _ability_faults(kind, values, abilities)
    return faults


def card_validate(
    values: Mapping[str, Any], abilities: Sequence[Mapping[str, Any]] | None = None
) -> None:
    """Raise a Django ValidationError keyed by field when ``card_faults`` finds anything."""
    faults_raise(card_faults(values, abilities))


def faults_raise(faults: Sequence[CardFault]) -> None:
    """Raise the faults, if any, as one ValidationError keyed by model field.

    A fault deeper than a field (``effect.0.count``) goes under its field
    (``effect``) with the full path in the message, so a form can show it.
    """
    if faults:
        errors: dict[str, list[str]] = {}
        for fault in faults:
            key = re.split(r"[.\[]", fault.field, maxsplit=1)[0]
            message = fault.message if key == fault.field else f"{fault.field}: {fault.message}"
            errors.setdefault(key or NON_FIELD_ERRORS, []).append(message)
        raise ValidationError(errors)


def _trait_faults(kind: Any, values: Mapping[str, Any]) -> list[CardFault]:
    faults = []
    for field in TRAIT_FIELDS:
        value = values.get(field)
        if kind == "avatar":
            if value is None:
                faults.append(CardFault(field, "an Avatar needs every trait of its trait bar"))
            elif not _is_int(value) or not 0 <= value <= MAX_TRAIT:
                faults.append(CardFault(field, f"must be a whole number 0–{MAX_TRAIT}"))
        elif value is not None:
            faults.append(CardFault(field, "only Avatars have traits"))
    if kind != "avatar" and values.get("is_spirit"):
        faults.append(CardFault("is_spirit", "only Avatars can be Spirits"))
    name = values.get("name")
    if kind == "avatar" and isinstance(name, str):
        # The rules: "Avatars that have Spirit in their name are manifested onto a vertex".
        named_spirit = bool(_SPIRIT_WORD.search(name))
        if named_spirit != bool(values.get("is_spirit")):
            message = (
                "a Spirit Avatar has Spirit in its name"
                if values.get("is_spirit")
                else "an Avatar with Spirit in its name is a Spirit (is_spirit)"
            )
            faults.append(CardFault("is_spirit", message))
    return faults


def _bonus_faults(kind: Any, values: Mapping[str, Any]) -> list[CardFault]:
    faults = []
    for field in BONUS_FIELDS:
        value = values.get(field, 0)
        if not _is_int(value) or not -MAX_BONUS <= value <= MAX_BONUS:
            faults.append(CardFault(field, f"must be a whole number −{MAX_BONUS}–{MAX_BONUS}"))
        elif value and kind != "item":
            faults.append(CardFault(field, "only Items give their bearer bonuses"))
    return faults


def _cost_faults(kind: Any, values: Mapping[str, Any]) -> list[CardFault]:
    cost = values.get("cost")
    limit = cost_limit(kind, values.get("is_spirit"))
    if not _is_int(cost) or not 0 <= cost <= limit:
        return [CardFault("cost", f"must be a whole number 0–{limit} so the card can be paid")]
    return []


def _ability_faults(
    kind: Any, values: Mapping[str, Any], abilities: Sequence[Mapping[str, Any]]
) -> list[CardFault]:
    faults = []
    if kind == "item" and not abilities and not any(values.get(f) for f in BONUS_FIELDS):
        faults.append(CardFault("abilities", "an Item needs at least one bonus or ability"))
    if kind in ("action", "remains") and not abilities:
        faults.append(CardFault("abilities", "this card needs an ability saying what it does"))
    for index, ability in enumerate(abilities):
        faults += ability_faults(kind, values, ability, f"abilities[{index}]")
    return faults


def ability_faults(
    kind: Any, values: Mapping[str, Any], ability: Mapping[str, Any], where: str
) -> list[CardFault]:
    """The faults of one ability of a card of ``kind``; ``where`` prefixes each field.

    With ``kind=None`` (an ability not yet on a card) the timing is only checked
    against the vocabulary.
    """
    faults = []
    name = ability.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_ABILITY_NAME:
        message = f"an ability needs a name (text, at most {MAX_ABILITY_NAME} characters)"
        faults.append(CardFault(_at(where, "name"), message))
    cost = ability.get("cost", 0)
    if not _is_int(cost) or not 0 <= cost <= MAX_VERTEX_COST:
        faults.append(CardFault(_at(where, "cost"), f"must be a whole number 0–{MAX_VERTEX_COST}"))
    timing = ability.get("timing")
    try:
        validate_timing(timing)
    except EffectError as error:
        faults.append(CardFault(_at(where, "timing"), error.message))
    else:
        if kind is not None and timing not in TIMINGS_BY_KIND.get(kind, frozenset()):
            allowed = ", ".join(sorted(TIMINGS_BY_KIND.get(kind, ())))
            message = f"an ability of a {kind} card is one of {allowed}, not {timing!r}"
            faults.append(CardFault(_at(where, "timing"), message))
    try:
        steps = parse_effect(ability.get("effect"))
    except EffectError as error:
        return [*faults, CardFault(_at(_at(where, "effect"), error.field), error.message)]
    for number, step in enumerate(steps):
        if step.verb in SPIRIT_PATH_VERBS and kind not in ("remains", None):
            faults.append(
                CardFault(
                    _at(where, f"effect.{number}.verb"),
                    f"{step.verb} belongs on a Remains-in-Play card (errata 2)",
                )
            )
        elif step.verb in SPIRIT_PATH_VERBS and values.get("target", "none") == "none":
            faults.append(CardFault("target", f"a card whose effect is {step.verb} needs a target"))
    return faults


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where and name else where or name


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
