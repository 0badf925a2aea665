"""Simulation jobs: many bot-played games between two pinned decks, run as chunks on Celery.

A job holds everything its games are a function of (ruleset and options, the decks
by value, the bots, the seed), so a game of a job can be played again at any time.
Its chunks split the games; a chunk's summaries are written once, in the same
transaction that marks it done, so a chunk delivered twice never counts twice.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.seeds import SEED_BITS

# How many games one job may ask for.
MAX_GAMES = 100_000


class SimulationKind(models.TextChoices):
    # Every kind but the plain matchup reads ``parameters`` (games.simulations.kinds).
    MATCHUP = "matchup", "Deck A against deck B"
    RULE_AB = "rule_ab", "Rule A/B: the same games under two rulesets"
    CARD_IMPACT = "card_impact", "Card impact: the same games with one card replaced"
    GAUNTLET = "gauntlet", "Gauntlet: decks against a set of decks"
    ERRATA = "errata", "Errata what-if: the same games with a card under a draft change"
    SCENARIO_AB = "scenario_ab", "Scenario A/B: the same games on two scenarios"


# How many arms each kind plays, every arm the same games (seeds and seats): the
# arms' summaries pair up game by game (games.simulations.figures.paired_shift).
KIND_ARMS = {
    SimulationKind.MATCHUP: 1,
    SimulationKind.RULE_AB: 2,
    SimulationKind.CARD_IMPACT: 2,
    SimulationKind.ERRATA: 2,
    SimulationKind.SCENARIO_AB: 2,
}
# How many decks a gauntlet may have on each side.
GAUNTLET_MAX = 8


class JobStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Running"
    FINISHED = "finished", "Finished"
    CANCELLED = "cancelled", "Cancelled"
    FAILED = "failed", "Failed"


class ChunkStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    CANCELLED = "cancelled", "Cancelled"
    FAILED = "failed", "Failed"


# A job in one of these states changes no more.
JOB_OVER = (JobStatus.FINISHED, JobStatus.CANCELLED, JobStatus.FAILED)


# What a search of the list looks in (``SimulationJobQuerySet.matching``): the names a
# job's row shows, and at most so many words of a search.
MATCHED_NAMES = (
    "name_a",
    "name_b",
    "bot_a",
    "bot_b",
    "ruleset",
    "parameters__ruleset_b",
    "parameters__card",
    "parameters__card_name",
    "parameters__substitute_card__name",
    "parameters__decks",
    "parameters__opponents",
)
MATCHED_WORDS = 6


class SimulationJobQuerySet(models.QuerySet):
    def of_owner(self, user) -> SimulationJobQuerySet:
        """``user``'s jobs, newest first (none for a visitor)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(owner=user).order_by("-created_at", "-pk")

    def matching(self, text: str) -> SimulationJobQuerySet:
        """Jobs that ``text`` finds, each of its words in one of a job's names: its decks,
        bots and rulesets, the card it replaces or drafts and the substitute, or its
        number ("hound third": card impacts of Cinder Hound against the Third deck)."""
        jobs = self
        for word in text.split()[:MATCHED_WORDS]:
            found = Q()
            for name in MATCHED_NAMES:
                found |= Q(**{f"{name}__icontains": word})
            if word.isascii() and word.isdigit() and len(word) <= 18:
                found |= Q(pk=int(word))
            jobs = jobs.filter(found)
        return jobs

    def light(self) -> SimulationJobQuerySet:
        """Without the decks by value, which only the workers and replays read."""
        return self.defer("decks")


