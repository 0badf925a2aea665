"""Simulation scheduling: a job keeps only a few chunks in the queue, so jobs take turns
on the workers; a cancelled job's chunks go without playing; per-account quotas."""

from __future__ import annotations

from collections import deque
from types import SimpleNamespace

import pytest

from games.models.simulations import ChunkStatus, JobStatus, SimulationJob
from games.simulations.services import (
    SimulationQuota,
    simulation_cancel,
    simulations_resume,
)
from games.tasks import chunks_resume, simulate_chunk
from tests.games.simulation_jobs import rule_ab, simulation_start
from tests.games.test_simulation_api import body_for
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

AHEAD = 3


@pytest.fixture
def chunk_queue(monkeypatch, settings):
    """The chunks' broker as one first-in first-out queue of chunk ids, played only when
    a test says so (``play_next``); AHEAD chunks of a job ahead at most."""
    settings.SIMULATION_CHUNKS_AHEAD = AHEAD
    queue: deque[int] = deque()
    monkeypatch.setattr(simulate_chunk, "apply_async", lambda args, **_: queue.append(args[0]))
    return queue


def play_next(queue: deque[int]) -> int:
    """The first chunk of the queue played by a worker (which queues its job's next)."""
    pk = queue.popleft()
    simulate_chunk(pk)
    return pk


def jobs_of(queue: deque[int]) -> list[int]:
    return [SimulationJob.objects.get(chunks__pk=pk).pk for pk in queue]


def test_a_job_queues_only_its_first_chunks(chunk_queue, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=10_000)
    assert job.chunks.count() > 50
    first = list(job.chunks.order_by("index").values_list("pk", flat=True)[:AHEAD])
    assert list(chunk_queue) == first
    assert job.chunks.filter(sent_at__isnull=False).count() == AHEAD


def test_each_played_chunk_queues_its_jobs_next(chunk_queue, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=300)
    chunks = list(job.chunks.order_by("index").values_list("pk", flat=True))
    played = play_next(chunk_queue)
    assert played == chunks[0]
    assert list(chunk_queue) == chunks[1 : AHEAD + 1]


def test_a_paired_jobs_arms_are_queued_span_by_span(chunk_queue, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck, games=300)
    queued = [job.chunks.get(pk=pk) for pk in chunk_queue]
    assert [(chunk.index, chunk.arm) for chunk in queued] == [(0, 0), (0, 1), (1, 0)]


def test_a_small_job_is_not_stuck_behind_a_big_one(chunk_queue, alice, bob, alices_deck, bobs_deck):
    big = simulation_start(alice, alices_deck, bobs_deck, games=2_000)
    small = simulation_start(bob, bobs_deck, bobs_deck, games=10)
    while not SimulationJob.objects.get(pk=small.pk).is_over:
        play_next(chunk_queue)
    assert SimulationJob.objects.get(pk=small.pk).status == JobStatus.FINISHED
    # The big job had a turn before and after, and most of its games are still to come.
    assert big.chunks.filter(status=ChunkStatus.DONE).count() <= AHEAD
    assert big.chunks.filter(status=ChunkStatus.QUEUED).count() > 50
    assert set(jobs_of(chunk_queue)) == {big.pk}


def test_a_cancelled_jobs_chunks_leave_the_queue_without_playing(
    chunk_queue, alice, alices_deck, bobs_deck, monkeypatch
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=100_000)
    simulation_cancel(job)
    # A 100,000-game job left only its few chunks ahead behind it, not 500.
    assert len(chunk_queue) == AHEAD

    def never(game):
        raise AssertionError("a cancelled job's game was played")

    monkeypatch.setattr("games.simulations.services.play_simulated_game", never)
    while chunk_queue:
        play_next(chunk_queue)
    assert not job.chunks.exclude(status=ChunkStatus.CANCELLED).exists()


