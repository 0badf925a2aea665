"""``manage.py runsite``: the development server and a Celery worker, started and stopped
together, so ``make run`` is one command that also runs simulations in the background."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

# The worker gets this long to finish its chunk on Ctrl-C before it is killed
# (a killed chunk is simply played again next time: chunks are idempotent).
STOP_SECONDS = 10


def worker_command(concurrency: int, *options: str) -> list[str]:
    """The Celery worker this command runs beside the site (the tests and the benchmark
    start the same one)."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "shen_site",
        "worker",
        f"--concurrency={concurrency}",
        "--loglevel=INFO",
        # One machine, one worker: no need to talk to other workers.
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        *options,
    ]


class Command(BaseCommand):
    help = "Run the development server and a Celery worker beside it; Ctrl-C stops both."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument(
            "--concurrency",
            type=int,
            default=max(1, (os.cpu_count() or 2) - 1),
            help="Worker processes playing simulation games (default: one per core but one).",
        )
        parser.add_argument(
            "--no-worker", action="store_true", help="Only the site (workers run elsewhere)."
        )

    def handle(self, *args, addrport: str, concurrency: int, no_worker: bool, **options) -> None:
        # runserver's autoreloader runs this command again in a child process
        # (RUN_MAIN=true): only the first one starts the worker.
        worker = None
        if not no_worker and os.environ.get("RUN_MAIN") != "true":
            broker = settings.CELERY_BROKER_URL.split("://", 1)[0]
            self.stdout.write(f"A Celery worker: {concurrency} processes, {broker} broker")
            worker = subprocess.Popen(worker_command(concurrency), cwd=settings.BASE_DIR)
        try:
            call_command("runserver", addrport)
        finally:
            if worker is not None:
                _stop(worker)


def _stop(worker: subprocess.Popen) -> None:
    """Ask the worker to stop (a warm shutdown), and kill it if it does not in time."""
    if worker.poll() is None:
        worker.send_signal(signal.SIGTERM)
    try:
        worker.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait()
