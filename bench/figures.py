"""How the benches state their figures: percentiles of their timings, one way for all."""

from __future__ import annotations

import statistics


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (0.5 the median, 0.95 the p95), between the two
    nearest values (the inclusive method); the value itself when there is one, nan when
    there is none."""
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]
