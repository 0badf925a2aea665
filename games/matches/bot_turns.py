"""The bot's turns in a bot match: answered by a Celery task, never in a player's request.

Once the player's action is stored, the bot's decisions are asked of a task
(``games.tasks.bot_turn``) on a queue of its own, so that a bot never waits behind
a simulation's chunks. The task plays them with :func:`match_bot_move`,
a second or so at a time, and the page picks them up through its live polling.

A task names the match and the state number it was queued for, and does nothing
once the match has moved on; any task, run any number of times, makes the same
decisions, so a task queued twice costs only time. While a task is on a decision
it keeps a mark in the cache; a page showing the bot to decide asks again
(:func:`bot_turns_resume`) when there is no mark, so a task lost with its worker or
its broker holds a match up for :data:`MARK_SECONDS` at most, never for good.

When the broker cannot take a task, the bot answers in the request instead: a
player would rather wait a few seconds once (the answers are bounded by
``MAX_BOT_ACTIONS``) than see the match stop with a message until someone mends
the broker.

When the broker takes the tasks but no worker does (a site started without one, a
worker crashed), nothing answers: once the bot has gone :data:`UNANSWERED_SECONDS`
without a move (:func:`bot_unanswered`), the page says so, and a player of the match
may have the bot answer in that request (:func:`bot_turns_play_here`), as with the
broker down.
"""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from functools import partial

from celery.result import EagerResult
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from games.matches.errors import MatchConflict, MatchForbidden
from games.matches.record_writes import record_extend
from games.matches.records import Position, game_of, match_position
from games.matches.seats import seats_of
from games.models import Match, Mode, Status
from games.play import RecordMismatch
from games.task_queue import task_queue

logger = logging.getLogger(__name__)

# How long a task is taken to be on a decision after it was queued or last wrote. A
# page asks again after that: the task was lost (its worker killed, the filesystem
# broker emptied at a worker's start), or is still waiting behind busy workers, and
# then the second one finds the match moved on and does nothing.
MARK_SECONDS = 20
# How long the bot may go without a move before its page says its service seems not to
# be answering. A working bot writes its moves about every second (services'
# BOT_WRITE_SECONDS); after MARK_SECONDS a page asks for its task again, and a worker
# answers that within seconds. As long again without a move: that task found nothing
# done either.
UNANSWERED_SECONDS = 2 * MARK_SECONDS

# A bot answers its decisions in a Celery task (games.matches.bot_turns), never in the request
# that handed it the turn; a Shén turn is a few dozen decisions, so this bound on one
# task's decisions is only reached by an engine bug.
MAX_BOT_ACTIONS = 1_000
# The bot's decisions are written as it goes, about this often: the player watches a slow
# bot's turn move along, and a task lost with its worker has lost little.
BOT_WRITE_SECONDS = 1.0


def bot_seat(match: Match) -> int | None:
    """The seat the bot plays in a bot match (the one without a user); None otherwise."""
    if match.mode != Mode.BOT:
        return None
    return 0 if match.red_user_id is None else 1


def bot_to_decide(match: Match, acting: int | None) -> bool:
    """Whether the match waits for its bot: a bot match in play whose seat ``acting``
    (the engine's acting seat now) is the bot's."""
    return match.status == Status.PLAYING and acting is not None and acting == bot_seat(match)


def bot_unanswered(match: Match) -> bool:
    """For a match whose bot is to decide: whether it has gone :data:`UNANSWERED_SECONDS`
    without a move (the match's last write, whoever made it, handed it the decision or
    was its last move)."""
    return timezone.now() - match.updated_at >= timedelta(seconds=UNANSWERED_SECONDS)


def bot_turns_hand_over(match: Match, position: Position) -> None:
    """When the bot is to decide at ``position`` (just written), ask for its task once
    the write commits (a task queued before would not find it)."""
    if bot_to_decide(match, game_of(match).acting_seat(position.state)):
        transaction.on_commit(partial(bot_turns_request, match))


def bot_turns_request(match: Match) -> bool:
    """Queue the task that answers the bot's decisions from ``match``'s state on. True
    when they were answered here instead (the broker refused the task, or tasks run
    eagerly); ``match`` is then read again, with the bot's answers."""
    _mark(match.pk, match.number)
    try:
        queued = task_queue("games.bot_turn", match.pk, match.number)
    except Exception:  # kombu and redis raise many kinds; every one means "down"
        logger.warning(
            "The broker did not take the bot's turn of match %s; it is played in the request",
            match.pk,
            exc_info=True,
        )
        bot_turns_play(match.pk, match.number)
    else:
        if not isinstance(queued, EagerResult):
            return False
    match.refresh_from_db()
    return True


