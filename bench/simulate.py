"""What running a simulation on Celery costs, against a plain loop over the same games.

Creates a temporary SQLite database and filesystem broker, loads the sample
catalogue and builds two 40-card decks. Then it plays the same job's games:

* in a plain loop in this process (``play_simulated_game`` on each game): the reference;
* as a simulation job through real Celery workers on the filesystem broker (chunks,
  database writes, the queue), with one worker process and with two. Each job must
  store exactly the loop's games, summary for summary, or the bench stops.

It prints games per second for each, the ratio of two processes to one (target:
at least 1.7 on a machine with two free cores) and Celery's overhead on one
process against the plain loop (target: at most 10%), in wall-clock and in CPU
seconds. The machine is shared, so it also says where each worker process's wall
clock went (``bench.cpu_time``): on a CPU, waiting for a CPU another program had
(the machine is busy: other programs, not the design), or asleep; and, from the
chunks' times, how much wall clock each spent outside its chunks' games: before
its first chunk, between two (storing one, the broker handing over the next) and
after its last until the job's end (the tail: the other process still playing).
Two ratios follow from these: with each run's wall clock less the CPU wait of the
process that finished the job (an estimate of the ratio on a free machine), and
2 x the CPU seconds per game of one process over two's (the most two processes
can give on this hardware, had they never slept).

Run: ``.venv/bin/python -m bench.simulate`` (``BENCH_GAMES`` sets the number of games).
"""

from __future__ import annotations

if not __package__:  # run as bench/<name>.py, not with -m: see bench/_root_first.py
    import _root_first  # noqa: F401

import os
import sys
import time
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

from bench.cpu_time import CpuTime, available, children, cpu_time
from bench.live_site import throwaway_site, two_decks, workers_running

GAMES = int(os.environ.get("BENCH_GAMES", "400"))
SEED = 2026
TARGET_RATIO = 1.7
TARGET_OVERHEAD = 0.10


@dataclass(frozen=True)
class PoolProcess:
    """One worker pool process during a job: its chunks, its CPU time, and the wall
    seconds outside its chunks' games: from the job's creation to its first chunk
    begun, between its chunks (one being stored to the next begun) and from its last
    chunk being stored to the job's end."""

    pid: int
    chunks: int
    time: CpuTime
    first: float
    between: float
    after: float


@dataclass(frozen=True)
class Run:
    """A job on a worker of ``processes`` pool processes: seconds from queueing it to
    its last game stored, its pool processes, and the worker's main process (the
    consumer: the broker's poll, handing chunks out)."""

    processes: int
    wall: float
    pool: tuple[PoolProcess, ...]
    consumer: CpuTime

    @property
    def on_cpu(self) -> float:
        """CPU seconds of the whole worker, pool and consumer."""
        return self.pool_cpu + self.consumer.on_cpu

    @property
    def pool_cpu(self) -> float:
        """CPU seconds of the pool processes (the games, the chunks' database work)."""
        return sum(process.time.on_cpu for process in self.pool)

    @property
    def last_waiting(self) -> float:
        """Seconds the pool process that stored the job's last chunk waited for a CPU
        that another program had."""
        return min(self.pool, key=lambda process: process.after).time.waiting


def main() -> None:
    with throwaway_site() as directory:
        report(*measure(directory))


def measure(directory: Path) -> tuple[float, CpuTime, Run, Run, int]:
    from games.decklists import deck_data, latest_version
    from games.simulations.games import job_games, play_simulated_game
    from games.simulations.services import job_summaries, simulation_create

    owner, decks = two_decks()

    def job():
        return simulation_create(
            owner=owner,
            deck_a=decks[0],
            deck_b=decks[1],
            bot_a="random",
            bot_b="random",
            ruleset="beta-2026-07",
            options={},
            games=GAMES,
            seed=SEED,
        )

    # The reference: the same games a job plays, in a plain loop.
    data = [deck_data(deck, latest_version(deck)) for deck in decks]
    before, started = cpu_time(os.getpid()), time.perf_counter()
    played = [
        play_simulated_game(game)
        for game in job_games("beta-2026-07", {}, data, ("random", "random"), SEED, GAMES)
    ]
    plain, plain_cpu = time.perf_counter() - started, cpu_time(os.getpid()) - before

    runs = []
    for processes in (1, 2):
        run, created = _through_workers(job, processes, directory / f"{processes}.log")
        # Like with like: the job played and stored the loop's games, each once.
        assert job_summaries(created) == played, f"the {processes}-process job's games differ"
        runs.append(run)
    return plain, plain_cpu, runs[0], runs[1], created.chunks.count()


