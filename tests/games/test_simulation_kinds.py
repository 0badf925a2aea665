"""Paired simulation kinds: rule A/B and card impact. Both arms play the same games
(seeds and seats); the paired shift compares them game by game."""

from __future__ import annotations

import pytest

from cards.models import Card
from games.models.simulations import JobStatus, SimulationJob, SimulationKind
from games.simulations.figures import paired_shift
from games.simulations.games import derive_seed, play_simulated_game
from games.simulations.kinds import arm_game, deck_card_names, job_arms
from games.simulations.progress import simulation_progress
from games.simulations.services import (
    game_number,
    job_gauntlet,
    job_shift,
    job_summaries,
)
from tests.games.simulation_jobs import gauntlet, rule_ab, simulation_refused, simulation_start

pytestmark = pytest.mark.django_db


def a_card_of(job: SimulationJob) -> str:
    return deck_card_names(job.decks[0])[0]


def test_rule_ab_plays_both_arms_on_the_same_seeds(alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck)
    job.refresh_from_db()
    assert job.status == JobStatus.FINISHED
    assert set(job.chunks.values_list("arm", flat=True)) == {0, 1}
    base, variant = job_summaries(job, 0), job_summaries(job, 1)
    assert len(base) == len(variant) == job.games
    assert [(s.seed, s.swapped) for s in base] == [(s.seed, s.swapped) for s in variant]
    assert game_number(job, 3, 0).seed == game_number(job, 3, 1).seed
    assert (game_number(job, 3, 0).ruleset, game_number(job, 3, 1).ruleset) == (
        "beta-2025",
        "beta-2026-07",
    )
    progress = simulation_progress(job)
    assert progress.games == progress.done == 2 * job.games
    assert job_shift(job).count == job.games


def test_the_paired_shift_of_identical_arms_is_exactly_zero_in_a_wide_interval(
    alice, alices_deck, bobs_deck
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=6)
    # A rule A/B whose second arm is the first: the service refuses it, the arms allow it.
    parameters = {"ruleset_b": job.ruleset, "options_b": job.options}
    base, same = job_arms(SimulationKind.RULE_AB, parameters, job.ruleset, job.options, job.decks)
    games = [
        [play_simulated_game(arm_game(arm, job.bots, job.seed, i)) for i in range(job.games)]
        for arm in (base, same)
    ]
    shift = paired_shift(*games)
    # Every pair agrees, but six pairs cannot tell: the interval is not of no width.
    assert (shift.value, shift.count) == (0, job.games)
    assert shift.low == -shift.high and shift.high > 0.1
    assert games[0] == job_summaries(job)


@pytest.mark.parametrize(
    ("parameters", "reason"),
    [
        ({}, "second ruleset"),
        ({"ruleset_b": "no-such-rules"}, "second ruleset"),
        ({"ruleset_b": "beta-2026-07", "options_b": {"max_turns": 8}}, "two different"),
        # The rulebook's own value written out is the same game as leaving it out.
        ({"ruleset_b": "beta-2026-07", "options_b": {"max_turns": 8, "ko": False}}, "same rules"),
        ({"ruleset_b": "beta-2026-07", "options_b": {"ties": "defender"}}, "not an option of"),
        ({"ruleset_b": "beta-2025", "options_b": "x"}, "options_b"),
    ],
)
def test_bad_rule_ab_parameters_are_refused(alice, alices_deck, bobs_deck, parameters, reason):
    simulation_refused(
        alice, alices_deck, bobs_deck, reason, kind=SimulationKind.RULE_AB, parameters=parameters
    )


def test_rule_ab_refuses_decks_not_played_under_the_second_ruleset(alice, alices_deck, bobs_deck):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        r"not played under simplified-0\.1",
        kind=SimulationKind.RULE_AB,
        parameters={"ruleset_b": "simplified-0.1", "options_b": {}},
    )


