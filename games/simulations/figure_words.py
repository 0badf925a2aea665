"""A measured figure and its 95% interval in words, one way everywhere: the results
pages, the progress line, the charts, ``manage.py simulate`` and the benchmarks.

A rate reads "54.2% (51.1% to 57.3%, n=400)"; a difference of rates reads in signed
percentage points, "−33.8 points (−51.8 to −15.7, n=200)". Negative numbers carry a
true minus sign (U+2212), never a hyphen, and the ends of an interval are joined by
"to", so a negative end is never mistaken for a range dash. A paired shift whose
interval cannot tell no change from one that matters says so: "0.0 points (−27.8 to
+27.8, n=10): too few games to tell" (``games.simulations.confidence.too_few_to_tell``).

Plain Python with no Django, like ``games.simulations.confidence``.
"""

from __future__ import annotations

import math

from games.simulations.confidence import Estimate, too_few_to_tell

MINUS = "\u2212"
# What an interval with nothing observed says.
NO_GAMES = "no games"
# What a shift adds when its interval holds both no change and one that matters.
TOO_FEW = "too few games to tell"


def _number(value: float, digits: int, *, signed: bool) -> str:
    """``value`` with ``digits`` decimals, a true minus sign when negative, a plus sign
    when positive and ``signed``; a value that rounds to zero has no sign."""
    text = f"{abs(value):.{digits}f}"
    if float(text) == 0:
        return text
    if value < 0:
        return MINUS + text
    return "+" + text if signed else text


def percent(value: float, digits: int = 1) -> str:
    """A proportion as a percentage: "54.2%"."""
    return _number(100 * value, digits, signed=False) + "%"


def points(value: float, digits: int = 1) -> str:
    """A difference of proportions in percentage points, signed: "+3.1", "−33.8", "0.0"."""
    return _number(100 * value, digits, signed=True)


def interval_words(estimate: Estimate, *, difference: bool = False) -> str:
    """The estimate and its interval: a rate as percentages, or (``difference``) a shift
    in signed percentage points; "no games" when nothing was observed, and the value
    alone should an end be unbounded."""
    if not estimate.count:
        return NO_GAMES
    show = points if difference else percent
    value = show(estimate.value) + (" points" if difference else "")
    if not (math.isfinite(estimate.low) and math.isfinite(estimate.high)):
        return f"{value} (too few games for an interval, n={estimate.count})"
    return f"{value} ({show(estimate.low)} to {show(estimate.high)}, n={estimate.count})"


def shift_words(estimate: Estimate) -> str:
    """A paired shift in signed points with its interval, and ": too few games to tell"
    when that interval holds both no shift and one of more than 10 points
    (``too_few_to_tell``); "no games" when no pair was played."""
    words = interval_words(estimate, difference=True)
    if estimate.count and too_few_to_tell(estimate):
        return f"{words}: {TOO_FEW}"
    return words
