"""Every interval in words, one way: true minus signs, "to" between the ends, closed
brackets, signed points for a difference (games.simulations.figure_words)."""

import math

from hypothesis import given
from hypothesis import strategies as st

from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    paired_table,
    proportion_difference,
    wilson_interval,
)
from games.simulations.figure_words import interval_words, percent, points, shift_words


def test_a_rate_reads_as_percentages_joined_by_to():
    assert interval_words(wilson_interval(54, 100)) == "54.0% (44.3% to 63.4%, n=100)"


def test_a_negative_shift_reads_in_signed_points_with_minus_signs():
    shift = Estimate(-0.338, -0.518, -0.157, 200)
    assert interval_words(shift, difference=True) == "−33.8 points (−51.8 to −15.7, n=200)"


def test_a_shift_across_zero_signs_both_ends():
    shift = Estimate(0.031, -0.02, 0.082, 50)
    assert interval_words(shift, difference=True) == "+3.1 points (−2.0 to +8.2, n=50)"


def test_nothing_observed_and_too_few_pairs_say_so():
    assert interval_words(wilson_interval(0, 0)) == "no games"
    one = Estimate(1.0, -math.inf, math.inf, 1)
    assert (
        interval_words(one, difference=True) == "+100.0 points (too few games for an interval, n=1)"
    )


def test_ten_pairs_that_all_agree_read_wide_and_too_few_to_tell():
    # Before: "0.0 points (0.0 to 0.0, n=10)".
    all_won = paired_proportion_difference(10, 0, 0, 0)
    assert shift_words(all_won) == "0.0 points (−27.8 to +27.8, n=10): too few games to tell"
    half_won = paired_proportion_difference(5, 0, 0, 5)
    assert shift_words(half_won) == "0.0 points (−16.7 to +16.7, n=10): too few games to tell"


def test_a_shift_that_can_tell_has_no_note():
    # No shift ruled out (Newcombe's example (a)); no shift of 10 points left (example (c)).
    assert shift_words(paired_proportion_difference(36, 12, 2, 0)) == (
        "+20.0 points (+5.7 to +34.0, n=50)"
    )
    assert shift_words(paired_proportion_difference(53, 0, 0, 1)) == (
        "0.0 points (−7.3 to +7.3, n=54)"
    )
    assert shift_words(Estimate(0.0, -1.0, 1.0, 0)) == "no games"


def test_a_value_that_rounds_to_zero_has_no_sign():
    assert points(-0.0001) == "0.0" and percent(-0.0001) == "0.0%" and points(0.0, 0) == "0"
    assert percent(-0.25) == "−25.0%" and points(0.5, 0) == "+50"


estimates = st.one_of(
    st.integers(0, 300).flatmap(lambda n: st.integers(0, n).map(lambda k: wilson_interval(k, n))),
    st.lists(st.tuples(*[st.sampled_from([0.0, 0.5, 1.0])] * 2), max_size=40).map(
        lambda pairs: paired_proportion_difference(*paired_table(pairs))
    ),
    st.tuples(st.integers(0, 50), st.integers(0, 50)).flatmap(
        lambda t: st.tuples(st.integers(0, t[0]), st.integers(0, t[1])).map(
            lambda k: proportion_difference(k[0], t[0], k[1], t[1])
        )
    ),
)


@given(estimates, st.booleans())
def test_no_interval_has_a_hyphen_a_range_dash_or_an_open_bracket(estimate, difference):
    words = interval_words(estimate, difference=difference)
    assert "-" not in words and "–" not in words and "inf" not in words
    assert words.count("(") == words.count(")") <= 1
    if estimate.count and math.isfinite(estimate.low) and math.isfinite(estimate.high):
        assert words.endswith(f", n={estimate.count})") and " to " in words
    if difference and estimate.count:
        assert " points (" in words and words[0] in "+−0"


@given(estimates)
def test_a_shift_reads_as_its_interval_and_at_most_the_note(estimate):
    words = shift_words(estimate)
    assert words.removesuffix(": too few games to tell") == interval_words(
        estimate, difference=True
    )
