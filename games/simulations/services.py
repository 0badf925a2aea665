"""Simulation jobs: start one, run its chunks, follow its progress, cancel it, read it.

Plain functions; views, the API, the Celery task and ``manage.py simulate`` call
them. A job's games are the pure module's (``games.simulations.games``): game ``i``
of a job is ``job_game(..., i)``, so any chunk, run anywhere, any number of times,
plays the same games.

A chunk is idempotent: its summaries are written once, in one transaction that
holds the job's row and moves the chunk to "done" only from "queued" or
"running". A chunk delivered again after its worker died replays its games and
finds either nothing written yet (it writes) or its result there (it does nothing).

A job has only a few chunks in the queue at a time (``simulation_enqueue``), each
finished chunk queueing the next, so jobs share the workers in turn; an account may
have only so many jobs, and games, waiting (``SimulationQuota``).
"""

from __future__ import annotations

import math
import os
import secrets
import socket
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone

from decks.models import Deck, DeckVersion
from decks.validation import validate_deck
from games.decklists import DeckNotPlayable, deck_data, latest_version
from games.models.simulations import (
    GAUNTLET_MAX,
    JOB_OVER,
    KIND_ARMS,
    MAX_GAMES,
    ChunkStatus,
    JobStatus,
    SimulationChunk,
    SimulationJob,
    SimulationKind,
)
from games.play import GAMES
from games.refusals import Refusal
from games.rulesets import FORMATS_GAME, format_game, played_under_refusal
from games.seeds import MAX_SEED, is_seed
from games.simulations.confidence import Estimate
from games.simulations.figures import (
    Figures,
    Gauntlet,
    Tally,
    figures,
    gauntlet_matrix,
    paired_shift,
)
from games.simulations.games import GameSummary, SimulatedGame, play_simulated_game
from games.simulations.kinds import Arm, arm_game, job_arms
from games.simulations.parameters import kind_parameters, scenario_checked
from games.simulations.table_figures import (
    TableFigures,
    TableTally,
    table_figures,
    table_shift,
    tally_from_json,
)
from games.simulations.tables import (
    SimulatedTable,
    TableSummary,
    play_simulated_table,
    scenario_data,
    scenario_of,
    side_count,
)
from games.task_queue import task_queue
from shen_site.record_numbers import json_whole

# A chunk is a few seconds of a worker's time: long enough that the queue and the
# database see little traffic, short enough that progress moves and a killed worker
# loses little. A job is cut into about TARGET_CHUNKS chunks within these bounds.
CHUNK_GAMES = (25, 200)
TARGET_CHUNKS = 100
# The smallest of the chunks a job's last games are cut into (chunk_spans): a tail
# chunk of random bots is then still ten times as long as handing one over.
TAIL_GAMES = 5
# A running chunk looks at its job this often, so a cancel stops it within a moment.
CANCEL_CHECK_SECONDS = 1.0
# A chunk still to be played (a running one's worker may die: it is played again).
UNPLAYED = (ChunkStatus.QUEUED, ChunkStatus.RUNNING)
# Set while simulation_enqueue queues chunks: a task run eagerly (tests, SHEN_CELERY_EAGER)
# inside it queues nothing itself, the loop there goes on instead of recursing.
_enqueuing: ContextVar[bool] = ContextVar("simulation_enqueuing", default=False)


class SimulationError(Refusal):
    """A simulation that cannot be started or changed, with a sentence saying why (naming
    the parameters at fault as the reader knows them: ``Refusal``)."""

    status = 400


class SimulationConflict(SimulationError):
    """The job is not in a state that allows this (already over)."""

    status = 409


class SimulationQuota(SimulationError):
    """The account has as many simulations waiting as it may (settings)."""

    status = 429


class SimulationUnavailable(SimulationError):
    """The queue the workers read cannot be reached: nothing was started."""

    status = 503


# -- starting --------------------------------------------------------------------------


