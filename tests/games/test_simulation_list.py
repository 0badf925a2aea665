"""My simulations: each job told apart in one look, by its kind and what its arms compare,
its decks, bots, games (each arm's and in all), headline figure with its interval, and
status; a paired job's shift worked out once and kept."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models.simulations import SimulationKind
from games.simulations.figure_words import interval_words, shift_words
from games.simulations.listing import (
    compared_words,
    decks_words,
    games_words,
    headline,
    job_rows,
)
from games.simulations.progress import simulation_progress
from games.simulations.services import job_figures, job_gauntlet, job_shift, simulation_cancel
from tests.games.simulation_jobs import gauntlet, rule_ab, simulation_start

pytestmark = pytest.mark.django_db

BOTS = ("random", "greedy")


def listed(client, user) -> str:
    client.force_login(user)
    response = client.get("/simulations/")
    assert response.status_code == 200
    return unescape(response.content.decode())


def row_of(page: str, pk: int) -> str:
    """The list's row of job ``pk``, its tags stripped to text."""
    link = rf'<th scope="row"><a href="/simulations/{pk}/"'
    found = re.search(rf"<tr data-kind[^>]*>\s*{link}.*?</tr>", page, re.S)
    assert found, f"no row for simulation {pk}"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group()).split())


def test_a_matchup_row_tells_its_decks_bots_games_and_win_rate(
    client, alice, alices_deck, bobs_deck
):
    job = simulation_start(alice, alices_deck, bobs_deck, bot_b="greedy")
    row = row_of(listed(client, alice), job.pk)
    wins = interval_words(job_figures(job).win_rate)
    assert "Matchup" in row and "Alice's deck (A) v Bob's deck (B)" in row
    assert "random v greedy" in row and "12 games" in row
    assert f"A wins {wins}" in row and "Finished" in row


def test_a_rule_ab_row_tells_its_rulesets_games_in_each_arm_and_its_shift(
    client, alice, alices_deck, bobs_deck
):
    job = rule_ab(alice, alices_deck, bobs_deck)
    row = row_of(listed(client, alice), job.pk)
    shift = shift_words(job_shift(job))
    assert "Rule A/B beta-2025 → beta-2026-07" in row
    assert "12 games in each arm, 24 in all" in row
    assert f"Shift of A's win rate {shift}" in row


def test_a_rule_ab_of_one_ruleset_tells_the_options_it_changes(alice, alices_deck, bobs_deck):
    job = simulation_start(
        alice,
        alices_deck,
        bobs_deck,
        kind=SimulationKind.RULE_AB,
        parameters={"ruleset_b": "beta-2026-07", "options_b": {"max_turns": 6}},
        games=2,
    )
    assert compared_words(job) == "Turn limit (R26): 8 → 6"


def test_a_card_impact_row_tells_the_card_and_what_replaces_it(alice, alices_deck, bobs_deck):
    from games.simulations.kinds import deck_card_names

    plain = simulation_start(alice, alices_deck, bobs_deck, games=2)
    card = deck_card_names(plain.decks[0])[0]
    job = simulation_start(
        alice,
        alices_deck,
        bobs_deck,
        kind=SimulationKind.CARD_IMPACT,
        parameters={"card": card},
        games=2,
    )
    assert compared_words(job) == f"{card} → a blank"
    assert games_words(job) == "2 games in each arm, 4 in all"


def test_a_gauntlet_row_tells_both_sides_and_its_best_deck(
    client, alice, alices_deck, bobs_deck, third_deck
):
    job = gauntlet(alice, alices_deck, bobs_deck, decks=[third_deck], games=4)
    assert decks_words(job) == "Alice's deck, Third deck v Bob's deck"
    assert compared_words(job) == "2 decks × 1 opponent"
    assert games_words(job) == "4 games each pairing, 8 in all"
    told = headline(job, simulation_progress(job))
    overall = job_gauntlet(job).overall
    best = max(range(2), key=lambda row: overall[row].value)
    assert told.estimate == overall[best]
    assert told.label == f"Best: {job.parameters['decks'][best]} against all"


def test_a_stopped_job_is_marked_partial_and_tells_how_far_it_got(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    from games.simulations.services import chunk_run

    job = simulation_start(alice, alices_deck, bobs_deck, games=30)
    chunk_run(job.chunks.get(index=0).pk)
    simulation_cancel(job)
    row = row_of(listed(client, alice), job.pk)
    assert "partial" in row and "Cancelled 10 of 30 played" in row


def test_a_running_paired_job_tells_its_shift_once_over(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    job = rule_ab(alice, alices_deck, bobs_deck)
    row = row_of(listed(client, alice), job.pk)
    assert "once both arms have played" in row and "0 of 24 played" in row


def test_nine_jobs_of_every_kind_read_apart(client, alice, realms, alices_deck, bobs_deck):
    """The issue's nine identical rows: now no two rows say the same thing."""
    from games.simulations.kinds import deck_card_names

    jobs = [simulation_start(alice, alices_deck, bobs_deck, games=2, bot_b=bot) for bot in BOTS]
    jobs.append(simulation_start(alice, bobs_deck, alices_deck, games=2))
    jobs.append(rule_ab(alice, alices_deck, bobs_deck, games=2))
    card = deck_card_names(jobs[0].decks[0])
    for name in card[:2]:
        jobs.append(
            simulation_start(
                alice,
                alices_deck,
                bobs_deck,
                games=2,
                kind=SimulationKind.CARD_IMPACT,
                parameters={"card": name},
            )
        )
    rows = job_rows(jobs)
    told = [(row.kind, row.compared, row.decks, row.job.bots, row.games) for row in rows]
    assert len(set(told)) == len(told)


def test_the_list_reads_a_paired_shift_once_then_from_the_cache(alice, alices_deck, bobs_deck):
    jobs = [rule_ab(alice, alices_deck, bobs_deck, games=2, seed=seed) for seed in (1, 2, 3)]
    first = job_rows(jobs)
    with CaptureQueriesContext(connection) as again:
        second = job_rows(jobs)
    assert [row.headline for row in first] == [row.headline for row in second]
    # Progress in one query and nothing more: no game summary read again.
    assert len(again.captured_queries) == 1


def test_a_shift_kept_with_the_old_interval_is_worked_out_again(alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck, games=2)
    progress = simulation_progress(job)
    # What the list kept before Newcombe's interval: every pair agreeing, no width.
    made = job.created_at.timestamp()
    cache.set(f"simulation-shift:{job.pk}:{made}:{progress.etag}", (0.0, 0.0, 0.0, 2))
    assert headline(job, progress).estimate == job_shift(job)


def test_a_paired_page_says_games_in_each_arm_and_in_all_as_the_list_does(
    client, alice, alices_deck, bobs_deck
):
    job = rule_ab(alice, alices_deck, bobs_deck)
    page = listed(client, alice) and unescape(
        client.get(f"/simulations/{job.pk}/").content.decode()
    )
    assert '<span data-testid="games">12 games in each arm, 24 in all</span>' in page
    assert "24 of 24 games played in all" in page
    assert "60 games" not in page and "12 games ·" not in page


def test_a_matchup_page_says_its_games_once(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    assert '<span data-testid="games">12 games</span>' in page
    assert "12 of 12 games played." in page
