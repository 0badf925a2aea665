"""Confidence intervals for what bots and simulations measure.

Plain Python with no Django, so the benchmarks, the engine's bots and the
simulation jobs all report the same figures the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The normal quantile of a two-sided 95% interval.
Z_95 = 1.959963984540054


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


def paired_difference(differences: Sequence[float], z: float = Z_95) -> Estimate:
    """The mean of paired differences (e.g. each seed's result under B minus under A)
    with its normal-approximation interval.

    Pairing removes the variance the two arms share (same seeds, same draws),
    which is why a card swap or a rule change is measured this way. Fewer than
    two pairs: the value with an unbounded interval.
    """
    count = len(differences)
    if count == 0:
        return Estimate(0.0, -math.inf, math.inf, 0)
    mean = math.fsum(differences) / count
    if count == 1:
        return Estimate(mean, -math.inf, math.inf, 1)
    variance = math.fsum((d - mean) ** 2 for d in differences) / (count - 1)
    half = z * math.sqrt(variance / count)
    return Estimate(mean, mean - half, mean + half, count)


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
