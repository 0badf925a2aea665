"""What a designer reads of each simulation job at a glance: its kind and what its arms
compare, its decks and bots, its games (each arm's and in all) and its headline figure
with its interval, so nine jobs in a list are told apart in one look.

The headline is the figure a job's kind exists to measure: deck A's win rate for a
matchup, the paired shift of deck A's win rate for a kind with two arms, the best
deck's win rate against all opponents for a gauntlet. A matchup's and a gauntlet's come
from the progress already read (chunk counts); a paired shift needs every game of both
arms, so it is worked out once a job is over and kept in the cache (an over job never
changes), and the job's page and the list share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django import forms
from django.core.cache import cache
from django.db.models import QuerySet

from cards.revision_words import changes_in_words
from games.matches.options import options_in_words
from games.models.simulations import JobStatus, SimulationJob, SimulationKind
from games.simulations.confidence import Estimate, wilson_interval
from games.simulations.figure_words import interval_words, shift_words
from games.simulations.progress import Progress, jobs_progress
from games.simulations.services import job_shift
from shen_site.json_input import unwanted_character

# A kind in a word or two (the choices' labels are sentences, for the start form).
KIND_WORDS = {
    SimulationKind.MATCHUP: "Matchup",
    SimulationKind.RULE_AB: "Rule A/B",
    SimulationKind.CARD_IMPACT: "Card impact",
    SimulationKind.GAUNTLET: "Gauntlet",
    SimulationKind.ERRATA: "Errata what-if",
}
# How long an over job's paired shift is kept: it never changes, so as long as the
# cache keeps it.
SHIFT_SECONDS = 30 * 24 * 60 * 60
# Which interval a kept shift has (``games.simulations.confidence``), part of its key.
SHIFT_METHOD = "newcombe-10"


def games_words(job: SimulationJob) -> str:
    """The games a job plays, each arm's and in all: "40 games", "40 games in each arm,
    80 in all", "20 games each pairing, 80 in all"."""
    arms = job.arm_count
    if arms == 1:
        return f"{job.games:,} games"
    each = "each pairing" if job.kind == SimulationKind.GAUNTLET else "in each arm"
    return f"{job.games:,} games {each}, {job.games * arms:,} in all"


def decks_words(job: SimulationJob) -> str:
    """The decks played, deck A's side first: "Jade (A) v Ember (B)", a gauntlet's "Jade,
    Tide v Ember, Stone", a table's every deck in seat order."""
    if job.kind == SimulationKind.GAUNTLET:
        decks, opponents = job.parameters["decks"], job.parameters["opponents"]
        return f"{', '.join(decks)} v {', '.join(opponents)}"
    if job.is_table:  # "Jade v Ember v Tide (3 players)"
        return f"{' v '.join(job.names)} ({job.seats} players)"
    return f"{job.name_a} (A) v {job.name_b} (B)"


def compared_words(job: SimulationJob) -> str:
    """What a job's arms compare, first arm → second: "beta-2025 → beta-2026-07",
    "Turn limit (R26): 8 → 12", "Cinder Hound → a blank", "Cinder Hound as drafted (Cost:
    2)", "2 decks × 2 opponents"; "" for a matchup."""
    parameters = job.parameters
    if job.kind == SimulationKind.RULE_AB:
        ruleset_b = parameters["ruleset_b"]
        changed = [
            f"{label}: {first} → {second}"
            for label, (first, second) in options_in_words(
                job.options, parameters.get("options_b", {})
            )
            # An option one ruleset lacks is told by the rulesets' names.
            if first != second and "—" not in (first, second)
        ]
        rules = [] if ruleset_b == job.ruleset else [f"{job.ruleset} → {ruleset_b}"]
        return "; ".join([*rules, *changed]) or f"{job.ruleset}, the same options"
    if job.kind == SimulationKind.CARD_IMPACT:
        substitute = (parameters.get("substitute_card") or {}).get("name") or "a blank"
        return f"{parameters['card']} → {substitute}"
    if job.kind == SimulationKind.ERRATA:
        changes = changes_in_words(parameters.get("changes", {}))
        drafted = "; ".join(f"{field}: {value}" for field, value in changes)
        return f"{parameters['card_name']} as drafted" + (f" ({drafted})" if drafted else "")
    if job.kind == SimulationKind.GAUNTLET:
        decks, opponents = len(parameters["decks"]), len(parameters["opponents"])
        return f"{decks} deck{'s' * (decks != 1)} × {opponents} opponent{'s' * (opponents != 1)}"
    if job.kind == SimulationKind.SCENARIO_AB:
        return f"{parameters['scenario_a_name']} → {parameters['scenario_b_name']}"
    return ""


@dataclass(frozen=True)
class Headline:
    """The figure a job's kind measures: what it is (``label``), its estimate (None while
    a paired job runs: its shift is told once it is over), whether it is a difference in
    points, and whether it counts only part of the games (a job stopped early)."""

    label: str
    estimate: Estimate | None
    difference: bool = False
    partial: bool = False

    @property
    def words(self) -> str:
        """The figure and its interval in words ("" while there is none); a shift as the
        job's page says it, with its note when it is too few games to tell."""
        if self.estimate is None:
            return ""
        if self.difference:
            return shift_words(self.estimate)
        return interval_words(self.estimate)


def headline(job: SimulationJob, progress: Progress) -> Headline:
    """The job's headline figure (a paired job's shift read through the cache)."""
    return headlines([(job, progress)])[job.pk]


