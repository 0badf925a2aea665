"""What running a simulation on Celery costs, against a plain loop over the same games.

Creates a temporary SQLite database and filesystem broker, loads the sample
catalogue and builds two 40-card decks. Then it plays the same job's games:

* in a plain loop in this process (``play_simulated_game`` on each game): the reference;
* as a simulation job through real Celery workers on the filesystem broker (chunks,
  database writes, the queue), with one worker process and with two.

It prints games per second for each, the ratio of two processes to one (target:
at least 1.7 on a machine with two free cores) and Celery's overhead on one
process against the plain loop (target: at most 10%).

Run: ``.venv/bin/python bench/simulate.py`` (``BENCH_GAMES`` sets the number of games).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = int(os.environ.get("BENCH_GAMES", "400"))
SEED = 2026
TARGET_RATIO = 1.7
TARGET_OVERHEAD = 0.10


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        os.environ["SHEN_SQLITE_PATH"] = f"{directory}/bench.sqlite3"
        os.environ["SHEN_CACHE_DIR"] = f"{directory}/cache"
        os.environ["SHEN_BROKER_DIR"] = f"{directory}/broker"
        os.environ.pop("DATABASE_URL", None)
        os.environ.pop("REDIS_URL", None)
        os.environ["SHEN_CELERY_EAGER"] = "0"
        os.environ.setdefault("DEBUG", "1")
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shen_site.settings")
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        report(*measure())


def measure() -> tuple[float, float, float, int]:
    from games.decklists import deck_data, latest_version
    from games.simulation_games import job_games, play_simulated_game
    from games.simulations import simulation_create
    from tests.factories.decks import UserFactory
    from tests.factories.matches import playable_deck, sample_catalogue_load

    realms = sample_catalogue_load()
    owner = UserFactory(username="bencher")
    decks = [playable_deck(owner=owner, realm=realm) for realm in realms[:2]]

    def job(seed: int):
        return simulation_create(
            owner=owner,
            deck_a=decks[0],
            deck_b=decks[1],
            bot_a="random",
            bot_b="random",
            ruleset="beta-2026-07",
            options={},
            games=GAMES,
            seed=seed,
        )

    # The reference: the same games a job plays, in a plain loop.
    data = [deck_data(deck, latest_version(deck)) for deck in decks]
    started = time.perf_counter()
    for game in job_games("beta-2026-07", {}, data, ("random", "random"), SEED, GAMES):
        play_simulated_game(game)
    plain = time.perf_counter() - started

    one = _through_workers(job, 1, Path(os.environ["SHEN_BROKER_DIR"]).parent / "one.log")
    two = _through_workers(job, 2, Path(os.environ["SHEN_BROKER_DIR"]).parent / "two.log")
    from games.models_simulation import SimulationChunk

    chunks = SimulationChunk.objects.filter(job__seed=SEED).count() // 2
    return plain, one, two, chunks


def _through_workers(job, processes: int, log: Path) -> float:
    """Seconds from queueing the job to its last game stored, on a worker of
    ``processes`` processes that is up and idle before the job is queued."""
    from shen_site.celery import app

    app.conf.task_always_eager = False
    from games.management.commands.runsite import worker_command

    worker = subprocess.Popen(
        worker_command(processes),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=log.open("w"),
        start_new_session=True,
    )
    try:
        while " ready." not in log.read_text():
            time.sleep(0.05)
        started = time.perf_counter()
        created = job(SEED)
        while not created.is_over:
            time.sleep(0.02)
            created.refresh_from_db(fields=["status"])
        elapsed = time.perf_counter() - started
        assert created.status == "finished", created.status
        return elapsed
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()


def report(plain: float, one: float, two: float, chunks: int) -> None:
    print(f"{GAMES} games of random bots, two sample 40-card decks, {chunks} chunks a job")
    rows = [
        ("plain loop in one process (reference)", plain),
        ("Celery, filesystem broker, 1 worker process", one),
        ("Celery, filesystem broker, 2 worker processes", two),
    ]
    for label, seconds in rows:
        print(f"{label:<48} {GAMES / seconds:8.1f} games/s  ({seconds:6.2f} s)")
    ratio = one / two
    overhead = one / plain - 1
    print(
        f"{'2 processes / 1 process':<48} {ratio:8.2f}x      "
        f"(target >= {TARGET_RATIO}; {os.cpu_count()} cores here, shared)"
    )
    print(
        f"{'Celery overhead on 1 process vs plain loop':<48} {100 * overhead:+8.1f}%      "
        f"(target <= {100 * TARGET_OVERHEAD:.0f}%)"
    )


if __name__ == "__main__":
    main()
