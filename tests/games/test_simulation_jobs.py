"""Simulation jobs: starting one, its chunks, idempotence, progress, cancelling, results."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.models.simulations import (
    MAX_GAMES,
    ChunkStatus,
    JobStatus,
    SimulationChunk,
    SimulationJob,
)
from games.simulations.progress import simulation_progress
from games.simulations.services import (
    TAIL_GAMES,
    SimulationConflict,
    SimulationUnavailable,
    chunk_run,
    chunk_size,
    chunk_spans,
    job_summaries,
    simulation_cancel,
)
from tests.games.simulation_jobs import run_arm, simulation_refused, simulation_start

pytestmark = pytest.mark.django_db


@given(st.integers(1, MAX_GAMES))
def test_chunks_cover_every_game_once_in_order(games):
    spans = list(chunk_spans(games, chunk_size(games)))
    counts = [count for _, count in spans]
    assert [first for first, _ in spans] == [sum(counts[:index]) for index in range(len(spans))]
    assert sum(counts) == games


@given(st.integers(1, MAX_GAMES))
def test_chunks_only_shrink_down_to_a_small_last_one(games):
    counts = [count for _, count in chunk_spans(games, chunk_size(games))]
    assert max(counts) <= chunk_size(games)
    assert counts == sorted(counts, reverse=True)
    assert min(counts) >= min(games, TAIL_GAMES)
    if games >= 2 * TAIL_GAMES:
        # The worker that takes the last chunk finishes soon after the others.
        assert counts[-1] == TAIL_GAMES


def test_a_job_ends_with_ever_smaller_chunks():
    assert [count for _, count in chunk_spans(400, 25)] == [24] * 15 + [20, 10, 5, 5]
    assert [count for _, count in chunk_spans(12, 25)] == [7, 5]
    assert [count for _, count in chunk_spans(9, 25)] == [9]
    assert chunk_size(100_000) == 200
    assert chunk_size(5) == 25


def test_a_job_runs_every_game_once_and_finishes(alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=60)
    job.refresh_from_db()
    assert job.status == JobStatus.FINISHED
    assert list(job.chunks.values_list("count", flat=True)) == [20, 20, 10, 5, 5]
    summaries = job_summaries(job)
    assert len(summaries) == 60
    assert len({s.seed for s in summaries}) == 60
    assert [s.swapped for s in summaries[:4]] == [False, True, False, True]
    progress = simulation_progress(job)
    assert (progress.done, progress.percent, progress.eta) == (60, 100, None)
    wins = sum(summary.score("a") for summary in summaries)
    assert progress.win_rate.value == pytest.approx(wins / 60)


def test_a_chunk_delivered_again_counts_once(alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    chunk = job.chunks.get(index=0)
    before = chunk.summaries
    assert chunk_run(chunk.pk) == []
    chunk.refresh_from_db()
    assert chunk.summaries == before and chunk.attempts == 1
    assert simulation_progress(job).done == 12 == len(job_summaries(job))


def test_a_chunk_whose_worker_died_runs_again_and_is_stored_once(alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=10)
    chunk = job.chunks.get(index=0)
    # As a worker killed mid-chunk leaves it: running, begun once, nothing stored.
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        status=ChunkStatus.RUNNING, summaries=None, wins_a=None
    )
    SimulationJob.objects.filter(pk=job.pk).update(status=JobStatus.RUNNING)
    assert len(chunk_run(chunk.pk)) == chunk.count == 5
    chunk.refresh_from_db()
    assert chunk.status == ChunkStatus.DONE and chunk.attempts == 2
    job.refresh_from_db()
    assert job.status == JobStatus.FINISHED
    assert len(job_summaries(job)) == 10


def test_same_seed_same_games(alice, alices_deck, bobs_deck):
    one = job_summaries(simulation_start(alice, alices_deck, bobs_deck))
    two = job_summaries(simulation_start(alice, alices_deck, bobs_deck))
    assert one == two


def test_cancelling_stops_the_remaining_chunks(alice, alices_deck, bobs_deck, jobs_held):
    # Nothing runs on enqueue: the job waits, as behind a busy worker.
    job = simulation_start(alice, alices_deck, bobs_deck, games=30)
    first = job.chunks.get(index=0)
    assert len(chunk_run(first.pk)) == first.count == 10
    simulation_cancel(job)
    for chunk in job.chunks.exclude(index=0):
        assert chunk_run(chunk.pk) == []
    statuses = list(job.chunks.values_list("status", flat=True))
    assert statuses == [ChunkStatus.DONE] + [ChunkStatus.CANCELLED] * 3
    assert simulation_progress(job).done == 10
    with pytest.raises(SimulationConflict):
        simulation_cancel(job)


def test_the_time_left_of_a_paired_job_counts_every_arms_games(
    alice, alices_deck, bobs_deck, jobs_held
):
    job = simulation_start(
        alice,
        alices_deck,
        bobs_deck,
        games=10,
        kind="rule_ab",
        ruleset="beta-2025",
        options={},
        parameters={"ruleset_b": "beta-2026-07"},
    )
    run_arm(job, 0)
    # Half the games (one arm's) in 30 s: about 30 s left, not none (nor less than none).
    progress = simulation_progress(job, now=job.started_at + timedelta(seconds=30))
    assert (progress.done, progress.games, progress.eta) == (10, 20, timedelta(seconds=30))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"bot_a": "nobody"}, "Unknown bot"),
        ({"ruleset": "nope"}, "Unknown ruleset"),
        ({"options": {"ko": "yes"}}, "not a valid value"),
        ({"options": {"speed": 1}}, "Unknown option"),
        ({"games": 0}, "number of games"),
        ({"games": 100_001}, "number of games"),
        ({"games": True}, "number of games"),
        ({"games": "10"}, "number of games"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**53}, "seed"),
    ],
)
def test_bad_input_is_refused_and_saves_nothing(alice, alices_deck, bobs_deck, changes, reason):
    simulation_refused(alice, alices_deck, bobs_deck, reason, **changes)


def test_someone_elses_private_deck_is_refused(bob, alices_deck, bobs_deck):
    simulation_refused(bob, alices_deck, bobs_deck, "decks you can see")


def test_broker_down_says_unavailable_and_saves_nothing(alice, alices_deck, bobs_deck, monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionRefusedError("no broker")

    monkeypatch.setattr("games.tasks.simulate_chunk.apply_async", down)
    with pytest.raises(SimulationUnavailable, match="unavailable"):
        simulation_start(alice, alices_deck, bobs_deck)
    assert not SimulationJob.objects.exists()


def test_a_running_chunk_stops_soon_after_a_cancel(
    alice, alices_deck, bobs_deck, jobs_held, monkeypatch
):
    monkeypatch.setattr("games.simulations.services.CANCEL_CHECK_SECONDS", 0)
    job = simulation_start(alice, alices_deck, bobs_deck, games=25)
    played = []

    def cancel_after_the_second_game(summary):
        played.append(summary)
        if len(played) == 2:
            simulation_cancel(job)

    chunk = job.chunks.get(index=0)
    assert chunk_run(chunk.pk, on_game=cancel_after_the_second_game) == []
    assert len(played) == 2
    chunk.refresh_from_db()
    assert chunk.status == ChunkStatus.CANCELLED and chunk.summaries is None
    assert simulation_progress(job).done == 0


def test_the_job_figures_add_up_its_chunks(alice, alices_deck, bobs_deck):
    from games.simulations.figures import figures
    from games.simulations.services import job_figures

    job = simulation_start(alice, alices_deck, bobs_deck, games=60)
    assert job_figures(job) == figures(job_summaries(job))


def test_a_game_that_fails_stops_the_job_with_the_reason(
    alice, alices_deck, bobs_deck, jobs_held, monkeypatch
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=60)

    def broken(game):
        raise RuntimeError("an engine bug")

    monkeypatch.setattr("games.simulations.services.play_simulated_game", broken)
    with pytest.raises(RuntimeError):
        chunk_run(job.chunks.get(index=1).pk)
    job.refresh_from_db()
    assert job.status == JobStatus.FAILED and "Game 20 failed" in job.error
    statuses = list(job.chunks.values_list("status", flat=True))
    assert statuses == [ChunkStatus.CANCELLED, ChunkStatus.FAILED] + [ChunkStatus.CANCELLED] * 3


def test_a_deck_whose_format_is_not_played_under_the_rules_is_refused(
    alice, alices_deck, bobs_deck
):
    # Shén Standard (the decks' format) is played under the beta rules, not the starter rules.
    reason = r"not played under simplified-0\.1"
    simulation_refused(alice, alices_deck, bobs_deck, reason, ruleset="simplified-0.1", options={})
