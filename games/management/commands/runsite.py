"""``manage.py runsite``: the development server and its Celery workers, started and stopped
together, so ``make run`` is one command that also runs simulations and play-test bots in
the background."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from shen_site.processes import stop_processes

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


def site_workers(concurrency: int, bot_concurrency: int = 1, host: str = "%h") -> list[list[str]]:
    """The workers beside the site: ``concurrency`` processes for the simulations' queue,
    and ``bot_concurrency`` of their own for the bots of play-test matches, so that a
    bot's turn starts within moments however long the simulations running are (a
    worker whose processes all play chunks takes nothing else, and holds what it took)."""
    chunks = settings.CELERY_TASK_DEFAULT_QUEUE
    bots = dict(settings.CELERY_TASK_ROUTES)["games.bot_turn"]["queue"]
    return [
        worker_command(concurrency, f"--queues={chunks}", f"--hostname=sim@{host}"),
        worker_command(bot_concurrency, f"--queues={bots}", f"--hostname=bots@{host}"),
    ]


class Command(BaseCommand):
    help = "Run the development server and its Celery workers; Ctrl-C stops them all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument(
            "--concurrency",
            type=int,
            default=max(1, (os.cpu_count() or 2) - 1),
            help="Worker processes playing simulation games (default: one per core but one).",
        )
        parser.add_argument(
            "--bot-concurrency",
            type=int,
            default=1,
            help="Worker processes of their own for play-test bots' turns (default: 1).",
        )
        parser.add_argument(
            "--no-worker", action="store_true", help="Only the site (workers run elsewhere)."
        )

    def handle(
        self,
        *args,
        addrport: str,
        concurrency: int,
        bot_concurrency: int,
        no_worker: bool,
        **options,
    ) -> None:
        # runserver's autoreloader runs this command again in a child process
        # (RUN_MAIN=true): only the first one starts the workers.
        workers = []
        stop_on_sigterm()
        if not no_worker and os.environ.get("RUN_MAIN") != "true":
            broker = settings.CELERY_BROKER_URL.split("://", 1)[0]
            self.stdout.write(
                f"Celery workers: {concurrency} processes for simulations, "
                f"{bot_concurrency} for bots, {broker} broker"
            )
            workers = [
                subprocess.Popen(command, cwd=settings.BASE_DIR)
                for command in site_workers(concurrency, bot_concurrency)
            ]
        try:
            call_command("runserver", addrport)
        finally:
            stop_processes(workers, STOP_SECONDS)


def stop_on_sigterm() -> None:
    """SIGTERM (``kill``, a service manager) ends the command as Ctrl-C does, through its
    ``finally``: by default it ended the process there and then, and left its workers
    playing on with no site."""

    def leave(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, leave)
