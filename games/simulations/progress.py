"""How far a simulation job is: games played of games asked, deck A's running win rate
in each arm, the time left.

A job of several arms (rule A/B, card impact and errata what-if play two; a gauntlet
one a pairing) has a running win rate per arm and none for the whole job: a rate over
both arms of an A/B would blend the two rules it compares. Progress reads only the
chunks' counts (games and deck A's wins), never their games' summaries, so a page
polling it every second costs one small query.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Sum
from django.utils import timezone

from games.models.simulations import JOB_OVER, ChunkStatus, SimulationChunk, SimulationJob
from games.simulations.confidence import Estimate, wilson_interval
from games.simulations.kinds import arm_labels


@dataclass(frozen=True)
class ArmProgress:
    """One arm's games played of those it plays, deck A's wins in them (a draw is half)
    and its win rate."""

    arm: int
    label: str
    games: int
    done: int
    win_rate: Estimate
    wins: float = 0.0


@dataclass(frozen=True)
class Progress:
    """Where a job stands: games done of games asked in all its arms, each arm's
    progress, the time left (None until a chunk is done, or once the job is over)."""

    status: str
    games: int
    done: int
    arms: tuple[ArmProgress, ...]
    eta: timedelta | None
    error: str

    @property
    def win_rate(self) -> Estimate | None:
        """Deck A's running win rate when the job has one arm; None when it has several
        (each arm's is in ``arms``: one figure over them all would mix them)."""
        return self.arms[0].win_rate if len(self.arms) == 1 else None

    @property
    def percent(self) -> int:
        """Whole percent done (100 only when every game is)."""
        return 100 * self.done // self.games

    @property
    def is_over(self) -> bool:
        return self.status in JOB_OVER

    @property
    def eta_words(self) -> str:
        """The time left in words ("about 3 min"), "" when unknown."""
        if self.eta is None:
            return ""
        seconds = round(self.eta.total_seconds())
        if seconds < 60:
            return f"about {seconds} s"
        if seconds < 3600:
            return f"about {round(seconds / 60)} min"
        return f"about {seconds / 3600:.1f} h"

    @property
    def etag(self) -> str:
        """Changes whenever what a progress bar shows does."""
        return f'"{self.status}-{self.done}"'


def simulation_progress(job: SimulationJob, *, now: datetime | None = None) -> Progress:
    """The job's progress, from its chunks' counts (one query)."""
    return jobs_progress([job], now=now)[job.pk]


def jobs_progress(
    jobs: Sequence[SimulationJob], *, now: datetime | None = None
) -> dict[int, Progress]:
    """Each job's progress by its id, from all their chunks' counts in one query."""
    counted: dict[tuple[int, int], tuple[int, float]] = {
        (row["job_id"], row["arm"]): (row["done"] or 0, row["wins"] or 0.0)
        for row in SimulationChunk.objects.filter(
            job__in=[job.pk for job in jobs], status=ChunkStatus.DONE
        )
        .values("job_id", "arm")
        .annotate(done=Sum("count"), wins=Sum("wins_a"))
        .order_by()
    }
    now = now or timezone.now()
    return {job.pk: _progress(job, counted, now) for job in jobs}


def _progress(
    job: SimulationJob, counted: dict[tuple[int, int], tuple[int, float]], now: datetime
) -> Progress:
    arms = []
    for arm, label in enumerate(arm_labels(job.kind, job.parameters, job.ruleset)):
        done, wins = counted.get((job.pk, arm), (0, 0.0))
        rate = wilson_interval(min(wins, done), done)
        arms.append(
            ArmProgress(arm=arm, label=label, games=job.games, done=done, win_rate=rate, wins=wins)
        )
    games = job.games * len(arms)
    done = sum(arm.done for arm in arms)
    eta = None
    if done and not job.is_over and job.started_at:
        elapsed = (now - job.started_at).total_seconds()
        eta = timedelta(seconds=round(elapsed * (games - done) / done))
    return Progress(
        status=job.status, games=games, done=done, arms=tuple(arms), eta=eta, error=job.error
    )