def _through_workers(job, processes: int, log: Path):
    """The run of a job on a worker of ``processes`` processes that is up and idle
    before the job is queued, and the job."""
    from shen_site.celery import app

    app.conf.task_always_eager = False
    from games.management.commands.runsite import worker_command

    with workers_running([worker_command(processes)], log) as (worker,):
        while " ready." not in log.read_text():
            time.sleep(0.05)
        pool = children(worker.pid)
        before = {pid: cpu_time(pid) for pid in [worker.pid, *pool]}
        started = time.perf_counter()
        created = job()
        while not created.is_over:
            time.sleep(0.02)
            created.refresh_from_db(fields=["status", "finished_at"])
        elapsed = time.perf_counter() - started
        spent = {pid: cpu_time(pid) - then for pid, then in before.items()}
        assert created.status == "finished", created.status
        run = Run(
            processes=processes,
            wall=elapsed,
            pool=tuple(_pool_process(created, pid, spent[pid]) for pid in pool),
            consumer=spent[worker.pid],
        )
        return run, created


def _pool_process(job, pid: int, spent: CpuTime) -> PoolProcess:
    """Where the pool process ``pid`` slept during ``job``, from its chunks' times."""
    chunks = list(
        job.chunks.filter(worker__endswith=f":{pid}")
        .order_by("started_at")
        .values_list("started_at", "finished_at")
    )
    if not chunks:
        idle = (job.finished_at - job.created_at).total_seconds()
        return PoolProcess(pid, 0, spent, first=idle, between=0.0, after=0.0)
    between = sum((begun - stored).total_seconds() for (_, stored), (begun, _) in pairwise(chunks))
    return PoolProcess(
        pid=pid,
        chunks=len(chunks),
        time=spent,
        first=(chunks[0][0] - job.created_at).total_seconds(),
        between=between,
        after=(job.finished_at - chunks[-1][1]).total_seconds(),
    )


def report(plain: float, plain_cpu: CpuTime, one: Run, two: Run, chunks: int) -> None:
    print(
        f"{GAMES} games of random bots, two sample 40-card decks, {chunks} chunks a job; "
        f"{os.cpu_count()} cores, shared (load average {os.getloadavg()[0]:.1f} at the end)"
    )
    print(f"{'':<48} {'games/s':>8} {'wall s':>8} {'CPU s':>8} {'CPU ms/game':>12}")
    rows = [
        ("plain loop in one process (reference)", plain, plain_cpu.on_cpu),
        ("Celery, filesystem broker, 1 worker process", one.wall, one.on_cpu),
        ("Celery, filesystem broker, 2 worker processes", two.wall, two.on_cpu),
    ]
    for label, seconds, cpu in rows:
        print(
            f"{label:<48} {GAMES / seconds:8.1f} {seconds:8.2f} {cpu:8.2f} "
            f"{1000 * cpu / GAMES:12.1f}"
        )
    print("(a worker's CPU: its pool processes and its main process)")
    _figure("2 processes / 1 process, wall clock", f"{one.wall / two.wall:.2f}x")
    # Each run's wall clock less the time the process that finished the job waited for
    # a CPU that another program had: what the design gives, had the machine been free.
    design = (one.wall - one.last_waiting) / (two.wall - two.last_waiting)
    _figure("  the same, wall less the last process's CPU wait", f"{design:.2f}x")
    # Two processes that never slept: what the CPU time per game allows.
    ceiling = 2 * one.pool_cpu / two.pool_cpu
    _figure("  2 x pool CPU per game, 1 process / 2 processes", f"{ceiling:.2f}x")
    overhead = one.wall / plain - 1
    _figure("Celery overhead, 1 process vs plain loop, wall", f"{100 * overhead:+.1f}%")
    cpu_overhead = one.on_cpu / plain_cpu.on_cpu - 1
    _figure("Celery overhead, 1 process vs plain loop, CPU", f"{100 * cpu_overhead:+.1f}%")
    print(f"(targets: ratio >= {TARGET_RATIO}, overhead <= {100 * TARGET_OVERHEAD:.0f}%)")
    cpu, waiting = plain_cpu.on_cpu, plain_cpu.waiting
    print(f"plain loop: on a CPU {cpu:.2f} s, waiting for one another program had {waiting:.2f} s")
    for run in (one, two):
        print(f"Celery with {run.processes} worker process(es), {run.wall:.2f} s wall:")
        for process in run.pool:
            asleep = run.wall - process.time.on_cpu - process.time.waiting
            print(
                f"  pool process {process.pid}: {process.chunks} chunks; on a CPU "
                f"{process.time.on_cpu:.2f} s, waiting for one {process.time.waiting:.2f} s, "
                f"asleep {asleep:.2f} s"
            )
            print(
                f"    wall outside its chunks' games: {process.first:.2f} s before its first, "
                f"{process.between:.2f} s between them, {process.after:.2f} s after its last"
            )
        print(
            f"  main process (consumer): on a CPU {run.consumer.on_cpu:.2f} s, "
            f"waiting for one {run.consumer.waiting:.2f} s"
        )


def _figure(label: str, value: str) -> None:
    print(f"{label:<56} {value:>8}")


if __name__ == "__main__":
    if not available():
        sys.exit("This bench reads /proc/PID/schedstat (Linux).")
    main()
