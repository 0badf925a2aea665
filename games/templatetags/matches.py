"""Template helpers for match pages: a deck's match record."""

from __future__ import annotations

from django import template

from games.matches.deck_records import deck_match_record

register = template.Library()


@register.inclusion_tag("games/_deck_matches.html", takes_context=True)
def deck_matches(context: dict, deck) -> dict:
    """The deck's matches the viewer may open, and its win/loss record per version."""
    return {"record": deck_match_record(deck, context["request"].user), "deck": deck}
