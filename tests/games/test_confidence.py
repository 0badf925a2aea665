"""Wilson and paired intervals, against values worked by hand."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.simulations.confidence import paired_difference, proportion_difference, wilson_interval


def test_wilson_interval_of_half_in_a_hundred():
    estimate = wilson_interval(50, 100)
    assert estimate.value == 0.5
    assert estimate.low == pytest.approx(0.4038, abs=1e-4)
    assert estimate.high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one_at_the_edges():
    assert wilson_interval(0, 10).low == 0.0
    assert wilson_interval(10, 10).high == 1.0
    assert wilson_interval(10, 10).low == pytest.approx(0.7225, abs=1e-4)


def test_no_trials_is_the_whole_range():
    estimate = wilson_interval(0, 0)
    assert (estimate.low, estimate.high, estimate.count) == (0.0, 1.0, 0)


def test_a_draw_counts_half():
    assert wilson_interval(0.5, 1).value == 0.5


@pytest.mark.parametrize("successes, trials", [(-1, 3), (4, 3), (1, -1)])
def test_impossible_counts_are_refused(successes, trials):
    with pytest.raises(ValueError):
        wilson_interval(successes, trials)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_contains_its_value(counts):
    successes, trials = counts
    estimate = wilson_interval(successes, trials)
    assert 0 <= estimate.low <= estimate.value <= estimate.high <= 1


def test_paired_difference_of_known_values():
    estimate = paired_difference([1, 0, 1, 0])
    assert estimate.value == 0.5
    assert estimate.high - estimate.value == pytest.approx(1.96 * math.sqrt(1 / 3 / 4), abs=1e-3)


def test_paired_difference_needs_two_pairs_for_an_interval():
    assert math.isinf(paired_difference([0.5]).high)
    assert paired_difference([]).count == 0


@pytest.mark.parametrize(
    "counts, low, high",
    [
        # Newcombe (1998), Table II: 56/70 - 48/80 and 9/10 - 3/10 by the hybrid score method.
        ((56, 70, 48, 80), 0.0524, 0.3339),
        ((9, 10, 3, 10), 0.1705, 0.8090),
    ],
)
def test_proportion_difference_of_worked_examples(counts, low, high):
    estimate = proportion_difference(*counts)
    assert estimate.value == pytest.approx(counts[0] / counts[1] - counts[2] / counts[3])
    assert (estimate.low, estimate.high) == (
        pytest.approx(low, abs=1e-4),
        pytest.approx(high, abs=1e-4),
    )
    assert estimate.count == counts[1] + counts[3]


def test_proportion_difference_with_an_empty_side_compares_nothing():
    estimate = proportion_difference(3, 5, 0, 0)
    assert (estimate.value, estimate.low, estimate.high, estimate.count) == (0.0, -1.0, 1.0, 0)


def test_proportion_difference_of_equal_proportions_is_centred_on_zero():
    estimate = proportion_difference(30, 60, 15, 30)
    assert estimate.value == 0
    assert -estimate.low == pytest.approx(estimate.high)


counts = st.integers(1, 2_000).flatmap(
    lambda n: st.tuples(st.integers(0, 2 * n).map(lambda h: h / 2), st.just(n))
)


@given(counts, counts)
def test_proportion_difference_contains_its_value_inside_minus_one_and_one(first, second):
    estimate = proportion_difference(*first, *second)
    assert -1 <= estimate.low <= estimate.value <= estimate.high <= 1
