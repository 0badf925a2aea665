"""Confidence intervals for what bots and simulations measure.

Plain Python with no Django, so the benchmarks, the engine's bots and the
simulation jobs all report the same figures the same way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

# The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054
# A shift of deck A's win rate a designer would act on: 10 percentage points
# (``too_few_to_tell``).
SHIFT_THAT_MATTERS = 0.10


@dataclass(frozen=True, slots=True)
class Estimate:
    """A measured value with its 95% interval, and how many observations made it
    (``games.simulations.figure_words`` says it in words)."""

    value: float
    low: float
    high: float
    count: int


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> Estimate:
    """The proportion ``successes / trials`` with its Wilson score interval.

    Wilson's interval stays inside [0, 1] and keeps its coverage near 0% and
    100% and for small samples, where the plain normal interval does not. A draw
    counts as half a win, so ``successes`` may end in .5. No trials: the whole
    of [0, 1], with value 0.
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError("need 0 <= successes <= trials")
    if trials == 0:
        return Estimate(0.0, 0.0, 1.0, 0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # Rounding must not push a bound past the value it brackets (0 or 1 exactly).
    return Estimate(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)), trials)


def paired_table(pairs: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The paired outcome table ``(a, b, c, d)`` of pairs of scores, each 1 a win, 0.5 a
    draw, 0 a loss: ``a`` pairs won in both, ``b`` won in the first only, ``c`` in the
    second only, ``d`` in neither.

    A draw is half a win and half a loss, split so that the two halves line up across
    the pair: a pair scoring ``x`` then ``y`` adds ``min(x, y)`` to ``a``, ``1 - max(x, y)``
    to ``d`` and its change to the one discordant cell it points to (``x - y`` to ``b``
    or ``y - x`` to ``c``). So a draw in both arms agrees (half in ``a``, half in ``d``)
    rather than inventing half a disagreement, a draw against a win is half a pair won
    in both and half a pair won only in the win's arm, the margins ``a + b`` and
    ``a + c`` are each arm's points, and ``b - c`` is the sum of the changes.
    """
    a = b = c = d = 0.0
    for first, second in pairs:
        if not (0 <= first <= 1 and 0 <= second <= 1):
            raise ValueError("a score is from 0 to 1")
        a += min(first, second)
        b += max(first - second, 0.0)
        c += max(second - first, 0.0)
        d += 1 - max(first, second)
    return a, b, c, d


def paired_proportion_difference(
    a: float, b: float, c: float, d: float, z: float = Z_95
) -> Estimate:
    """The difference ``p1 - p2`` of two proportions measured on the same pairs, with
    Newcombe's hybrid score interval for paired data (method 10 of R. G. Newcombe,
    "Improved confidence intervals for the difference between binomial proportions
    based on paired data", Statistics in Medicine 17 (1998) 2635-2650).

    ``a, b, c, d`` is the paired table (Newcombe's e, f, g, h; ``paired_table``): ``a``
    pairs with a success in both, ``b`` in the first only, ``c`` in the second only,
    ``d`` in neither; half counts are allowed (a draw). With ``n = a + b + c + d``,
    ``p1 = (a + b) / n``, ``p2 = (a + c) / n`` and the value ``(b - c) / n``::

        (l1, u1), (l2, u2) = the Wilson intervals of p1 and p2
        phi = (max(ad - bc - n/2, 0) if ad > bc else ad - bc)
              / sqrt((a + b)(c + d)(a + c)(b + d)),   0 if a margin is 0
        low  = value - sqrt((p1 - l1)^2 - 2 phi (p1 - l1)(u2 - p2) + (u2 - p2)^2)
        high = value + sqrt((u1 - p1)^2 - 2 phi (u1 - p1)(p2 - l2) + (p2 - l2)^2)

    Unlike the normal interval of the mean difference it never shrinks to nothing
    when every pair agrees (``b = c = 0``) at small ``n``: the Wilson intervals stay
    wide and ``phi`` is corrected for continuity (``- n/2``), so ten pairs that all
    agree still give about ±17 to ±28 points. It stays inside [-1, 1], holds its
    value, and swapping the arms (``b`` for ``c``) mirrors it. No pairs: value 0 in
    [-1, 1] with count 0.
    """
    if min(a, b, c, d) < 0:
        raise ValueError("a paired table counts no fewer than 0 pairs")
    pairs = a + b + c + d
    count = round(pairs)
    if abs(pairs - count) > 1e-9:
        raise ValueError("a paired table counts whole pairs")
    if not count:
        return Estimate(0.0, -1.0, 1.0, 0)
    first = wilson_interval(min(a + b, count), count, z)
    second = wilson_interval(min(a + c, count), count, z)
    # Grouped so that swapping b and c gives the very same float.
    margins = ((a + b) * (a + c)) * ((c + d) * (b + d))
    agreement = a * d - b * c
    if agreement > 0:
        # Newcombe's continuity correction, without which pairs that all agree would
        # give phi = 1 and an interval of no width.
        agreement = max(agreement - count / 2, 0.0)
    phi = agreement / math.sqrt(margins) if margins else 0.0
    value = (b - c) / count
    low = value - _reach(first.value - first.low, second.high - second.value, phi)
    high = value + _reach(first.high - first.value, second.value - second.low, phi)
    return Estimate(value, min(value, max(-1.0, low)), max(value, min(1.0, high)), count)


def _reach(first: float, second: float, phi: float) -> float:
    """How far one end reaches from the value: the square-and-add of the two Wilson
    distances, less their correlation. Written symmetric in its two distances, so
    swapping the arms mirrors the interval exactly."""
    return math.sqrt(max(first * first + second * second - 2 * phi * (first * second), 0.0))


def too_few_to_tell(estimate: Estimate, matters: float = SHIFT_THAT_MATTERS) -> bool:
    """Whether a difference's interval cannot tell no change from one that matters: it
    holds 0 and reaches past ``matters`` (10 points) on at least one side. Nothing
    measured (count 0) tells nothing either."""
    if not estimate.count:
        return True
    return estimate.low <= 0 <= estimate.high and max(-estimate.low, estimate.high) > matters


def proportion_difference(
    successes_1: float, trials_1: int, successes_2: float, trials_2: int, z: float = Z_95
) -> Estimate:
    """The difference of two independent proportions (the first minus the second)
    with Newcombe's hybrid score interval.

    It combines the two Wilson intervals, so like them it stays inside [-1, 1] and
    keeps its coverage for small samples and near 0% and 100%, where the plain
    normal (Wald) interval of a difference does not (Newcombe 1998, method 10). A
    card's win rate when drawn minus when not drawn is one. An empty side leaves
    nothing to compare: value 0 in [-1, 1] with count 0.
    """
    first = wilson_interval(successes_1, trials_1, z)
    second = wilson_interval(successes_2, trials_2, z)
    if not (trials_1 and trials_2):
        return Estimate(0.0, -1.0, 1.0, 0)
    value = first.value - second.value
    low = value - math.hypot(first.value - first.low, second.high - second.value)
    high = value + math.hypot(first.high - first.value, second.value - second.low)
    return Estimate(
        value, min(value, max(-1.0, low)), max(value, min(1.0, high)), trials_1 + trials_2
    )
