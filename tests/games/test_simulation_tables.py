"""Simulated games of three to six seats: seating, finishing places, points, tallies and
figures (games.simulations.tables, games.simulations.table_figures)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import engine
from games.engine.state import Result, evolve
from games.simulations.figures import Tally
from games.simulations.games import job_game, play_simulated_game
from games.simulations.table_figures import (
    TableTally,
    table_figures,
    table_shift,
    tally_from_json,
)
from games.simulations.tables import (
    POINTS,
    TableSummary,
    deck_teams,
    finishing_places,
    play_simulated_table,
    scenario_data,
    scenario_of,
    seat_points,
    table_game,
)
from tests.games.simulated import SHORT, deck_pair, sightings

FOUR = engine.Scenario(players=4)
PAIRS = engine.Scenario(players=4, teams=2)


def table_decks(count: int) -> list:
    """``count`` decks, the two sample decks in turn."""
    return [deck_pair()[seat % 2] for seat in range(count)]


def games_of(scenario: engine.Scenario, count: int, seed: int = 5) -> list:
    decks = table_decks(scenario.players)
    return [
        table_game("beta-2026-07", SHORT, scenario, decks, ["random"] * len(decks), seed, i)
        for i in range(count)
    ]


@cache
def played(scenario: engine.Scenario, count: int) -> tuple[TableSummary, ...]:
    return tuple(play_simulated_table(game) for game in games_of(scenario, count))


def test_every_deck_plays_every_seat_once_in_n_games():
    games = games_of(FOUR, 4)
    for deck in range(4):
        assert sorted(game.seat_of(deck) for game in games) == [0, 1, 2, 3]
    assert all(game.deck_in_seat(game.seat_of(2)) == 2 for game in games)


def test_team_mates_sit_on_one_teams_seats_in_every_rotation():
    teams = deck_teams(engine.Scenario(players=6, teams=3))
    for game in games_of(engine.Scenario(players=6, teams=3), 6):
        for deck in range(6):
            for mate in range(6):
                same_team = teams[deck] == teams[mate]
                assert (game.seat_of(deck) % 3 == game.seat_of(mate) % 3) == same_team


def test_a_game_needs_a_deck_and_a_bot_per_seat():
    with pytest.raises(ValueError, match="4 players"):
        table_game("beta-2026-07", SHORT, FOUR, table_decks(3), ["random"] * 3, 1, 0)


def test_a_table_game_replays_from_its_value():
    game = games_of(FOUR, 2)[1]
    assert play_simulated_table(game) == played(FOUR, 2)[1]


def test_winners_take_first_place_and_the_points():
    for summary in played(FOUR, 4):
        for deck in summary.winners:
            assert summary.places[deck] == 1
        if summary.winners:
            assert sum(summary.points) == POINTS
            assert all(summary.points[d] == POINTS for d in summary.winners)


def test_a_winning_team_shares_the_win_and_first_place():
    for summary in played(PAIRS, 4):
        if summary.winners:
            assert len(summary.winners) == 2
            assert summary.places.count(1) == 2
            assert sum(summary.points) == 2 * POINTS


@pytest.fixture(scope="module")
def four_seats():
    state = engine.new_game(
        engine.RULESETS["beta-2026-07"], table_decks(4), 3, engine.Scenario(players=4)
    )
    return state


def test_players_out_finish_last_first_out_M7(four_seats):
    state = evolve(four_seats, players_out=(2, 0), result=Result(1, "out_of_cards", among=(1,)))
    assert finishing_places(state) == (3, 1, 4, 2)


def test_others_still_in_share_the_place_after_the_winners_M8(four_seats):
    state = evolve(four_seats, players_out=(3,), result=Result(0, "anchors", among=(0,)))
    assert finishing_places(state) == (1, 2, 2, 4)


def test_a_draw_shares_first_place_and_the_win_M8(four_seats):
    state = evolve(four_seats, players_out=(1,), result=Result(None, "adjudicated", among=(0, 2)))
    assert finishing_places(state) == (1, 4, 1, 3)
    assert seat_points(state) == (POINTS // 2, 0, POINTS // 2, 0)


def test_a_stalled_game_is_a_draw_among_the_players_in(four_seats):
    state = evolve(four_seats, players_out=(1,))
    assert finishing_places(state) == (1, 4, 1, 1)
    assert seat_points(state) == (POINTS // 3, 0, POINTS // 3, POINTS // 3)


def test_a_team_draw_is_shared_between_the_teams_M8(four_seats):
    teamed = evolve(four_seats, teams=(0, 1, 0, 1))
    state = evolve(teamed, result=Result(None, "adjudicated", among=(0, 1, 2, 3)))
    assert seat_points(state) == (POINTS // 2,) * 4


def test_a_table_summary_goes_to_json_and_back():
    for summary in played(PAIRS, 4):
        assert TableSummary.from_json(summary.to_json()) == summary


def test_a_summary_with_decks_that_disagree_is_refused():
    data = played(FOUR, 1)[0].to_json()
    with pytest.raises(ValueError):
        TableSummary.from_json({**data, "first": 7})
    with pytest.raises(ValueError):
        TableSummary.from_json({**data, "places": [1, 2]})


def test_a_scenario_goes_to_json_and_back():
    for scenario in (PAIRS, engine.Scenario(anchors=("a1", "j10"), width=10, height=10)):
        assert scenario_of(scenario_data(scenario)) == scenario
    assert scenario_of(None) is None


def test_a_two_player_scenario_plays_on_its_board():
    decks, bots = deck_pair(), ("random", "random")
    wide = engine.Scenario(width=10, height=10)
    own = play_simulated_game(job_game("beta-2026-07", SHORT, decks, bots, 4, 0))
    on_wide = play_simulated_game(job_game("beta-2026-07", SHORT, decks, bots, 4, 0, scenario=wide))
    assert own != on_wide


def test_a_tally_of_chunks_is_the_tally_of_all_their_games():
    games = played(FOUR, 4)
    whole = TableTally.of(games, 4)
    assert TableTally.of(games[:1], 4) + TableTally.of(games[1:], 4) == whole
    assert TableTally() + whole == whole
    assert TableTally.from_json(whole.to_json()) == whole


def test_a_stored_tally_is_read_as_what_it_is():
    games = played(FOUR, 2)
    assert isinstance(tally_from_json(TableTally.of(games, 4).to_json()), TableTally)
    assert tally_from_json(Tally().to_json()) == Tally()


def test_figures_give_each_deck_and_seat_its_share_of_the_wins():
    games = played(FOUR, 4)
    shown = table_figures(TableTally.of(games, 4))
    assert shown.fair == 0.25
    for deck, rate in enumerate(shown.win_rates):
        assert rate.value == pytest.approx(sum(g.score(deck) for g in games) / 4)
        assert sum(shown.places[deck]) == 4
    assert sum(rate.value for rate in shown.by_seat) == pytest.approx(1.0)
    first = sum(g.score(g.first) for g in games) / 4
    assert shown.first_player.value == pytest.approx(first)
    assert len(shown.cards) == 4 and shown.cards[0]
    assert shown.to_json()["win_rates"][0]["count"] == 4


def test_team_figures_measure_decks_against_half():
    shown = table_figures(TableTally.of(played(PAIRS, 4), 2))
    assert shown.fair == 0.5


def test_the_same_games_shift_nothing():
    games = played(FOUR, 4)
    shift = table_shift(games, games, deck=1)
    assert shift.value == 0 and shift.count == 4


def table_summaries(decks: int):
    """Any summary of a table of ``decks`` decks (not only one a game could give)."""
    deck = st.integers(0, decks - 1)
    return st.builds(
        TableSummary,
        seed=st.integers(0, 2**63 - 1),
        rotation=deck,
        places=st.lists(st.integers(1, decks), min_size=decks, max_size=decks).map(tuple),
        points=st.lists(st.integers(0, POINTS), min_size=decks, max_size=decks).map(tuple),
        winners=st.lists(deck, max_size=2, unique=True).map(tuple),
        out=st.lists(deck, max_size=decks - 1, unique=True).map(tuple),
        first=deck,
        turns=st.integers(0, 200),
        actions=st.integers(0, 10**5),
        ending=st.sampled_from(["anchors", "out_of_cards", "turn_limit"]),
        cards=st.tuples(
            *[st.lists(sightings, max_size=3, unique_by=lambda s: s.name).map(tuple)] * decks
        ),
    )


tables = st.integers(3, 6).flatmap(
    lambda decks: st.tuples(st.lists(table_summaries(decks), max_size=6), st.integers(0, 6))
)


@given(tables)
def test_a_tally_adds_up_in_any_split_and_survives_json(games_and_cut):
    games, cut = games_and_cut
    whole = TableTally.of(games, 3)
    assert TableTally.of(games[:cut], 3) + TableTally.of(games[cut:], 3) == whole
    assert TableTally.from_json(whole.to_json()) == whole
    for game in games:
        assert TableSummary.from_json(game.to_json()) == game