def headlines(rows: Sequence[tuple[SimulationJob, Progress]]) -> dict[int, Headline]:
    """Each job's headline by its id: the paired shifts the cache lacks are worked out
    (one read of both arms' games a job), the others come from ``progress``."""
    shifts = paired_shifts(
        [(job, progress) for job, progress in rows if job.is_paired and progress.is_over]
    )
    found = {}
    for job, progress in rows:
        partial = progress.is_over and job.status != JobStatus.FINISHED
        if job.is_paired:
            label = "Shift of A's win rate"
            found[job.pk] = Headline(label, shifts.get(job.pk), difference=True, partial=partial)
        elif job.kind == SimulationKind.GAUNTLET:
            deck, rate = _best_deck(job, progress)
            found[job.pk] = Headline(f"Best: {deck} against all", rate, partial=partial)
        else:
            found[job.pk] = Headline("A wins", progress.win_rate, partial=partial)
    return found


def paired_shifts(rows: Sequence[tuple[SimulationJob, Progress]]) -> dict[int, Estimate]:
    """Each over paired job's shift by its id (``job_shift``), kept in the cache."""
    keys = {_shift_key(job, progress): job for job, progress in rows}
    kept = cache.get_many(list(keys))
    shifts = {}
    for key, job in keys.items():
        if key not in kept:
            kept[key] = _as_tuple(job_shift(job))
            cache.set(key, kept[key], SHIFT_SECONDS)
        shifts[job.pk] = Estimate(*kept[key])
    return shifts


def paired_shift(job: SimulationJob, progress: Progress) -> Estimate:
    """An over paired job's shift, through the cache the list reads too."""
    return paired_shifts([(job, progress)])[job.pk]


def _as_tuple(shift: Estimate) -> tuple[float, float, float, int]:
    # Plain numbers in the cache, not a class a later version may have changed.
    return (shift.value, shift.low, shift.high, shift.count)


def _shift_key(job: SimulationJob, progress: Progress) -> str:
    # Its making time too: a job id used again (a database restored) is another job;
    # and the games done, should a chunk land as the job is cancelled.
    # And the method: a shift kept with the normal interval of the mean difference
    # (zero wide when every pair agreed) is worked out again with Newcombe's.
    made = job.created_at.timestamp() if job.created_at else 0
    return f"simulation-shift:{SHIFT_METHOD}:{job.pk}:{made}:{progress.etag}"


def _best_deck(job: SimulationJob, progress: Progress) -> tuple[str, Estimate]:
    """A gauntlet's deck with the highest win rate against all its opponents' games
    pooled, and that rate (the first deck while none has played)."""
    decks, opponents = job.parameters["decks"], job.parameters["opponents"]
    pooled = []
    for row, deck in enumerate(decks):
        arms = progress.arms[row * len(opponents) : (row + 1) * len(opponents)]
        done = sum(arm.done for arm in arms)
        wins = sum(arm.wins for arm in arms)
        pooled.append((deck, wilson_interval(min(wins, done), done)))
    return max(pooled, key=lambda pair: (pair[1].count > 0, pair[1].value))


@dataclass(frozen=True)
class JobRow:
    """One job of the list, in words: ``compared`` what its arms compare ("" for a
    matchup), ``games`` each arm's games and all of them."""

    job: SimulationJob
    progress: Progress
    kind: str
    compared: str
    decks: str
    games: str
    headline: Headline


def job_rows(jobs: Sequence[SimulationJob]) -> list[JobRow]:
    """The list's rows of ``jobs``, in their order: their progress in one query, the
    headlines as ``headlines`` gives them."""
    progress = jobs_progress(jobs)
    pairs = [(job, progress[job.pk]) for job in jobs]
    found = headlines(pairs)
    return [
        JobRow(
            job=job,
            progress=shown,
            kind=KIND_WORDS.get(job.kind, job.kind),
            compared=compared_words(job),
            decks=decks_words(job),
            games=games_words(job),
            headline=found[job.pk],
        )
        for job, shown in pairs
    ]


# The longest search of the list: a few names.
FIND_LENGTH = 100


class JobFilter(forms.Form):
    """What the list shows: jobs of one kind (any when blank), and those a search finds
    (``SimulationJobQuerySet.matching``)."""

    kind = forms.ChoiceField(
        required=False, choices=[("", "All kinds"), *KIND_WORDS.items()], label="Kind"
    )
    q = forms.CharField(
        required=False,
        max_length=FIND_LENGTH,
        label="Find",
        help_text="Deck, card, bot, ruleset or number.",
        widget=forms.TextInput(
            attrs={"type": "search", "autocomplete": "off", "aria-describedby": "job-find-hint"}
        ),
    )

    def clean_q(self) -> str:
        text = self.cleaned_data["q"]
        if found := unwanted_character(text):
            raise forms.ValidationError(f"A search holds no control character ({found}).")
        return text

    @property
    def filtering(self) -> bool:
        """Whether it leaves some jobs out (a valid kind or search was asked)."""
        return self.is_valid() and bool(self.cleaned_data["kind"] or self.cleaned_data["q"])

    def jobs(self, jobs: QuerySet[SimulationJob]) -> QuerySet[SimulationJob]:
        """``jobs`` as asked; all of them while the filter is not valid (it says why)."""
        if not self.filtering:
            return jobs
        if kind := self.cleaned_data["kind"]:
            jobs = jobs.filter(kind=kind)
        return jobs.matching(self.cleaned_data["q"])
