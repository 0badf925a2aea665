"""Knowing that an action came from ``legal_actions`` for the very state it answers.

A bot or a player interface picks from the list ``legal_actions`` returned;
``apply`` then need not work out again whether the action is legal. It marks
such an action as vetted for the duration of the call (a context variable,
so threads and async tasks never see each other's), and the rules skip their
own, slower checks for it. Anything else is checked in full.
"""

from __future__ import annotations

from contextvars import ContextVar

_VETTED: ContextVar[object] = ContextVar("vetted_action", default=None)


def vetted(action: object) -> bool:
    """True when ``action`` is the one ``apply`` found in the state's own legal list."""
    return _VETTED.get() is action


def mark_vetted(action: object):
    """Mark ``action`` as vetted; returns the token to undo it with :func:`unmark`."""
    return _VETTED.set(action)


def unmark(token) -> None:
    """Undo :func:`mark_vetted`."""
    _VETTED.reset(token)