class SimulationJob(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="simulation_jobs"
    )
    kind = models.CharField(
        max_length=20, choices=SimulationKind.choices, default=SimulationKind.MATCHUP
    )
    # What a kind needs beyond two decks (the card replaced, the second ruleset, ...).
    parameters = models.JSONField(default=dict, blank=True)
    game = models.CharField(max_length=20, default="shen")
    ruleset = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    # Engine deck data, [deck A, deck B], by value: later edits never change a job.
    decks = models.JSONField()
    deck_a = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    deck_b = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version_a = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    version_b = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The decks' names when the job was made, for lists and exports after a deck is gone.
    name_a = models.CharField(max_length=200)
    name_b = models.CharField(max_length=200)
    bot_a = models.CharField(max_length=40)
    bot_b = models.CharField(max_length=40)
    # The scenario its games are played on (M1), by value as the engine reads it
    # (games.simulations.tables.scenario_data); null: the ruleset's own two-player board.
    scenario = models.JSONField(null=True, blank=True)
    # The named scenario it was chosen as, while it exists.
    named_scenario = models.ForeignKey(
        "games.Scenario", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A table of more than two seats: every deck's name and bot, in the job's deck order
    # (deck d sits in seat d in its first game); empty for two decks (name_a, bot_a ...).
    deck_names = models.JSONField(default=list, blank=True)
    deck_bots = models.JSONField(default=list, blank=True)
    games = models.PositiveIntegerField()
    seed = models.BigIntegerField()
    # How wide the seeds its games derive are (games.seeds): SEED_BITS, or LEGACY_SEED_BITS
    # for a job stored before seeds had one range, so its games stay the ones it counted.
    seed_bits = models.PositiveSmallIntegerField(default=SEED_BITS)
    # The most games one of its chunks plays (its last ones play fewer: chunk_spans in
    # games.simulations.services).
    chunk_size = models.PositiveIntegerField()
    status = models.CharField(max_length=12, choices=JobStatus.choices, default=JobStatus.QUEUED)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    objects = SimulationJobQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(games__gte=1, games__lte=MAX_GAMES), name="simulation_games_in_range"
            ),
            models.CheckConstraint(condition=Q(seed__gte=0), name="simulation_seed_not_negative"),
            models.CheckConstraint(condition=Q(chunk_size__gte=1), name="simulation_chunk_size"),
        ]

    def __str__(self) -> str:
        return f"Simulation {self.pk}: {self.name_a} v {self.name_b}"

    @property
    def is_over(self) -> bool:
        return self.status in JOB_OVER

    @property
    def bots(self) -> tuple[str, ...]:
        """Each deck's bot, in deck order."""
        return tuple(self.deck_bots) if self.deck_bots else (self.bot_a, self.bot_b)

    @property
    def names(self) -> tuple[str, ...]:
        """Each deck's name, in deck order."""
        return tuple(self.deck_names) if self.deck_names else (self.name_a, self.name_b)

    @property
    def seats(self) -> int:
        """How many seats its games have."""
        return (self.scenario or {}).get("players", 2)

    @property
    def is_table(self) -> bool:
        """Its games have more than two seats (games.simulations.tables)."""
        return self.seats > 2

    @property
    def arm_count(self) -> int:
        """How many arms the job plays (each ``games`` games): a gauntlet's are its
        pairings, deck by opponent."""
        if self.kind == SimulationKind.GAUNTLET:
            return len(self.parameters["decks"]) * len(self.parameters["opponents"])
        return KIND_ARMS.get(self.kind, 1)

    @property
    def is_paired(self) -> bool:
        """Its two arms play the same games, so they compare game by game."""
        return KIND_ARMS.get(self.kind, 1) > 1


class SimulationChunk(models.Model):
    """Games ``first_game`` to ``first_game + count - 1`` of one arm of a job."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunks")
    # Which arm of a paired job (0: the base, 1: the variant); every arm has the same spans.
    arm = models.PositiveSmallIntegerField(default=0)
    index = models.PositiveIntegerField()
    first_game = models.PositiveIntegerField()
    count = models.PositiveIntegerField()
    status = models.CharField(
        max_length=12, choices=ChunkStatus.choices, default=ChunkStatus.QUEUED
    )
    # When it was last handed to the broker: a job keeps only a few chunks there at a
    # time (games.simulations.services.simulation_enqueue), so jobs take turns on the workers.
    sent_at = models.DateTimeField(null=True, blank=True)
    # How many times a worker began it: more than one means it was delivered again.
    attempts = models.PositiveSmallIntegerField(default=0)
    # The worker process that last began it ("host:pid").
    worker = models.CharField(max_length=200, blank=True)
    # The games' summaries (GameSummary.to_json()), written once, with the status "done".
    summaries = models.JSONField(null=True, blank=True)
    # Their counts (games.simulations.figures.Tally.to_json()): a job's figures add up
    # its chunks' tallies instead of reading every summary.
    tally = models.JSONField(null=True, blank=True)
    # Deck A's wins (a draw counts half), for progress in one small query.
    wins_a = models.FloatField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["job", "arm", "index"]
        constraints = [
            models.UniqueConstraint(
                fields=["job", "arm", "index"], name="simulation_chunk_arm_unique"
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="simulation_chunk_not_empty"),
        ]

    def __str__(self) -> str:
        return f"Chunk {self.index} (arm {self.arm}) of simulation {self.job_id}"
