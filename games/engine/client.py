"""Placeholder until the client codec lands: actions to JSON data and back."""

from __future__ import annotations

from typing import Any

from games.engine.actions import Action, IllegalAction
from games.engine.codec import CodecError, from_data, to_data


def action_to_json(action: Action) -> Any:
    """``action`` as JSON-ready data."""
    return to_data(action)


def action_from_json(data: Any) -> Action:
    """The action ``data`` describes; IllegalAction for anything else."""
    try:
        action = from_data(data)
    except CodecError as error:
        raise IllegalAction(str(error)) from None
    if not isinstance(action, Action):
        raise IllegalAction(f"{data!r} is not an action")
    return action
