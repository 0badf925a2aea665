"""A real Celery worker on the filesystem broker (Redis when REDIS_URL says so), killed
in the middle of a chunk: the chunk is delivered again and every game counts once."""

from __future__ import annotations

import os
import signal
import time

import pytest
from django.conf import settings

from games.models.simulations import ChunkStatus, JobStatus, SimulationChunk, SimulationJob
from games.simulations.services import job_summaries
from tests.games.simulation_jobs import simulation_start

pytestmark = pytest.mark.django_db(transaction=True)

WAIT_SECONDS = 180


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"Gave up waiting for {what}")


def start_job(owner, deck_a, deck_b) -> SimulationJob:
    job = simulation_start(owner, deck_a, deck_b, options={}, games=60, seed=2026)
    assert list(job.chunks.values_list("count", flat=True)) == [20, 20, 10, 5, 5]
    return job


def running_chunk(job: SimulationJob) -> SimulationChunk:
    """The second chunk (20 games: long enough to be caught), once a worker is in the
    middle of it."""

    def running():
        return (
            SimulationChunk.objects.filter(job=job, status=ChunkStatus.RUNNING, index=1)
            .exclude(worker="")
            .first()
        )

    return wait_for(running, "a chunk to be running")


def wait_until_finished(job: SimulationJob) -> None:
    def over():
        job.refresh_from_db()
        return job.is_over

    try:
        wait_for(over, "the job to finish")
    finally:
        chunks = list(job.chunks.values_list("index", "status", "attempts"))
    assert job.status == JobStatus.FINISHED, (job.status, job.error, chunks)


def assert_every_game_counted_once(job: SimulationJob) -> None:
    summaries = job_summaries(job)
    assert len(summaries) == job.games == 60
    assert len({summary.seed for summary in summaries}) == 60
    assert job.chunks.filter(status=ChunkStatus.DONE).count() == 5


def test_a_worker_process_killed_mid_chunk_loses_no_game_and_counts_none_twice(
    workers, alice, alices_deck, bobs_deck
):
    worker = workers()
    job = start_job(alice, alices_deck, bobs_deck)
    victim = running_chunk(job)
    pid = int(victim.worker.rsplit(":", 1)[1])
    assert pid != worker.pid  # the pool process playing the games, not the worker itself
    os.kill(pid, signal.SIGKILL)
    wait_until_finished(job)
    victim.refresh_from_db()
    assert victim.status == ChunkStatus.DONE
    assert victim.attempts >= 2, "the killed chunk was delivered again"
    assert_every_game_counted_once(job)


def test_a_whole_worker_killed_mid_job_is_made_good_by_the_next_one(
    workers, alice, alices_deck, bobs_deck
):
    first = workers()
    job = start_job(alice, alices_deck, bobs_deck)
    victim = running_chunk(job)
    # The worker and its pool process, at once: the messages it held are gone with it.
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    workers()
    wait_until_finished(job)
    victim.refresh_from_db()
    assert victim.attempts >= 2
    assert_every_game_counted_once(job)


@pytest.mark.skipif(not settings.REDIS_URL, reason="kombu's Redis transport: needs REDIS_URL")
def test_redis_hands_a_dead_workers_chunk_on_soon_after_its_visibility_timeout(
    workers, alice, alices_deck, bobs_deck
):
    # kombu's Redis sweep looked for abandoned messages on every tenth of its 10 s
    # rounds: a dead worker's chunk came back about 100 s after it was taken, whatever
    # SHEN_TASK_VISIBILITY_SECONDS said (5 s in the tests).
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    first = workers()
    job = start_job(alice, alices_deck, bobs_deck)
    victim = running_chunk(job)
    taken = victim.started_at  # its first attempt began as soon as it was taken
    os.killpg(first.pid, signal.SIGKILL)
    first.wait()
    workers()

    def begun_again():
        victim.refresh_from_db()
        return victim.attempts >= 2

    wait_for(begun_again, "the killed chunk to begin again")
    # A sweep (at most 10 s apart), a worker's start and a pool process's first query
    # on top of the visibility: generous, yet far under kombu's 100 s.
    waited = (victim.started_at - taken).total_seconds()
    assert waited <= visibility + 30, waited
    wait_until_finished(job)
