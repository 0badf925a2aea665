"""Template helper for simulation pages: every interval in the same words."""

from __future__ import annotations

from django import template

from games.models.simulations import SimulationJob
from games.simulations import listing
from games.simulations.confidence import Estimate
from games.simulations.figure_words import interval_words, shift_words

register = template.Library()


@register.filter
def interval(estimate: Estimate, unit: str = "") -> str:
    """``{{ rate|interval }}``: "54.2% (51.1% to 57.3%, n=400)"; ``{{ shift|interval:"points" }}``:
    "−33.8 points (−51.8 to −15.7, n=200)"; ``{{ shift|interval:"shift" }}``, a paired
    shift, adds ": too few games to tell" when it cannot tell
    (``games.simulations.figure_words``)."""
    if unit == "shift":
        return shift_words(estimate)
    return interval_words(estimate, difference=unit == "points")


@register.filter
def games_words(job: SimulationJob) -> str:
    """``{{ job|games_words }}``: "40 games", "40 games in each arm, 80 in all"
    (``games.simulations.listing``): the page and the list say it alike."""
    return listing.games_words(job)
