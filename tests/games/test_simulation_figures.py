"""Figures of many games, against counts worked by hand, and the paired shift."""

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    proportion_difference,
    wilson_interval,
)
from games.simulations.figures import (
    Tally,
    figures,
    gauntlet_matrix,
    paired_shift,
)
from games.simulations.games import CardSighting, GameSummary, job_games, play_simulated_game
from tests.games.simulated import SHORT, deck_pair, game_summaries


def _summary(seed, winner, first="a", turns=5, ending="anchors", a=(), b=(), swapped=False):
    """A game whose deck A saw the cards ``a`` and deck B ``b``: (name, opening, drawn, played)."""
    return GameSummary(
        seed=seed,
        swapped=swapped,
        winner=winner,
        first=first,
        turns=turns,
        actions=10 * turns,
        ending=ending,
        cards=(
            tuple(CardSighting(*row) for row in a),
            tuple(CardSighting(*row) for row in b),
        ),
    )


# Four games worked by hand: deck A wins two, loses one, draws one.
# Ember Warden (deck A) is drawn in both wins and never in the other two;
# Tide Sentinel (deck B) is in B's opening hand in the loss and the draw.
# Each row: seed, winner, first, turns, ending, then (opening, drawn, played) for
# Ember Warden (deck A) and for Tide Sentinel (deck B).
HAND_WORKED = [
    _summary(seed, winner, first, turns, ending, [("Ember Warden", *a)], [("Tide Sentinel", *b)])
    for seed, winner, first, turns, ending, a, b in (
        (1, "a", "a", 3, "anchors", (True, True, True), (False, False, False)),
        (2, "a", "b", 5, "anchors", (False, True, False), (False, True, True)),
        (3, "b", "b", 5, "out_of_cards", (False, False, False), (True, True, True)),
        (4, None, "a", 9, "turn_limit", (False, False, False), (True, True, False)),
    )
]


def test_the_job_figures_of_four_games_worked_by_hand():
    result = figures(HAND_WORKED)
    assert (result.games, result.wins_a, result.wins_b, result.draws) == (4, 2, 1, 1)
    assert result.win_rate == wilson_interval(2.5, 4)
    # Whoever went first won games 1 and 3 and drew game 4.
    assert result.first_player == wilson_interval(2.5, 4)
    assert result.turns == ((3, 1), (5, 2), (9, 1))
    assert (result.mean_turns, result.median_turns, result.mean_actions) == (5.5, 5.0, 55.0)
    assert result.endings == (("anchors", 2), ("out_of_cards", 1), ("turn_limit", 1))


def test_card_figures_of_four_games_worked_by_hand():
    (warden,), (sentinel,) = figures(HAND_WORKED).cards
    assert warden.name == "Ember Warden" and warden.games == 4
    assert warden.opening_hand == wilson_interval(1, 1)
    assert warden.drawn == wilson_interval(2, 2)
    # Never drawn in a loss and a draw: half a win in two games.
    assert warden.not_drawn == wilson_interval(0.5, 2)
    assert warden.improvement == proportion_difference(2, 2, 0.5, 2)
    assert warden.improvement.value == 0.75
    assert warden.played == wilson_interval(1, 4)
    # Deck B's card from deck B's side: a win and a draw with it in the opening hand.
    assert sentinel.opening_hand == wilson_interval(1.5, 2)
    assert sentinel.drawn == wilson_interval(1.5, 3)
    assert sentinel.not_drawn == wilson_interval(0, 1)
    assert sentinel.played == wilson_interval(2, 4)


def test_the_median_of_an_odd_count_is_the_middle_game():
    games = [_summary(i, "a", turns=t) for i, t in enumerate((2, 7, 4))]
    assert figures(games).median_turns == 4


def test_no_games_give_empty_figures():
    result = figures([])
    assert (result.games, result.mean_turns, result.median_turns) == (0, 0.0, 0.0)
    assert result.win_rate.count == 0
    assert result.cards == ((), ())


def test_figures_are_plain_json():
    text = json.dumps(figures(HAND_WORKED).to_json(), allow_nan=False)
    data = json.loads(text)
    assert data["win_rate"]["value"] == 0.625
    assert data["cards"]["a"][0]["improvement"]["value"] == 0.75
    assert data["endings"] == {"anchors": 2, "out_of_cards": 1, "turn_limit": 1}


@given(st.lists(game_summaries, max_size=6), st.lists(game_summaries, max_size=6))
def test_tallies_of_chunks_add_up_to_the_tally_of_the_whole_job(first, second):
    assert Tally.of(first) + Tally.of(second) == Tally.of(first + second)
    assert Tally.of(second) + Tally.of(first) == Tally.of(first + second)


