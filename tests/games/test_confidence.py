"""Wilson and paired intervals, against values worked by hand and published examples."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    paired_table,
    proportion_difference,
    too_few_to_tell,
    wilson_interval,
)


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


@pytest.mark.parametrize(
    "table, low, high",
    [
        # Newcombe (1998, paired data), worked examples (a) to (d) by method 10.
        ((36, 12, 2, 0), 0.0569, 0.3404),
        ((18, 12, 2, 18), 0.0562, 0.3290),
        ((53, 0, 0, 1), -0.0729, 0.0729),
        ((0, 30, 0, 0), 0.8395, 1.0),
    ],
)
def test_newcombes_paired_interval_of_his_worked_examples(table, low, high):
    a, b, c, d = table
    estimate = paired_proportion_difference(*table)
    assert estimate.value == pytest.approx((b - c) / (a + b + c + d))
    assert (estimate.low, estimate.high) == (
        pytest.approx(low, abs=1e-3),
        pytest.approx(high, abs=1e-3),
    )
    assert estimate.count == a + b + c + d


@pytest.mark.parametrize(
    "table, reach",
    [
        # Every game won (or lost) in both arms: only the Wilson intervals of 10/10 (0/10).
        ((10, 0, 0, 0), 0.2775),
        ((0, 0, 0, 10), 0.2775),
        # Half won in both, half lost in both: phi corrected for continuity to 0.8.
        ((5, 0, 0, 5), 0.1666),
    ],
)
def test_ten_pairs_that_all_agree_still_leave_a_wide_interval(table, reach):
    estimate = paired_proportion_difference(*table)
    assert estimate.value == 0 and estimate.count == 10
    assert (estimate.low, estimate.high) == (
        pytest.approx(-reach, abs=1e-3),
        pytest.approx(reach, abs=1e-3),
    )


def test_no_pairs_compare_nothing():
    estimate = paired_proportion_difference(0, 0, 0, 0)
    assert (estimate.value, estimate.low, estimate.high, estimate.count) == (0.0, -1.0, 1.0, 0)


@pytest.mark.parametrize("table", [(-1, 2, 0, 0), (0.5, 0, 0, 0), (1, 0.25, 0, 0)])
def test_a_table_of_no_whole_pairs_is_refused(table):
    with pytest.raises(ValueError):
        paired_proportion_difference(*table)


def test_a_draw_is_half_a_win_and_half_a_loss_lined_up_across_its_pair():
    # Both drawn: they agree. Drawn then won: half won in both, half won only second.
    assert paired_table([(0.5, 0.5)]) == (0.5, 0, 0, 0.5)
    assert paired_table([(0.5, 1)]) == (0.5, 0, 0.5, 0)
    assert paired_table([(0, 0.5)]) == (0, 0, 0.5, 0.5)
    assert paired_table([(1, 0), (1, 1), (0, 0), (0.5, 0)]) == (1, 1.5, 0, 1.5)


def test_a_score_outside_zero_and_one_is_refused():
    with pytest.raises(ValueError):
        paired_table([(1.5, 1)])


@pytest.mark.parametrize(
    "estimate, too_few",
    [
        (Estimate(0.0, -0.2775, 0.2775, 10), True),
        (Estimate(0.02, -0.01, 0.1001, 400), True),  # a 10-point gain is not ruled out
        (Estimate(0.0, -0.05, 0.1, 1_000), False),  # rules out all but 10 points at most
        (Estimate(0.2, 0.0569, 0.3404, 50), False),  # no shift is ruled out
        (Estimate(0.0, -1.0, 1.0, 0), True),
    ],
)
def test_too_few_to_tell_is_an_interval_holding_no_shift_and_one_past_ten_points(estimate, too_few):
    assert too_few_to_tell(estimate) is too_few


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


scores = st.sampled_from([0.0, 0.5, 1.0])
tables = st.one_of(
    st.lists(st.tuples(scores, scores), min_size=1, max_size=60).map(paired_table),
    st.tuples(*[st.integers(0, 300)] * 4).filter(lambda table: sum(table) > 0),
)


@given(tables)
def test_a_paired_interval_holds_its_value_inside_minus_one_and_one(table):
    estimate = paired_proportion_difference(*table)
    assert -1 <= estimate.low <= estimate.value <= estimate.high <= 1
    # Never an interval of no width, however the pairs agree.
    assert estimate.low < estimate.high


@given(tables, st.integers(2, 50))
def test_a_paired_interval_narrows_with_more_pairs_of_the_same_proportions(table, times):
    fewer = paired_proportion_difference(*table)
    more = paired_proportion_difference(*(times * cell for cell in table))
    assert more.value == pytest.approx(fewer.value)
    assert more.high - more.low <= fewer.high - fewer.low + 1e-12


@given(tables)
def test_swapping_the_arms_mirrors_a_paired_interval(table):
    a, b, c, d = table
    estimate = paired_proportion_difference(a, b, c, d)
    swapped = paired_proportion_difference(a, c, b, d)
    assert (swapped.value, swapped.low, swapped.high) == (
        -estimate.value,
        -estimate.high,
        -estimate.low,
    )
