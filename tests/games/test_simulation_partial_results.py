"""A simulation stopped before its end (cancelled or failed) shows what it played, marked
partial: a paired job's arms too, even when its second arm had played nothing yet."""

from __future__ import annotations

import pytest

from games.models.simulations import JobStatus, SimulationJob
from games.simulations.services import chunk_run, simulation_cancel
from tests.games.simulation_jobs import rule_ab, simulation_start

pytestmark = pytest.mark.django_db


def first_chunk(job: SimulationJob, arm: int) -> None:
    chunk_run(job.chunks.get(arm=arm, index=0).pk)


def test_a_cancelled_rule_ab_shows_its_first_arm_marked_partial(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    job = rule_ab(alice, alices_deck, bobs_deck, games=30)
    first_chunk(job, 0)
    simulation_cancel(job)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert 'data-partial="cancelled"' in page
    assert "Partial results" in page and "Under beta-2025" in page
    assert "10 of 30" in page and "0 of 30" in page  # each arm's games played
    # No game was played in both arms: no shift to tell, and the page says why.
    assert "no games both arms played" in page
    assert "mean 0.0 turns" not in page  # an arm of no games has no game length


def test_a_cancelled_paired_job_pairs_the_games_both_arms_played(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    job = rule_ab(alice, alices_deck, bobs_deck, games=30)
    first_chunk(job, 0)
    first_chunk(job, 1)
    chunk_run(job.chunks.get(arm=0, index=1).pk)
    simulation_cancel(job)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert 'data-partial="cancelled"' in page and 'data-count="10"' in page
    assert "20 of 30" in page and "10 of 30" in page


def test_a_failed_paired_job_is_marked_partial_the_same_way(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    job = rule_ab(alice, alices_deck, bobs_deck, games=30)
    first_chunk(job, 0)
    SimulationJob.objects.filter(pk=job.pk).update(status=JobStatus.FAILED, error="Game 12 failed")
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert 'data-partial="failed"' in page and "Partial results" in page


def test_a_finished_job_is_not_marked_partial(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "data-partial" not in page and "Partial results" not in page


def test_a_job_cancelled_before_any_game_says_so(client, alice, alices_deck, bobs_deck, jobs_held):
    job = rule_ab(alice, alices_deck, bobs_deck)
    simulation_cancel(job)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "No game was played before it was cancelled" in page
