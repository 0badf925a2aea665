"""Actions to and from plain JSON data, for clients (a browser, a bot over HTTP).

Each action is an object with a snake_case ``type`` and the action's own
fields, every one of them present::

    {"type": "place_realm_stone", "vertex": 40}
    {"type": "place_counter", "vertex": 40}
    {"type": "pass"}
    {"type": "play_card", "card": 12, "at": null, "target": 7, "to": null}
    {"type": "remove_remains", "card": 12, "to": null}
    {"type": "activate", "avatar": 7}
    {"type": "claim", "avatar": 7}
    {"type": "attack_realm_stone", "avatar": 7}
    {"type": "move", "avatar": 7, "to": 27}
    {"type": "melee_attack", "avatar": 7, "defender": 30, "origin": 27}
    {"type": "ranged_attack", "avatar": 7, "defender": 30}
    {"type": "use_ability", "card": 7, "index": 0, "target": null, "to": null}
    {"type": "lose_cards", "from_deck": 1, "hand": [3], "discard": []}
    {"type": "return_cards", "cards": [5, 9]}
    {"type": "remove_avatar", "avatar": 7}
    {"type": "keep_avatar", "avatar": 7}
    {"type": "retreat", "avatar": 7, "to": 2}
    {"type": "advance", "avatar": 7}
    {"type": "remove_counter", "vertex": 40}
    {"type": "draw_card"}
    {"type": "refresh", "avatar": 7}
    {"type": "establish_realm_stone", "vertex": 40, "realm": "Jade"}
    {"type": "redraw"}
    {"type": "name_opponent", "opponent": 2}

Cards and Avatars are the state's card ints (an Avatar is named by the card
that manifested it); positions are board ints (spaces, or vertices on the
Spirit Path), as ``games.engine.client.decision_view`` lists them for each decision. Ints
are whole numbers from 0 to :data:`MAX_NUMBER`; ``at``, ``target`` and ``to``
are ``null`` when not given; card lists hold at most :data:`MAX_CARDS` cards; a
realm is a string of at most :data:`MAX_TEXT` characters.

This shape is a promise to clients: a new action type adds a ``type``, and no
existing type changes. Stored games use the codec (``games.engine.codec``) instead.
"""

from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

from games.engine import actions
from games.engine.actions import Action, IllegalAction

# Far above any board (25×99 spaces) or card table; it keeps a client from sending 10**9999.
MAX_NUMBER = 99_999
MAX_CARDS = 1_000
MAX_TEXT = 40

ACTION_TYPES: MappingProxyType[str, type[Action]] = MappingProxyType(
    {
        "place_realm_stone": actions.PlaceRealmStone,
        "place_counter": actions.PlaceCounter,
        "pass": actions.Pass,
        "play_card": actions.PlayCard,
        "remove_remains": actions.RemoveRemains,
        "activate": actions.Activate,
        "claim": actions.Claim,
        "attack_realm_stone": actions.AttackRealmStone,
        "move": actions.Move,
        "melee_attack": actions.MeleeAttack,
        "ranged_attack": actions.RangedAttack,
        "use_ability": actions.UseAbility,
        "lose_cards": actions.LoseCards,
        "return_cards": actions.ReturnCards,
        "remove_avatar": actions.RemoveAvatar,
        "keep_avatar": actions.KeepAvatar,
        "retreat": actions.Retreat,
        "advance": actions.Advance,
        "remove_counter": actions.RemoveCounter,
        "draw_card": actions.DrawCard,
        "refresh": actions.Refresh,
        "establish_realm_stone": actions.EstablishRealmStone,
        "redraw": actions.Redraw,
        "name_opponent": actions.NameOpponent,
    }
)
TYPE_NAMES: MappingProxyType[type[Action], str] = MappingProxyType(
    {cls: name for name, cls in ACTION_TYPES.items()}
)

