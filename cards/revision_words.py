"""A card's rules fields in words, as its page shows its errata and an errata what-if
shows its draft: abilities with their effects in English, marks as yes or no."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.card_face import describe_effect


def field_words(field: str) -> str:
    """A rules field's name as a reader says it ("bonus_melee": "bonus melee")."""
    return field.replace("_", " ")


def value_words(field: str, value: Any) -> str:
    """A rules field's value in words: "—" for none, each ability with its effect."""
    if value is None or value == "":
        return "—"
    if field == "abilities" and isinstance(value, list):
        return "; ".join(ability_words(ability) for ability in value) or "—"
    if field == "keywords" and isinstance(value, str):
        return ", ".join(value.split()) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def ability_words(ability: Any) -> str:
    """An ability as "Name (cost · timing): what it does"."""
    if not isinstance(ability, dict):
        return str(ability)
    head = f"{ability.get('name', '?')} ({ability.get('cost', 0)} · {ability.get('timing', '?')})"
    return f"{head}: {describe_effect(ability.get('effect'))}"


def changes_in_words(changes: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Changes to a card's fields as (field, new value) pairs in words."""
    return [(field_words(field), value_words(field, value)) for field, value in changes.items()]
