"""Template helper: the rulesets a format is played under, each linked to its rulebook."""

from __future__ import annotations

from django import template

from decks.models import Format
from games.rules.rulebooks import RULEBOOK_FILES
from games.rulesets import format_rulesets

register = template.Library()


@register.inclusion_tag("games/_played_under.html")
def played_under(format: Format) -> dict:
    """``format``'s rulesets in its order: each with whether it has a rulebook to link to and
    whether the site can play it yet."""
    playable = set(format_rulesets(format))
    names = format.rulesets if isinstance(format.rulesets, list) else []
    rulesets = [(name, name in RULEBOOK_FILES, name in playable) for name in names]
    return {"format": format, "rulesets": rulesets}