@given(st.lists(game_summaries, max_size=6))
def test_a_tally_comes_back_from_its_json(summaries):
    tally = Tally.of(summaries)
    assert Tally.from_json(json.loads(json.dumps(tally.to_json()))) == tally


@pytest.mark.parametrize(
    "data", [{}, None, {**Tally().to_json(), "games": 3}, {**Tally().to_json(), "cards": [[]]}]
)
def test_what_is_not_a_tally_is_refused(data):
    with pytest.raises(ValueError, match="not a tally"):
        Tally.from_json(data)


@given(st.lists(game_summaries, max_size=8, unique_by=lambda s: (s.seed, s.swapped)))
def test_the_paired_shift_of_a_run_against_itself_is_zero(summaries):
    shift = paired_shift(summaries, summaries)
    assert shift.value == 0
    assert shift.count == len(summaries)


def test_paired_shift_worked_by_hand():
    base = [_summary(1, "a"), _summary(2, "b"), _summary(3, None), _summary(4, "a")]
    # Game 1 the same, game 2 won instead of lost, game 3 lost instead of drawn;
    # game 5 has no partner in the base run and game 4 none in the variant.
    variant = [_summary(1, "a"), _summary(2, "a"), _summary(3, "b"), _summary(5, "a")]
    shift = paired_shift(base, variant)
    assert shift.count == 3
    assert shift.value == pytest.approx((0 + 1 - 0.5) / 3)
    # Won in both; won only in the variant; the draw then the loss: half lost in both,
    # half won only in the base.
    assert shift == paired_proportion_difference(1, 1, 0.5, 0.5)
    # The same seed in the other seats is another game.
    assert paired_shift(base, [_summary(1, "b", swapped=True)]).count == 0


def test_the_paired_shift_of_played_games_replayed_is_zero():
    games = list(job_games("beta-2026-07", SHORT, deck_pair(), ("random", "random"), 3, 4))
    base = [play_simulated_game(game) for game in games]
    again = [play_simulated_game(game) for game in reversed(games)]
    shift = paired_shift(base, again)
    # Every pair agrees, yet four pairs tell little: no interval of no width.
    assert (shift.value, shift.count) == (0, 4)
    assert shift.low == -shift.high and shift.high > 0.1


def test_gauntlet_matrix_of_games_worked_by_hand():
    matrix = gauntlet_matrix(
        {
            (0, 0): [_summary(1, "a"), _summary(2, "a")],
            (0, 1): Tally.of([_summary(3, "b"), _summary(4, None)]),
            (1, 0): [_summary(5, "b")],
        },
        decks=2,
        opponents=2,
    )
    assert matrix.cells[0] == (wilson_interval(2, 2), wilson_interval(0.5, 2))
    assert matrix.cells[1][0] == wilson_interval(0, 1)
    assert matrix.cells[1][1].count == 0
    assert matrix.overall == (wilson_interval(2.5, 4), wilson_interval(0, 1))
    data = json.loads(json.dumps(matrix.to_json(), allow_nan=False))
    assert data["cells"][0][1]["value"] == 0.25


def test_ten_games_the_same_in_both_arms_leave_a_wide_shift():
    # The card-impact job of the issue: "0.0 points (0.0 to 0.0, n=10)" before.
    games = [_summary(seed, "a") for seed in range(10)]
    shift = paired_shift(games, games)
    assert shift.value == 0 and shift.count == 10
    assert (shift.low, shift.high) == (
        pytest.approx(-0.2775, abs=1e-3),
        pytest.approx(0.2775, abs=1e-3),
    )


def test_draws_in_both_arms_agree_and_a_draw_to_a_win_is_half_a_change():
    drawn = [_summary(seed, None) for seed in range(4)]
    won = [_summary(seed, "a") for seed in range(4)]
    assert paired_shift(drawn, drawn) == paired_proportion_difference(2, 0, 0, 2)
    # From a draw to a win: half a pair won in both, half won only in the variant.
    assert paired_shift(drawn, won) == paired_proportion_difference(2, 2, 0, 0)
    assert paired_shift(drawn, won).value == 0.5


def test_an_unbounded_interval_is_null_in_json():
    from games.simulations.figures import estimate_json

    data = estimate_json(Estimate(-1.0, -math.inf, math.inf, 1))
    assert data == {"value": -1.0, "low": None, "high": None, "count": 1}
    assert not math.isnan(data["value"])
