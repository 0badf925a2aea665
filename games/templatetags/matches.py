"""Template helpers for match pages: actions as JSON text, a deck's match record."""

from __future__ import annotations

import json
from typing import Any

from django import template

from games.matches.deck_records import deck_match_record

register = template.Library()


@register.filter
def as_json(value: Any) -> str:
    """``value`` as compact JSON text (autoescaping makes it safe in an attribute)."""
    return json.dumps(value, separators=(",", ":"))


@register.inclusion_tag("games/_deck_matches.html", takes_context=True)
def deck_matches(context: dict, deck) -> dict:
    """The deck's matches the viewer may open, and its win/loss record per version."""
    return {"record": deck_match_record(deck, context["request"].user), "deck": deck}