def simulation_create(
    *,
    owner: AbstractBaseUser,
    deck_a: Deck,
    deck_b: Deck,
    bot_a: str,
    bot_b: str,
    ruleset: str,
    options: Mapping[str, Any] | None = None,
    games: Any,
    seed: Any = None,
    kind: str = SimulationKind.MATCHUP,
    parameters: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    seat_decks: Sequence[Deck] = (),
    seat_bots: Sequence[str] = (),
) -> SimulationJob:
    """A new job of ``owner``'s, deck A against deck B (their newest versions, by value),
    cut into chunks (for each arm of its ``kind``) and queued. Refuses (SimulationError,
    nothing saved) bad input, bad ``parameters`` for the kind, a deck ``owner`` may not
    see or that breaks its format; SimulationUnavailable when the queue cannot be reached.

    ``scenario``: a named scenario's slug (None: the ruleset's own two-player board);
    one of more than two seats takes a deck and a bot for each seat after the first two
    (``seat_decks``, ``seat_bots``), and its games count for their seats against the
    limits (a game of N seats as N/2 games)."""
    game = format_game(deck_a.format)
    options, seed = simulation_checked(
        bots=(bot_a, bot_b, *seat_bots),
        ruleset=ruleset,
        options=options,
        games=games,
        seed=seed,
        game=game,
    )
    if kind not in SimulationKind.values:
        raise SimulationError(f"Unknown kind {kind!r}: choose {', '.join(SimulationKind.values)}.")
    if parameters is not None and not isinstance(parameters, Mapping):
        raise SimulationError("The parameters are an object.")
    named = None
    if scenario is not None:
        try:
            named = scenario_checked(scenario, ruleset)
        except ValueError as error:
            raise SimulationError(str(error)) from None
    played_on = named.to_engine() if named is not None else None
    seats = played_on.players if played_on is not None else 2
    if len(seat_decks) != seats - 2 or len(seat_bots) != seats - 2:
        raise SimulationError(
            f"A game of {seats} players needs a deck and a bot for each of its {seats} seats."
        )
    if seats > 2 and kind == SimulationKind.GAUNTLET:
        raise SimulationError("A gauntlet plays two-player games: choose a two-player scenario.")
    rows, columns = _sides(owner, kind, parameters or {}, deck_a, deck_b)
    columns = [*columns, *seat_decks]
    every = [*rows, *columns]
    for deck in every:
        if refusal := played_under_refusal(deck, ruleset):
            raise SimulationError(refusal)
    pinned = [_pinned(owner, deck) for deck in every]
    decks = [data for data, _ in pinned]
    version_a, version_b = pinned[0][1], pinned[len(rows)][1]
    try:
        parameters = kind_parameters(
            kind,
            parameters or {},
            rows=rows,
            columns=columns,
            data=decks,
            ruleset=ruleset,
            options=options,
            game=game,
            scenario=played_on,
            scenario_name=named.name if named is not None else "",
        )
    except ValueError as error:
        raise SimulationError.of(error) from None
    # A game of more seats takes longer: it counts as N/2 games, and a chunk plays fewer.
    weight = seat_weight(seats)
    size = max(TAIL_GAMES, chunk_size(games * weight) // weight)
    arms = KIND_ARMS.get(SimulationKind(kind)) or len(rows) * len(columns)
    if games * arms * weight > MAX_GAMES:
        raise SimulationError(
            f"A job plays at most {MAX_GAMES:,} games in all its arms"
            + (f" (a game of {seats} players counts as {weight})." if weight > 1 else ".")
        )
    table = seats > 2
    with transaction.atomic():
        _quota_check(owner, games * arms * weight)
        job = SimulationJob.objects.create(
            owner=owner,
            kind=kind,
            parameters=parameters,
            game=game,
            ruleset=ruleset,
            options=options,
            decks=decks,
            deck_a=deck_a,
            deck_b=deck_b,
            version_a=version_a,
            version_b=version_b,
            name_a=deck_a.name,
            name_b=deck_b.name,
            bot_a=bot_a,
            bot_b=bot_b,
            scenario=scenario_data(played_on) if played_on is not None else None,
            named_scenario=named,
            deck_names=[deck.name for deck in every] if table else [],
            deck_bots=[bot_a, bot_b, *seat_bots] if table else [],
            games=games,
            seed=seed,
            chunk_size=size,
        )
        # Every arm has the same spans: its chunk i plays the same games as the others'.
        SimulationChunk.objects.bulk_create(
            SimulationChunk(job=job, arm=arm, index=index, first_game=first, count=count)
            for arm in range(arms)
            for index, (first, count) in enumerate(chunk_spans(games, size))
        )
        # A version a job was pinned to is never amended by later builder edits.
        versions = [version.pk for _, version in pinned]
        DeckVersion.objects.filter(pk__in=versions).update(from_edits=False)
    try:
        simulation_enqueue(job)
    except SimulationUnavailable:
        job.delete()
        raise
    # A worker may have begun (or, running eagerly, finished) it already.
    job.refresh_from_db()
    return job


def simulation_checked(
    *,
    bots: Sequence[str],
    ruleset: str,
    options: Mapping[str, Any] | None,
    games: Any,
    seed: Any,
    game: str = FORMATS_GAME,
) -> tuple[dict[str, Any], int]:
    """The options (checked) and the seed (drawn when None) of a simulation; raises
    SimulationError naming the first bad setting."""
    play = GAMES[game]
    for bot in bots:
        if bot not in play.bot_names():
            raise SimulationError(f"Unknown bot {bot!r}: choose {', '.join(play.bot_names())}.")
    if ruleset not in play.rulesets():
        raise SimulationError(f"Unknown ruleset {ruleset!r}: choose {', '.join(play.rulesets())}.")
    try:
        options = play.check_options(ruleset, options or {})
    except ValueError as error:
        raise SimulationError(str(error)) from None
    if not json_whole(games, 1, MAX_GAMES):
        raise SimulationError(f"The number of games is a whole number from 1 to {MAX_GAMES:,}.")
    seed = secrets.randbelow(MAX_SEED + 1) if seed is None else seed
    if not is_seed(seed):
        raise SimulationError(f"A seed is a whole number from 0 to {MAX_SEED}.")
    return options, seed


def seat_weight(seats: int) -> int:
    """What a game of ``seats`` seats counts for against the limits: N/2 games, rounded
    up (a two-player game is one)."""
    return max(1, math.ceil(seats / 2))


def chunk_size(games: int) -> int:
    """The most games a chunk of a ``games``-game job plays (its last chunks play fewer)."""
    low, high = CHUNK_GAMES
    return max(low, min(high, math.ceil(games / TARGET_CHUNKS)))


def chunk_spans(games: int, size: int) -> Iterator[tuple[int, int]]:
    """(first game, count) of each chunk of a ``games``-game job, in the order they are
    queued: chunks of at most ``size`` games, as even as can be, then the last games in
    chunks of ever fewer (..., 4, 2, 1 and 1 times TAIL_GAMES).

    Workers take chunks in that order, so while one plays the last full chunk the others
    play the small ones after it: they run out of work within a small chunk of each other
    instead of one idling for a whole chunk at the end of the job. (Redis keeps the order
    exactly; the filesystem broker to the millisecond, which may swap neighbours.)"""
    tail = []  # from the job's end backwards
    part, left = TAIL_GAMES, games
    while part < size:
        rest = left - part
        # The chunks before a tail chunk play at least as many games as it does.
        if rest < part or rest // math.ceil(rest / size) < part:
            break
        tail.append(part)
        left = rest
        # 5, 5, 10, 20, ... from the end: each plays as many games as those after it.
        part = part * 2 if len(tail) > 1 else part
    chunks = math.ceil(left / size)
    counts = [left // chunks + (index < left % chunks) for index in range(chunks)]
    first = 0
    for count in [*counts, *reversed(tail)]:
        yield first, count
        first += count


def simulation_enqueue(job: SimulationJob) -> int:
    """Queue ``job``'s next chunks, so that SIMULATION_CHUNKS_AHEAD of them are in the
    queue or being played (fewer near its end); how many were queued.

    Called when a job starts and after each chunk, so jobs take turns on the workers:
    a job's next chunk goes in behind the chunks other jobs have queued meanwhile, and
    a cancelled job leaves only those few behind. SimulationUnavailable when the broker
    cannot be reached (those chunks wait for the next call)."""
    if _enqueuing.get():
        return 0
    token = _enqueuing.set(True)
    try:
        queued = 0
        # Once, unless the chunks were played meanwhile (eagerly): then the next ones.
        while sent := _chunks_send(job):
            queued += sent
        return queued
    finally:
        _enqueuing.reset(token)


def _chunks_send(job: SimulationJob) -> int:
    with transaction.atomic():
        locked = SimulationJob.objects.select_for_update().light().get(pk=job.pk)
        if locked.is_over:
            return 0
        chunks = job.chunks.filter(status__in=UNPLAYED)
        room = settings.SIMULATION_CHUNKS_AHEAD - chunks.filter(sent_at__isnull=False).count()
        if room <= 0:
            return 0
        # Arm by arm within a span: the arms of a paired job keep pace with each other.
        later = chunks.filter(sent_at__isnull=True).order_by("index", "arm")
        sending = list(later.values_list("pk", flat=True)[:room])
        SimulationChunk.objects.filter(pk__in=sending).update(sent_at=timezone.now())
    try:
        _send(sending)
    except SimulationUnavailable:
        SimulationChunk.objects.filter(pk__in=sending).update(sent_at=None)
        raise
    return len(sending)


def _send(chunks: Sequence[int]) -> None:
    """A task for each of ``chunks``; SimulationUnavailable when the broker is down (a
    chunk queued twice is harmless: chunks are idempotent)."""
    try:
        for pk in chunks:
            task_queue("games.simulate_chunk", pk)
    except Exception as error:  # kombu and redis raise many kinds; every one means "down"
        if isinstance(error, SimulationError):
            raise
        raise SimulationUnavailable(
            "The simulation service is unavailable right now (its queue cannot be reached); "
            "nothing was started. Please try again later."
        ) from error


def chunk_followed(chunk_id: int) -> int:
    """After chunk ``chunk_id`` ran (or found nothing to do): its job's next chunks
    queued (``simulation_enqueue``); how many."""
    job = SimulationJob.objects.light().filter(chunks__pk=chunk_id).first()
    if job is None or job.is_over:
        return 0
    return simulation_enqueue(job)


def simulations_resume() -> int:
    """Queue again every chunk that unfinished jobs had in the queue, and their next ones;
    how many.

    For the filesystem broker, when a worker starts: a message a worker had taken
    from the folder lives only in that worker's memory until the task ends, so a
    worker killed outright (not one of its pool processes, whose task goes back to
    the queue) takes its messages with it. The caller empties the queue first, so
    each waiting chunk is queued once; a chunk a live worker is playing runs twice
    at worst and is still counted once.
    """
    jobs = SimulationJob.objects.exclude(status__in=JOB_OVER).light().order_by("pk")
    queued = 0
    for job in jobs:
        sent = job.chunks.filter(status__in=UNPLAYED, sent_at__isnull=False)
        again = list(sent.order_by("index", "arm").values_list("pk", flat=True))
        _send(again)
        queued += len(again) + simulation_enqueue(job)
    return queued


def _quota_check(owner: AbstractBaseUser, games: int) -> None:
    """SimulationQuota when a job of ``games`` games (in all its arms) would give
    ``owner`` more unfinished jobs, or more games waiting, than an account may have."""
    # The owner's row is the lock: two jobs started at once are counted one after the other.
    get_user_model().objects.select_for_update().filter(pk=owner.pk).first()
    unfinished = SimulationJob.objects.filter(owner=owner).exclude(status__in=JOB_OVER)
    most_jobs = settings.SIMULATION_MAX_RUNNING_JOBS
    if unfinished.count() >= most_jobs:
        raise SimulationQuota(
            f"You have {most_jobs} simulations waiting or running, the most an account may "
            "have at once: start this one when one of them is over (or cancel one)."
        )
    chunks = SimulationChunk.objects.filter(job__in=unfinished, status__in=UNPLAYED)
    waiting = chunks.aggregate(games=Sum("count"))["games"] or 0
    most_games = settings.SIMULATION_MAX_QUEUED_GAMES
    if waiting + games > most_games:
        raise SimulationQuota(
            f"An account may have at most {most_games:,} games waiting to be played; you "
            f"have {waiting:,}, and this simulation would add {games:,}. Ask for fewer "
            "games, or start it when your other simulations are further on."
        )


def _sides(
    owner: AbstractBaseUser, kind: str, parameters: Mapping[str, Any], deck_a: Deck, deck_b: Deck
) -> tuple[list[Deck], list[Deck]]:
    """The decks a job plays with (deck A and those with it) and against (deck B and those
    with it): a gauntlet adds ``parameters``' "decks" and "opponents" (deck ids)."""
    if kind != SimulationKind.GAUNTLET:
        return [deck_a], [deck_b]
    sides = []
    for key, first in (("decks", deck_a), ("opponents", deck_b)):
        ids = parameters.get(key, [])
        if not isinstance(ids, list) or not all(json_whole(pk, 1) for pk in ids):
            raise SimulationError(f"parameters.{key} is a list of deck ids.")
        found = Deck.objects.visible_to(owner).select_related("format", "home_realm").in_bulk(ids)
        if len(found) != len(set(ids)):
            raise SimulationError("Choose decks you can see: your own or public ones.")
        side = [first, *(found[pk] for pk in ids)]
        if len({deck.pk for deck in side}) != len(side) or len(side) > GAUNTLET_MAX:
            raise SimulationError(
                lambda name, key=key: (
                    f"A gauntlet side has 1 to {GAUNTLET_MAX} different decks ({name(key)})."
                )
            )
        sides.append(side)
    return sides[0], sides[1]


def _pinned(owner: AbstractBaseUser, deck: Deck) -> tuple[dict[str, Any], DeckVersion]:
    """The deck's newest version as engine data, if ``owner`` may see it and it is valid."""
    if not Deck.objects.visible_to(owner).filter(pk=deck.pk).exists():
        raise SimulationError("Choose decks you can see: your own or public ones.")
    violations = validate_deck(deck)
    if violations:
        reasons = " ".join(violation.message for violation in violations)
        raise SimulationError(f"{deck.name} is not valid for {deck.format.name}: {reasons}")
    try:
        version = latest_version(deck)
        return deck_data(deck, version), version
    except DeckNotPlayable as error:
        raise SimulationError(f"{deck.name}: {error}") from None


# -- running ---------------------------------------------------------------------------


def arms_of(job: SimulationJob) -> tuple[Arm, ...]:
    """The arms of ``job`` (one for a plain matchup)."""
    return job_arms(
        job.kind, job.parameters, job.ruleset, job.options, job.decks, scenario_of(job.scenario)
    )


def play_any(game: SimulatedGame | SimulatedTable) -> GameSummary | TableSummary:
    """Play a job's game: two decks', or a table's."""
    if isinstance(game, SimulatedTable):
        return play_simulated_table(game)
    return play_simulated_game(game)


def job_game_list(
    job: SimulationJob, first: int, count: int, arm: int = 0
) -> list[SimulatedGame | SimulatedTable]:
    """Games ``first`` to ``first + count - 1`` of ``job``'s arm ``arm``, ready to play."""
    played = arms_of(job)[arm]
    return [
        arm_game(played, job.bots, job.seed, index, seed_bits=job.seed_bits)
        for index in range(first, first + count)
    ]


def chunk_run(
    chunk_id: int, *, on_game: Callable[[GameSummary], None] | None = None
) -> list[GameSummary]:
    """Play one chunk and store its summaries, unless it is done, cancelled or its job is
    over; the summaries played (none when there was nothing to do)."""
    chunk = (
        SimulationChunk.objects.select_related("job").filter(pk=chunk_id).first()
        if chunk_id
        else None
    )
    if chunk is None or not _chunk_begin(chunk):
        return []
    job = chunk.job
    summaries: list[GameSummary] = []
    checked = time.monotonic()
    for game in job_game_list(job, chunk.first_game, chunk.count, chunk.arm):
        try:
            summaries.append(play_any(game))
        except Exception as error:
            # A game that fails fails the same way every time (it is a function of its
            # value): the job stops with the reason. A database error, outside this,
            # leaves the chunk running for the task's retry instead.
            _chunk_fail(chunk, f"Game {chunk.first_game + len(summaries)} failed: {error!r}")
            raise
        if on_game is not None:
            on_game(summaries[-1])
        if time.monotonic() - checked > CANCEL_CHECK_SECONDS:
            checked = time.monotonic()
            if SimulationJob.objects.filter(pk=job.pk, status__in=JOB_OVER).exists():
                _chunk_stop(chunk, ChunkStatus.CANCELLED)
                return []
    _chunk_store(chunk, summaries)
    return summaries


def _chunk_begin(chunk: SimulationChunk) -> bool:
    """Mark the chunk running (one more attempt, by this process); False when it has
    nothing to do."""
    now = timezone.now()
    with transaction.atomic():
        job = SimulationJob.objects.select_for_update().get(pk=chunk.job_id)
        if job.is_over:
            SimulationChunk.objects.filter(
                pk=chunk.pk, status__in=(ChunkStatus.QUEUED, ChunkStatus.RUNNING)
            ).update(status=ChunkStatus.CANCELLED)
            return False
        begun = SimulationChunk.objects.filter(
            pk=chunk.pk, status__in=(ChunkStatus.QUEUED, ChunkStatus.RUNNING)
        ).update(
            status=ChunkStatus.RUNNING,
            attempts=F("attempts") + 1,
            worker=f"{socket.gethostname()}:{os.getpid()}",
            started_at=now,
        )
        if begun and job.status == JobStatus.QUEUED:
            SimulationJob.objects.filter(pk=job.pk, status=JobStatus.QUEUED).update(
                status=JobStatus.RUNNING, started_at=now
            )
    return bool(begun)


def _chunk_store(chunk: SimulationChunk, summaries: Sequence[GameSummary]) -> bool:
    """Write the chunk's summaries once; the job is finished with its last chunk. False
    when another delivery of the chunk wrote first (or the job ended meanwhile)."""
    now = timezone.now()
    with transaction.atomic():
        # The job's row is the lock: two last chunks finishing together finish it once.
        job = SimulationJob.objects.select_for_update().get(pk=chunk.job_id)
        if job.is_over:
            _chunk_stop(chunk, ChunkStatus.CANCELLED)
            return False
        stored = SimulationChunk.objects.filter(
            pk=chunk.pk, status__in=(ChunkStatus.QUEUED, ChunkStatus.RUNNING)
        ).update(
            status=ChunkStatus.DONE,
            summaries=[summary.to_json() for summary in summaries],
            tally=_tally_of(job, summaries).to_json(),
            wins_a=sum(summary.score("a") for summary in summaries),
            finished_at=now,
        )
        if stored and not job.chunks.exclude(status=ChunkStatus.DONE).exists():
            SimulationJob.objects.filter(pk=job.pk).update(
                status=JobStatus.FINISHED, finished_at=now
            )
    return bool(stored)


def _tally_of(job: SimulationJob, summaries: Sequence[Any]) -> Tally | TableTally:
    """The tally of some of ``job``'s summaries."""
    if job.is_table:
        return TableTally.of(summaries, side_count(scenario_of(job.scenario)))
    return Tally.of(summaries)


def _empty_tally(job: SimulationJob) -> Tally | TableTally:
    return TableTally() if job.is_table else Tally()


def _chunk_stop(chunk: SimulationChunk, status: str) -> None:
    SimulationChunk.objects.filter(
        pk=chunk.pk, status__in=(ChunkStatus.QUEUED, ChunkStatus.RUNNING)
    ).update(status=status, finished_at=timezone.now())


def _chunk_fail(chunk: SimulationChunk, reason: str) -> None:
    with transaction.atomic():
        _chunk_stop(chunk, ChunkStatus.FAILED)
        SimulationJob.objects.filter(pk=chunk.job_id).exclude(status__in=JOB_OVER).update(
            status=JobStatus.FAILED, error=reason, finished_at=timezone.now()
        )
        SimulationChunk.objects.filter(job_id=chunk.job_id, status=ChunkStatus.QUEUED).update(
            status=ChunkStatus.CANCELLED
        )


# -- stopping --------------------------------------------------------------------------


def simulation_cancel(job: SimulationJob) -> SimulationJob:
    """Stop the job: its waiting chunks never run, a running one stops within a moment.
    SimulationConflict when it is already over."""
    now = timezone.now()
    with transaction.atomic():
        cancelled = (
            SimulationJob.objects.filter(pk=job.pk)
            .exclude(status__in=JOB_OVER)
            .update(status=JobStatus.CANCELLED, cancelled_at=now, finished_at=now)
        )
        if not cancelled:
            raise SimulationConflict("This simulation is already over.")
        SimulationChunk.objects.filter(job=job, status=ChunkStatus.QUEUED).update(
            status=ChunkStatus.CANCELLED
        )
    job.refresh_from_db()
    return job


# -- results ---------------------------------------------------------------------------


def job_summaries(job: SimulationJob, arm: int = 0) -> list[Any]:
    """Every stored game summary of the job's arm ``arm``, in game order (TableSummary
    for a table's games)."""
    rows = job.chunks.filter(status=ChunkStatus.DONE, arm=arm).order_by("index")
    read = TableSummary.from_json if job.is_table else GameSummary.from_json
    return [
        read(data) for summaries in rows.values_list("summaries", flat=True) for data in summaries
    ]


def job_tally(job: SimulationJob, arm: int = 0) -> Any:
    """The counts of every game of the job's arm ``arm`` stored so far (a TableTally for
    a table's games)."""
    rows = job.chunks.filter(status=ChunkStatus.DONE, arm=arm).values_list("tally", flat=True)
    return sum((tally_from_json(data) for data in rows), _empty_tally(job))


def job_figures(job: SimulationJob, arm: int = 0) -> Any:
    """The figures of the arm's games stored so far (all of them once it is finished):
    TableFigures for a table's games."""
    return _figures_of(job_tally(job, arm))


def _figures_of(tally: Tally | TableTally) -> Figures | TableFigures:
    return table_figures(tally) if isinstance(tally, TableTally) else figures(tally)


def job_arm_tallies(job: SimulationJob) -> list[Tally]:
    """Each arm's counts in arm order (a matchup's one, a paired job's two, a gauntlet's
    pairings row by row), from every stored chunk's tally in one query."""
    tallies = [_empty_tally(job) for _ in range(job.arm_count)]
    rows = job.chunks.filter(status=ChunkStatus.DONE).values_list("arm", "tally")
    for arm, data in rows.iterator(chunk_size=100):
        tallies[arm] += tally_from_json(data)
    return tallies


def job_arm_figures(job: SimulationJob) -> list[Any]:
    """Each arm's figures in arm order (``job_arm_tallies``)."""
    return [_figures_of(tally) for tally in job_arm_tallies(job)]


def job_shift(job: SimulationJob, deck: int = 0) -> Estimate:
    """A paired job's shift of deck A's win rate (a table's deck ``deck``) from arm 0 to
    arm 1 over the games both arms have played, with its 95% interval."""
    if job.is_table:
        return table_shift(job_summaries(job, 0), job_summaries(job, 1), deck)
    return paired_shift(job_summaries(job, 0), job_summaries(job, 1))


def job_shifts(job: SimulationJob) -> list[Estimate]:
    """A paired table job's shift of each deck's win rate, in deck order."""
    base, variant = job_summaries(job, 0), job_summaries(job, 1)
    return [table_shift(base, variant, deck) for deck in range(job.seats)]


def job_gauntlet(job: SimulationJob) -> Gauntlet:
    """A gauntlet's matrix of win rates from its pairings' games stored so far."""
    decks, opponents = len(job.parameters["decks"]), len(job.parameters["opponents"])
    tallies = {divmod(arm, opponents): tally for arm, tally in enumerate(job_arm_tallies(job))}
    return gauntlet_matrix(tallies, decks, opponents)


def game_number(job: SimulationJob, index: int, arm: int = 0) -> Any:
    """Game ``index`` of the job's arm ``arm`` (0-based), to play again or replay."""
    if not 0 <= index < job.games:
        raise SimulationError(f"This simulation has games 0 to {job.games - 1}.")
    if not 0 <= arm < job.arm_count:
        raise SimulationError(f"This simulation has arms 0 to {job.arm_count - 1}.")
    return arm_game(arms_of(job)[arm], job.bots, job.seed, index, seed_bits=job.seed_bits)
