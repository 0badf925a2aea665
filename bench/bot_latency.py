"""How long a play-test bot takes to make its first move while a long simulation runs.

Creates a temporary SQLite database and filesystem broker, loads the sample catalogue,
builds two 40-card decks and starts the workers ``manage.py runsite`` starts (one
process per core but one for the simulations' queue, one of its own for the bots'),
then a 10,000-game simulation of ``BENCH_SIM_BOT`` bots (``random`` unless told). Once
every simulation process plays a chunk, it starts ``BENCH_MATCHES`` bot matches (5)
one after the other, each with the bot to move first, and times from the match's
creation (its bot's task is queued as it commits) to the bot's first move stored.
It prints each latency, their median and their maximum (target: a few seconds at
most, whatever the simulation; the bot answers its decisions a second or so at a
time, so a first move well under 2 s is the norm on a free machine).

``BENCH_SHARED_WORKER=1`` runs one worker taking both queues instead (the set-up
before the bots had their own): the bot then waits for a chunk to end.

Run: ``.venv/bin/python -m bench.bot_latency``
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import os
import statistics
import time
from pathlib import Path

from bench.live_site import throwaway_site, two_decks, workers_running

SIMULATION_GAMES = 10_000
MATCHES = int(os.environ.get("BENCH_MATCHES", "5"))
SIMULATION_BOT = os.environ.get("BENCH_SIM_BOT", "random")
SHARED = os.environ.get("BENCH_SHARED_WORKER") == "1"
WAIT_SECONDS = 300


def main() -> None:
    with throwaway_site() as directory:
        report(measure(directory))


def measure(directory: Path) -> list[float]:
    """The bot's first-move latencies, in seconds, one per match."""
    from games.management.commands.runsite import site_workers, worker_command
    from games.models.simulations import ChunkStatus
    from games.simulations.services import simulation_cancel, simulation_create

    owner, decks = two_decks()
    processes = max(1, (os.cpu_count() or 2) - 1)
    commands = [worker_command(processes)] if SHARED else site_workers(processes)
    with workers_running(commands, directory / "workers.log"):
        job = simulation_create(
            owner=owner,
            deck_a=decks[0],
            deck_b=decks[1],
            bot_a=SIMULATION_BOT,
            bot_b=SIMULATION_BOT,
            ruleset="beta-2026-07",
            options={},
            games=SIMULATION_GAMES,
        )
        running = job.chunks.filter(status=ChunkStatus.RUNNING)
        _wait(lambda: running.count() >= processes, "every simulation process to play")
        print(f"{SIMULATION_GAMES:,}-game {SIMULATION_BOT} simulation running on {processes}")
        latencies = [_first_move(owner, decks[0]) for _ in range(MATCHES)]
        chunks = job.chunks.filter(status=ChunkStatus.DONE).count()
        print(f"meanwhile the simulation played {chunks} chunks of {job.chunk_size} games")
        simulation_cancel(job)
        return latencies


def _first_move(owner, deck) -> float:
    """Seconds from a bot match's creation (the bot to move first) to its first move."""
    from games.models import Match
    from tests.games.helpers import bot_first

    started = time.perf_counter()
    match = bot_first(owner, deck)
    moved = Match.objects.filter(pk=match.pk, number__gt=match.number)
    _wait(moved.exists, "the bot's first move")
    return time.perf_counter() - started


def _wait(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"Gave up waiting for {what}")
        time.sleep(0.02)


def report(latencies: list[float]) -> None:
    setup = "one worker taking both queues" if SHARED else "runsite's workers"
    print(f"bot's first move with {setup}:")
    for number, seconds in enumerate(latencies, 1):
        print(f"  match {number}: {seconds:.2f} s")
    print(f"median {statistics.median(latencies):.2f} s, max {max(latencies):.2f} s")


if __name__ == "__main__":
    main()
