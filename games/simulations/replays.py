"""A simulated game in the replay viewer: played again from its value into a match record,
by a worker, never in a request.

A job stores each game's summary, not its actions: the game is a function of its
:class:`~games.simulations.games.SimulatedGame` (ruleset, options, decks, bots,
seed, seats), so watching one plays it again (``record_simulated_game``) and saves
the record, with its digests, as an imported match of the viewer's, which the
replay viewer shows. Playing it again may take as long as the job's bots take over
a game (half a minute for two search bots), so a request only asks for it
(``watch_request``: a task, ``games.simulated_game_watch``) and its page waits for
the match. Only a game the job has played may be watched: its arm's chunk is done.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.db.models import F

from games.matches.records import digests_after
from games.models import DIGEST_EVERY, Match, Mode, Status
from games.models.simulations import ChunkStatus, SimulationJob, SimulationKind
from games.play import GAMES
from games.simulations.games import SimulatedGame, record_simulated_game
from games.simulations.services import SimulationError, SimulationUnavailable, game_number
from games.task_queue import task_queue

# How long a queued watch is taken to be on its way. A page asks again after that: the
# task was lost with its worker, or failed (and fails again: the page keeps waiting,
# bounded by its visitor, at one task per this long).
WATCH_MARK_SECONDS = 120


def played_game(job: SimulationJob, index: int, arm: int = 0) -> SimulatedGame:
    """Game ``index`` of the job's arm ``arm``, if the job has played it: SimulationError
    for a game it has not (yet) played or has not got."""
    game = game_number(job, index, arm)
    played = job.chunks.filter(
        arm=arm, status=ChunkStatus.DONE, first_game__lte=index, first_game__gt=index - F("count")
    )
    if not played.exists():
        raise SimulationError(f"This simulation has not played game {index} of that arm.")
    return game


def watched_match(game: SimulatedGame, viewer: AbstractBaseUser) -> Match | None:
    """The match record of ``game`` made for ``viewer`` before, if there is one."""
    decks = [game.decks[game.deck_in_seat(seat)] for seat in (0, 1)]
    earlier = Match.objects.filter(
        owner=viewer, mode=Mode.IMPORTED, seed=game.seed, ruleset=game.ruleset
    ).defer("actions", "digests")
    for made in earlier:
        if made.options == dict(game.options) and made.decks == decks:
            return made
    return None


def watch_request(
    *, job: SimulationJob, index: int, arm: int, viewer: AbstractBaseUser
) -> Match | None:
    """The match record of a played game of ``job`` for ``viewer`` when it is made; until
    then None, and its making asked of a worker (once every WATCH_MARK_SECONDS).
    SimulationError when the job has not played that game, SimulationUnavailable when
    the broker is down."""
    game = played_game(job, index, arm)
    if (match := watched_match(game, viewer)) is not None:
        return match
    if cache.add(_mark(job, index, arm, viewer), True, WATCH_MARK_SECONDS):
        try:
            task_queue("games.simulated_game_watch", job.pk, index, arm, viewer.pk)
        except Exception as error:  # kombu and redis raise many kinds; every one means "down"
            cache.delete(_mark(job, index, arm, viewer))
            raise SimulationUnavailable(
                "The simulation service is unavailable right now (its queue cannot be "
                "reached). Please try again later."
            ) from error
    # Eagerly (tests), the task has made it already.
    return watched_match(game, viewer)


def watch_play(job_id: int, index: int, arm: int, viewer_id: int) -> Match | None:
    """The worker's part of ``watch_request``: the match record made (or found); None
    when the job, its game or the viewer is gone."""
    job = SimulationJob.objects.filter(pk=job_id).first()
    viewer = get_user_model().objects.filter(pk=viewer_id).first()
    if job is None or viewer is None:
        return None
    try:
        return simulated_match(job=job, index=index, arm=arm, viewer=viewer)
    except SimulationError:
        return None
    finally:
        cache.delete(_mark(job, index, arm, viewer))


def simulated_match(
    *, job: SimulationJob, index: int, viewer: AbstractBaseUser, arm: int = 0
) -> Match:
    """The match record of game ``index`` of ``job``'s arm ``arm``, for ``viewer`` to
    watch: the one made before, or a new one (the game played again: slow, a worker's
    work). SimulationError when the job has not played that game."""
    game = played_game(job, index, arm)
    if (made := watched_match(game, viewer)) is not None:
        return made
    decks = [game.decks[game.deck_in_seat(seat)] for seat in (0, 1)]
    record = record_simulated_game(game)
    shen = GAMES["shen"]
    replayed = shen.replay(record.ruleset, record.options, decks, record.seed, record.actions)
    # The decks' records where the arm plays the job's decks as they are (a gauntlet's
    # other pairings play other decks, a card impact's variant a changed deck A).
    same_decks = arm == 0 or job.kind == SimulationKind.RULE_AB
    by_seat = [(job.deck_a, job.version_a), (job.deck_b, job.version_b)]
    if not same_decks:
        by_seat = [(None, None), (None, None)]
    red, blue = (by_seat[game.deck_in_seat(seat)] for seat in (0, 1))
    with transaction.atomic():
        return Match.objects.create(
            owner=viewer,
            mode=Mode.IMPORTED,
            bot_name=" v ".join(record.bots)[:40],
            ruleset=record.ruleset,
            options=record.options,
            seed=record.seed,
            decks=list(record.decks),
            red_deck=red[0],
            blue_deck=blue[0],
            red_version=red[1],
            blue_version=blue[1],
            number=len(record.actions),
            actions=list(record.actions),
            digests=digests_after(shen, [], DIGEST_EVERY, replayed.states, 0),
            digest_every=DIGEST_EVERY,
            status=Status.FINISHED,
            result=record.result,
        )


def _mark(job: SimulationJob, index: int, arm: int, viewer: AbstractBaseUser) -> str:
    return f"simulation-watch:{job.pk}:{arm}:{index}:{viewer.pk}"
