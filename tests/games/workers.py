"""Real Celery workers for tests: on the test's own database and broker (the filesystem
broker of the test process, or Redis when REDIS_URL says so), started in a process
group of their own and always stopped afterwards."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.db import connection

from games.management.commands.runsite import site_workers, worker_command
from shen_site.celery import app as celery_app
from shen_site.processes import stop_processes

ROOT = Path(__file__).resolve().parents[2]


def worker_environment() -> dict[str, str]:
    """The test's own database and broker, for a worker process."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="shen_site.test_settings")
    env["SHEN_CELERY_EAGER"] = "0"
    # The worker takes this test process's queue and broker folder (shen_site.test_settings).
    env["SHEN_WORKER_OF_TEST_PROCESS"] = str(os.getpid())
    name = connection.settings_dict["NAME"]
    if connection.vendor == "sqlite":
        env["SHEN_SQLITE_PATH"] = str(name)
    else:
        url = urlsplit(os.environ["DATABASE_URL"])
        env["DATABASE_URL"] = urlunsplit(url._replace(path=f"/{name}"))
    return env


@contextmanager
def broker_in_use() -> Iterator[None]:
    """Tasks go to the broker (not run in this process), which starts out empty."""
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    if "data_folder_in" in options:  # the filesystem broker
        shutil.rmtree(options["data_folder_in"], ignore_errors=True)
        Path(options["data_folder_in"]).mkdir(parents=True)
    else:
        celery_app.control.purge()
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = saved


@contextmanager
def worker_starter() -> Iterator[Callable[[], subprocess.Popen]]:
    """A function that starts a Celery worker (one pool process unless told otherwise,
    in a process group of its own); every one it started is stopped and waited for on
    leaving."""
    started: list[subprocess.Popen] = []

    def start(command: list[str] | None = None) -> subprocess.Popen:
        """A worker of one pool process taking every queue, or one run by ``command``."""
        name = f"--hostname=test-{os.getpid()}-{len(started)}@%h"
        process = subprocess.Popen(
            command or worker_command(1, "--pool=prefork", name),
            cwd=ROOT,
            env=worker_environment(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        started.append(process)
        return process

    try:
        yield start
    finally:
        stop_processes(started, 20)


@pytest.fixture
def broker():
    """Tasks go to the broker (not run in this process), which starts out empty."""
    with broker_in_use():
        yield


@pytest.fixture
def workers(broker):
    """Start Celery workers (see ``worker_starter``); every one is stopped afterwards."""
    with worker_starter() as start:
        yield start


@pytest.fixture
def site_workers_started(workers):
    """The workers ``manage.py runsite`` starts beside the site, one process each."""
    return [workers(command) for command in site_workers(1, 1, host=f"test-{os.getpid()}.%h")]
