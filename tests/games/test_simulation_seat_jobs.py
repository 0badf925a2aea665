"""Simulation jobs on named scenarios: tables of three to six seats, a deck per seat, and
the scenario A/B (games.simulations.services with games.simulations.tables)."""

from __future__ import annotations

import pytest

from games.models.simulations import JobStatus, SimulationKind
from games.simulations.kinds import deck_card_names
from games.simulations.services import (
    arms_of,
    job_arm_figures,
    job_figures,
    job_shift,
    job_shifts,
    job_summaries,
)
from games.simulations.table_figures import TableFigures
from games.simulations.tables import TableSummary
from tests.games.simulation_jobs import rule_ab, simulation_refused, simulation_start
from tests.games.test_simulation_errata import drafted_card_of

pytestmark = pytest.mark.django_db


def four_seats(owner, deck_a, deck_b, third, **changes):
    """A four-corners job: Alice's, Bob's, the third and Alice's decks again."""
    arguments = {
        "scenario": "four-corners",
        "seat_decks": [third, deck_a],
        "seat_bots": ["random", "greedy"],
        "games": 4,
        "options": {"max_turns": 4},
    }
    return simulation_start(owner, deck_a, deck_b, **{**arguments, **changes})


def test_a_four_seat_job_plays_every_deck_in_every_seat(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    job = four_seats(alice, alices_deck, bobs_deck, third_deck)
    assert job.status == JobStatus.FINISHED
    assert job.named_scenario.slug == "four-corners"
    assert job.scenario["players"] == 4 and len(job.decks) == 4
    assert job.names == ("Alice's deck", "Bob's deck", "Third deck", "Alice's deck")
    assert job.bots == ("random", "random", "random", "greedy")
    summaries = job_summaries(job)
    assert all(isinstance(summary, TableSummary) for summary in summaries)
    assert sorted(summary.rotation for summary in summaries) == [0, 1, 2, 3]
    shown = job_figures(job)
    assert isinstance(shown, TableFigures)
    assert shown.games == 4 and shown.fair == 0.25 and len(shown.win_rates) == 4


def test_a_team_job_measures_decks_against_half(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    job = four_seats(alice, alices_deck, bobs_deck, third_deck, scenario="two-against-two")
    assert job_figures(job).fair == 0.5


def test_a_job_on_a_two_player_scenario_keeps_the_two_deck_figures(
    named_scenarios, alice, alices_deck, bobs_deck
):
    job = simulation_start(alice, alices_deck, bobs_deck, scenario="duel", games=2)
    assert not job.is_table and job.scenario["players"] == 2
    assert job_figures(job).wins_a + job_figures(job).wins_b + job_figures(job).draws == 2


def test_a_table_needs_a_deck_and_a_bot_for_every_seat(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "a deck and a bot for each of its 4 seats",
        scenario="four-corners",
        seat_decks=[third_deck],
        seat_bots=["random"],
    )


def test_an_unknown_scenario_is_refused(named_scenarios, alice, alices_deck, bobs_deck):
    simulation_refused(alice, alices_deck, bobs_deck, "Choose a named scenario", scenario="moon")


def test_a_table_game_counts_for_its_seats_against_the_limits(
    named_scenarios, settings, alice, alices_deck, bobs_deck, third_deck
):
    settings.SIMULATION_MAX_QUEUED_GAMES = 10
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "at most 10 games waiting",
        scenario="four-corners",
        seat_decks=[third_deck, alices_deck],
        seat_bots=["random", "random"],
        games=6,
    )


def test_a_gauntlet_is_refused_on_a_table(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "A gauntlet plays two-player games",
        scenario="three-way",
        seat_decks=[third_deck],
        seat_bots=["random"],
        kind=SimulationKind.GAUNTLET,
        parameters={"decks": [], "opponents": []},
    )


def test_a_rule_ab_on_a_table_pairs_every_decks_games(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    job = rule_ab(
        alice,
        alices_deck,
        bobs_deck,
        scenario="three-way",
        seat_decks=[third_deck],
        seat_bots=["random"],
        games=3,
        options={"max_turns": 4},
    )
    assert job.status == JobStatus.FINISHED
    assert job_shift(job).count == 3
    assert [shift.count for shift in job_shifts(job)] == [3, 3, 3]
    assert all(isinstance(arm, TableFigures) for arm in job_arm_figures(job))


def scenario_ab(owner, deck_a, deck_b, **changes):
    return simulation_start(
        owner, deck_a, deck_b, kind=SimulationKind.SCENARIO_AB, games=4, **changes
    )


def test_a_scenario_ab_plays_the_same_games_on_two_boards(
    named_scenarios, alice, alices_deck, bobs_deck
):
    job = scenario_ab(
        alice, alices_deck, bobs_deck, scenario="duel", parameters={"scenario_b": "long-duel"}
    )
    assert job.status == JobStatus.FINISHED
    assert job.parameters["scenario_b"]["width"] == 10
    assert job.parameters["scenario_a_name"] == "Duel"
    shift = job_shift(job)
    assert shift.count == 4
    base, variant = job_summaries(job, 0), job_summaries(job, 1)
    assert [s.seed for s in base] == [s.seed for s in variant]


def test_a_scenario_ab_seats_as_many_players_on_both(
    named_scenarios, alice, alices_deck, bobs_deck
):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "seat the same players",
        scenario="duel",
        kind=SimulationKind.SCENARIO_AB,
        parameters={"scenario_b": "four-corners"},
    )


def test_a_scenario_ab_on_the_same_board_is_refused(named_scenarios, alice, alices_deck, bobs_deck):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "the same board",
        kind=SimulationKind.SCENARIO_AB,
        parameters={"scenario_b": "duel"},
    )


def three_way(owner, deck_a, deck_b, third, **changes):
    seats = {
        "scenario": "three-way",
        "seat_decks": [third],
        "seat_bots": ["random"],
        "games": 3,
        "options": {"max_turns": 4},
    }
    return simulation_start(owner, deck_a, deck_b, **{**seats, **changes})


def test_an_errata_what_if_on_a_table_drafts_the_card_in_every_deck(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    card = drafted_card_of(alice, alices_deck, bobs_deck)
    wanted = {"card": card.slug, "changes": {"cost": card.cost - 1}, "note": "Cheaper."}
    job = three_way(
        alice, alices_deck, bobs_deck, third_deck, kind=SimulationKind.ERRATA, parameters=wanted
    )
    assert job.status == JobStatus.FINISHED
    _, draft = arms_of(job)
    assert len(draft.decks) == 3 and draft.scenario.players == 3
    drafted = [c for deck in draft.decks for c in deck["cards"] if c["name"] == card.name]
    assert drafted and all(c["cost"] == card.cost - 1 for c in drafted)
    assert [shift.count for shift in job_shifts(job)] == [3, 3, 3]


def test_a_card_impact_on_a_table_replaces_deck_as_card_only(
    named_scenarios, alice, alices_deck, bobs_deck, third_deck
):
    name = deck_card_names(
        arms_of(three_way(alice, alices_deck, bobs_deck, third_deck))[0].decks[0]
    )[0]
    job = three_way(
        alice,
        alices_deck,
        bobs_deck,
        third_deck,
        kind=SimulationKind.CARD_IMPACT,
        parameters={"card": name, "substitute": None},
    )
    base, variant = arms_of(job)
    assert variant.decks[1:] == base.decks[1:] and variant.decks[0] != base.decks[0]
    assert job_shift(job).count == 3