def test_resuming_queues_again_the_chunks_ahead_and_no_others(
    chunk_queue, alice, alices_deck, bobs_deck
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=1_000)
    ahead = list(chunk_queue)
    chunk_queue.clear()  # the filesystem broker forgot them with a killed worker
    assert simulations_resume() == AHEAD
    assert list(chunk_queue) == ahead
    assert job.chunks.filter(sent_at__isnull=False).count() == AHEAD


# -- quotas ------------------------------------------------------------------------------


def test_an_account_may_have_only_so_many_unfinished_jobs(
    chunk_queue, alice, bob, alices_deck, bobs_deck, settings
):
    settings.SIMULATION_MAX_RUNNING_JOBS = 2
    for _ in range(2):
        simulation_start(alice, alices_deck, bobs_deck, games=30)
    with pytest.raises(SimulationQuota, match="2 simulations waiting or running") as refused:
        simulation_start(alice, alices_deck, bobs_deck, games=30)
    assert refused.value.status == 429
    assert SimulationJob.objects.filter(owner=alice).count() == 2
    # Another account's jobs are its own.
    simulation_start(bob, bobs_deck, bobs_deck, games=30)
    # One over, the next may start.
    simulation_cancel(SimulationJob.objects.filter(owner=alice).first())
    simulation_start(alice, alices_deck, bobs_deck, games=30)


def test_an_account_may_have_only_so_many_games_waiting(
    chunk_queue, alice, alices_deck, bobs_deck, settings
):
    settings.SIMULATION_MAX_QUEUED_GAMES = 100
    first = simulation_start(alice, alices_deck, bobs_deck, games=60)
    with pytest.raises(SimulationQuota, match="at most 100 games waiting") as refused:
        simulation_start(alice, alices_deck, bobs_deck, games=60)
    assert "you have 60" in str(refused.value)
    # Paired arms count twice: 2 x 30 more is too many as well.
    with pytest.raises(SimulationQuota):
        rule_ab(alice, alices_deck, bobs_deck, games=30)
    # Games played no longer wait.
    while chunk_queue:
        play_next(chunk_queue)
    first.refresh_from_db()
    assert first.status == JobStatus.FINISHED
    simulation_start(alice, alices_deck, bobs_deck, games=60)


def test_the_api_refuses_past_the_quota_with_429_and_the_reason(
    chunk_queue, alice, api_client, alices_deck, bobs_deck, settings
):
    settings.SIMULATION_MAX_RUNNING_JOBS = 1
    simulation_start(alice, alices_deck, bobs_deck, games=30)
    api_client.force_authenticate(alice)
    response = api_client.post("/api/simulations/", body_for(alices_deck, bobs_deck), format="json")
    assert response.status_code == 429
    assert "1 simulations waiting or running" in response.json()["detail"]
    assert SimulationJob.objects.filter(owner=alice).count() == 1


def test_the_start_form_says_the_quota_is_reached(
    chunk_queue, alice, client, alices_deck, bobs_deck, settings
):
    settings.SIMULATION_MAX_QUEUED_GAMES = 50
    simulation_start(alice, alices_deck, bobs_deck, games=40)
    client.force_login(alice)
    response = client.post("/simulations/new/", form_data(alices_deck, bobs_deck, games=20))
    assert response.status_code == 429
    assert "at most 50 games waiting to be played" in response.content.decode()
    assert SimulationJob.objects.filter(owner=alice).count() == 1


def test_a_worker_of_the_bots_queue_alone_leaves_the_chunks_queue_alone(monkeypatch):
    # runsite's bots' worker starting while a job runs emptied the chunks' queue of the
    # filesystem broker and queued them all again.
    resumed = []
    monkeypatch.setattr("games.tasks.simulations_resume", lambda: resumed.append(True) or 0)
    conf = SimpleNamespace(broker_url="filesystem://localhost//", task_default_queue="celery")
    app = SimpleNamespace(conf=conf, amqp=SimpleNamespace(queues=SimpleNamespace()))
    app.amqp.queues.consume_from = {"celery-bots": None}
    chunks_resume(sender=SimpleNamespace(app=app))
    assert resumed == []