def test_card_impact_replaces_every_copy_by_a_blank_on_the_same_seeds(
    alice, alices_deck, bobs_deck
):
    plain = simulation_start(alice, alices_deck, bobs_deck)
    card = a_card_of(plain)
    job = simulation_start(
        alice, alices_deck, bobs_deck, kind=SimulationKind.CARD_IMPACT, parameters={"card": card}
    )
    job.refresh_from_db()
    assert job.status == JobStatus.FINISHED
    base, variant = job_arms(job.kind, job.parameters, job.ruleset, job.options, job.decks)
    names = [c["name"] for c in variant.decks[0]["cards"]]
    assert card not in names and f"Blank {card}" in names
    assert variant.decks[1] == base.decks[1]
    # The base arm is the plain job's games, game for game.
    assert job_summaries(job, 0) == job_summaries(plain)
    assert [s.seed for s in job_summaries(job, 1)] == [s.seed for s in job_summaries(plain)]
    assert job_shift(job).count == job.games


def test_card_impact_with_a_substitute_takes_the_card_by_value(alice, alices_deck, bobs_deck):
    plain = simulation_start(alice, alices_deck, bobs_deck, games=2)
    card = a_card_of(plain)
    substitute = Card.objects.exclude(name__in=deck_card_names(plain.decks[0])).first()
    job = simulation_start(
        alice,
        alices_deck,
        bobs_deck,
        kind=SimulationKind.CARD_IMPACT,
        parameters={"card": card, "substitute": substitute.slug},
        games=2,
    )
    assert job.parameters["substitute_card"]["name"] == substitute.name
    _, variant = job_arms(job.kind, job.parameters, job.ruleset, job.options, job.decks)
    assert substitute.name in [c["name"] for c in variant.decks[0]["cards"]]


@pytest.mark.parametrize(
    ("parameters", "reason"),
    [
        ({}, "Choose a card of deck A"),
        ({"card": "No Such Card"}, "Choose a card of deck A"),
        ({"card": None}, "Choose a card of deck A"),
    ],
)
def test_bad_card_impact_parameters_are_refused(alice, alices_deck, bobs_deck, parameters, reason):
    impact = SimulationKind.CARD_IMPACT
    simulation_refused(alice, alices_deck, bobs_deck, reason, kind=impact, parameters=parameters)


def test_an_unknown_substitute_is_refused(alice, alices_deck, bobs_deck):
    plain = simulation_start(alice, alices_deck, bobs_deck, games=1)
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "substitute is a card",
        kind=SimulationKind.CARD_IMPACT,
        parameters={"card": a_card_of(plain), "substitute": "no-such-card"},
    )


def test_an_unknown_kind_is_refused(alice, alices_deck, bobs_deck):
    simulation_refused(alice, alices_deck, bobs_deck, "Unknown kind", kind="poker")


def test_a_gauntlet_plays_every_pairing_on_its_own_seed(alice, alices_deck, bobs_deck, third_deck):
    job = gauntlet(
        alice, alices_deck, bobs_deck, decks=[third_deck], opponents=[alices_deck], games=4
    )
    job.refresh_from_db()
    assert job.status == JobStatus.FINISHED and job.arm_count == 4
    assert job.parameters["decks"] == ["Alice's deck", "Third deck"]
    assert job.parameters["opponents"] == ["Bob's deck", "Alice's deck"]
    table = job_gauntlet(job)
    assert [[cell.count for cell in row] for row in table.cells] == [[4, 4], [4, 4]]
    assert [estimate.count for estimate in table.overall] == [8, 8]
    # Pairing (1, 0) is the third deck against Bob's, on the gauntlet's derived seed.
    game = game_number(job, 0, 2)
    assert game.seed == derive_seed(derive_seed(job.seed, "gauntlet", 1, 0), 0)
    assert game.decks == (job.decks[1], job.decks[2])


@pytest.mark.parametrize(
    ("parameters", "reason"),
    [
        ({"decks": "x"}, "list of deck ids"),
        ({"opponents": [10**9]}, "decks you can see"),
        ({"opponents": [-1]}, "list of deck ids"),
    ],
)
def test_bad_gauntlet_parameters_are_refused(alice, alices_deck, bobs_deck, parameters, reason):
    simulation_refused(
        alice, alices_deck, bobs_deck, reason, kind=SimulationKind.GAUNTLET, parameters=parameters
    )


def test_a_gauntlet_side_repeating_a_deck_is_refused(alice, alices_deck, bobs_deck):
    simulation_refused(
        alice,
        alices_deck,
        bobs_deck,
        "different decks",
        kind=SimulationKind.GAUNTLET,
        parameters={"decks": [alices_deck.pk]},
    )
