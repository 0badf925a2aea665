"""A real Celery worker on the filesystem broker (Redis when REDIS_URL says so), killed
in the middle of a chunk: the chunk is delivered again and every game counts once."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection

from games.models_simulation import ChunkStatus, JobStatus, SimulationChunk, SimulationJob
from games.simulations import job_summaries, simulation_create
from shen_site.celery import app as celery_app

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 180


def worker_environment() -> dict[str, str]:
    """The test's own database and broker, for a worker process."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="shen_site.test_settings")
    env["SHEN_CELERY_EAGER"] = "0"
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        env["SHEN_SQLITE_PATH"] = str(name)
    else:
        url = urlsplit(os.environ["DATABASE_URL"])
        env["DATABASE_URL"] = urlunsplit(url._replace(path=f"/{name}"))
    return env


@pytest.fixture
def broker():
    """Tasks go to the broker (not run in this process), which starts out empty."""
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", None)
    if options:
        shutil.rmtree(options["data_folder_in"], ignore_errors=True)
        Path(options["data_folder_in"]).mkdir(parents=True)
    else:
        celery_app.control.purge()
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    yield
    celery_app.conf.task_always_eager = saved


@pytest.fixture
def workers(broker):
    """Start Celery workers (one pool process each, in a process group of their own);
    every one is stopped and waited for afterwards."""
    started = []

    def start() -> subprocess.Popen:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "shen_site",
                "worker",
                "--pool=prefork",
                "--concurrency=1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "--loglevel=INFO",
                f"--hostname=killtest-{os.getpid()}-{len(started)}@%h",
            ],
            cwd=ROOT,
            env=worker_environment(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        started.append(process)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    for process in started:
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def wait_for(condition, what: str):
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"Gave up waiting for {what}")


def start_job(owner, deck_a, deck_b) -> SimulationJob:
    job = simulation_create(
        owner=owner,
        deck_a=deck_a,
        deck_b=deck_b,
        bot_a="random",
        bot_b="random",
        ruleset="beta-2026-07",
        options={},
        games=60,
        seed=2026,
    )
    assert job.chunks.count() == 6
    return job


def running_chunk(job: SimulationJob) -> SimulationChunk:
    """A chunk after the first that a worker is in the middle of."""

    def running():
        return (
            SimulationChunk.objects.filter(job=job, status=ChunkStatus.RUNNING, index__gte=1)
            .exclude(worker="")
            .first()
        )

    return wait_for(running, "a chunk to be running")


def wait_until_finished(job: SimulationJob) -> None:
    def finished():
        job.refresh_from_db()
        return job.status == JobStatus.FINISHED

    wait_for(finished, "the job to finish")


def assert_every_game_counted_once(job: SimulationJob) -> None:
    summaries = job_summaries(job)
    assert len(summaries) == job.games == 60
    assert len({summary.seed for summary in summaries}) == 60
    assert job.chunks.filter(status=ChunkStatus.DONE).count() == 6


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