# How each field is written: a number, a number or null ("not given", -1 in the
# engine), a list of card numbers (the fields that default to no cards, ()), or a
# short string (the fields that default to "", a realm's name).
NUMBER, OPTIONAL, CARDS, TEXT = "number", "optional", "cards", "text"


def _field_kind(field: dataclasses.Field) -> str:
    if isinstance(field.default, tuple):
        return CARDS
    if isinstance(field.default, str):
        return TEXT
    return OPTIONAL if field.default == -1 else NUMBER


FIELDS: MappingProxyType[type[Action], tuple[tuple[str, str], ...]] = MappingProxyType(
    {
        cls: tuple((field.name, _field_kind(field)) for field in dataclasses.fields(cls))
        for cls in ACTION_TYPES.values()
    }
)


def action_to_json(action: Action) -> dict[str, Any]:
    """``action`` as plain JSON data in the shape the module docstring shows."""
    cls = type(action)
    if cls not in FIELDS:
        raise IllegalAction(f"{action!r} is not an action")
    data: dict[str, Any] = {"type": TYPE_NAMES[cls]}
    for name, kind in FIELDS[cls]:
        value = getattr(action, name)
        if kind == CARDS:
            data[name] = list(value)
        elif kind == OPTIONAL and value == -1:
            data[name] = None
        else:
            data[name] = value
    return data


def action_from_json(data: Any) -> Action:
    """The action ``data`` describes; anything malformed raises IllegalAction saying what."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action is a JSON object, not {_kind(data)}")
    name = data.get("type")
    if type(name) is not str or name not in ACTION_TYPES:
        known = ", ".join(ACTION_TYPES)
        raise IllegalAction(f"unknown action type {_short(name)}; known types: {known}")
    cls = ACTION_TYPES[name]
    fields = FIELDS[cls]
    expected = {field for field, _ in fields}
    for key in data:
        if key != "type" and key not in expected:
            raise IllegalAction(f"{name} has no field {_short(key)}")
    values = []
    for field, kind in fields:
        if field not in data:
            raise IllegalAction(f"{name} needs its field {field!r}")
        values.append(_field_value(name, field, kind, data[field]))
    return cls(*values)


def _field_value(action: str, field: str, kind: str, value: Any) -> Any:
    if kind == OPTIONAL and value is None:
        return -1
    if kind == TEXT:
        if type(value) is not str or len(value) > MAX_TEXT:
            raise IllegalAction(
                f"{action}.{field} must be a string of at most {MAX_TEXT} characters, "
                f"not {_short(value)}"
            )
        return value
    if kind != CARDS:
        return _number(f"{action}.{field}", value)
    if not isinstance(value, list | tuple):
        raise IllegalAction(f"{action}.{field} must be a list of card numbers, not {_kind(value)}")
    if len(value) > MAX_CARDS:
        raise IllegalAction(f"{action}.{field} lists more than {MAX_CARDS} cards")
    return tuple(_number(f"{action}.{field}[{i}]", item) for i, item in enumerate(value))


def _number(where: str, value: Any) -> int:
    # bool is an int to Python but never a number here: true is not card 1.
    if type(value) is not int:
        raise IllegalAction(f"{where} must be a whole number, not {_kind(value)}")
    if not 0 <= value <= MAX_NUMBER:
        raise IllegalAction(f"{where} must be from 0 to {MAX_NUMBER}, not {_short(value)}")
    return value


def _kind(value: Any) -> str:
    names = {bool: "a boolean", type(None): "null", str: "a string", list: "a list"}
    names |= {dict: "an object", float: "a number with a fraction", int: "a number"}
    return names.get(type(value), type(value).__name__)


def _short(value: Any) -> str:
    """A value for a message, cut short: a client may send megabytes."""
    if type(value) is int and not -(10**12) < value < 10**12:
        return "a number that long"
    text = repr(value) if isinstance(value, str | int | float | bool | None) else _kind(value)
    return text if len(text) <= 40 else text[:37] + "..."