def bot_turns_resume(match_id: int, number: int) -> bool:
    """For a page showing match ``match_id`` at state ``number`` with its bot to decide:
    queue the bot's task again unless one is known to be on it. True when the bot answered
    here (see :func:`bot_turns_request`). Costs a cache read while a task is on it."""
    if cache.get(_mark_key(match_id, number)) is not None:
        return False
    match = Match.objects.filter(pk=match_id, number=number, mode=Mode.BOT).first()
    if match is None:
        return False
    try:
        acting = game_of(match).acting_seat(match_position(match).state)
    except RecordMismatch:
        return False
    if not bot_to_decide(match, acting):
        return False
    logger.info(
        "Match %s waits for its bot at state %s: its task is queued again", match_id, number
    )
    return bot_turns_request(match)


def bot_turns_play_here(*, match: Match, user: AbstractBaseUser) -> Match:
    """A player of ``match`` has its bot, unanswered (:func:`bot_unanswered`), answer in
    this request, as when the broker is down: the same decisions a worker would make
    (each seeded by the match and the state), bounded by ``MAX_BOT_ACTIONS`` and written
    only over the state they were made on, so a worker answering meanwhile costs nothing
    but time. ``match`` is read again, with the bot's answers. Raises MatchForbidden for
    anyone else, MatchConflict when the bot is not to decide or is answering."""
    if not seats_of(match, user):
        raise MatchForbidden("Only a player of this match can have its bot move.")
    try:
        acting = game_of(match).acting_seat(match_position(match).state)
    except RecordMismatch as mismatch:
        raise MatchConflict(str(mismatch)) from None
    if not bot_to_decide(match, acting):
        raise MatchConflict("The bot has no decision to make: nothing was played.")
    if not bot_unanswered(match):
        raise MatchConflict("The bot is answering: its moves appear here as it makes them.")
    bot_turns_play(match.pk, match.number)
    match.refresh_from_db()
    return match


def bot_turns_play(match_id: int, number: int) -> int:
    """The task's work: the bot answers its decisions from state ``number`` on, written as
    it goes, until it is someone else's decision, the match is over or has moved on, or
    ``MAX_BOT_ACTIONS``; how many it answered. Safe to run twice: the second finds the
    match moved on and answers none."""
    played = 0
    while played < MAX_BOT_ACTIONS:
        _mark(match_id, number)
        try:
            moved = match_bot_move(match_id=match_id, number=number)
        except RecordMismatch as mismatch:
            logger.error("Match %s no longer replays; its bot cannot move: %s", match_id, mismatch)
            moved = 0
        if not moved:
            break
        played += moved
        number += moved
    return played


def _mark(match_id: int, number: int) -> None:
    cache.set(_mark_key(match_id, number), True, MARK_SECONDS)


def _mark_key(match_id: int, number: int) -> str:
    return f"games:bot-turn:{match_id}:{number}"


def match_bot_move(*, match_id: int, number: int, seconds: float = BOT_WRITE_SECONDS) -> int:
    """The bot of match ``match_id`` answers its decisions from state ``number`` on, for
    about ``seconds`` of thinking (at least one decision), and they are written; how many
    (0: nothing to do: no such bot match in play, it moved on from ``number``, or the
    decision is not the bot's).

    The bot thinks without holding anything; then the row is locked and written only if
    no one wrote it meanwhile (an undo, a resignation, another task). The bot of each
    decision is seeded by the match and the state number, so any task, run any number of
    times in any process, makes the same decisions. Raises RecordMismatch when the record
    no longer replays (no task can help that match)."""
    match = Match.objects.filter(pk=match_id, mode=Mode.BOT, status=Status.PLAYING).first()
    if match is None or match.number != number:
        return 0
    game = game_of(match)
    position = match_position(match)
    seat = bot_seat(match)
    applied: list[dict] = []
    states = []
    deadline = time.monotonic() + seconds
    while game.acting_seat(position.state) == seat and len(applied) < MAX_BOT_ACTIONS:
        if applied and time.monotonic() > deadline:
            break
        bot = game.bot(match.bot_name, _bot_seed(match.seed, position.number))
        action = bot.choose(position.state)
        state, events = game.apply(position.state, action)
        position = position.followed_by(state, events)
        applied.append(game.action_to_json(action))
        states.append(state)
    if not applied:
        return 0
    with transaction.atomic():
        locked = Match.objects.select_for_update().filter(pk=match.pk)
        if locked.values_list("revision", flat=True).first() != match.revision:
            return 0
        record_extend(match, position, applied, states)
    return len(applied)


def _bot_seed(seed: int, number: int) -> int:
    # One bot per decision, seeded by the match and the state: the same match record
    # always gets the same bot answers, in any process.
    return seed * 1_000_003 + number
