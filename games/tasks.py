"""Celery tasks of the games app: one simulation chunk per task, a simulated game played
again for the replay viewer, and a bot's turn in a bot match (on a queue of its own:
settings).

Acknowledged late and rejected back to the queue when the worker process running
it dies (settings), so a killed worker's task runs again elsewhere; the work itself
makes that safe (``games.simulations.services.chunk_run``,
``games.matches.bot_turns.bot_turns_play``).
"""

from __future__ import annotations

import logging

from celery import current_app, shared_task
from celery.signals import worker_ready
from django.db import OperationalError

from games.matches.bot_turns import bot_turns_play
from games.simulations.replays import watch_play
from games.simulations.services import (
    SimulationUnavailable,
    chunk_followed,
    chunk_run,
    simulations_resume,
)

logger = logging.getLogger(__name__)

# Both tasks are idempotent, so a worker process that dies gives its task back to the
# queue, and a busy or briefly unreachable database has the task tried again rather
# than left half-begun.
IDEMPOTENT = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": (OperationalError,),
    "retry_backoff": True,
}


@shared_task(
    name="games.simulate_chunk",
    max_retries=8,
    # The broker down when the job's next chunks are queued: tried again (the chunk
    # itself, done, is not played twice).
    **{**IDEMPOTENT, "autoretry_for": (OperationalError, SimulationUnavailable)},
)
def simulate_chunk(chunk_id: int) -> int:
    """Play and store one chunk of a simulation job, then queue its job's next chunks;
    how many games it played (0: it had nothing to do: done already, cancelled, or its
    job is over)."""
    played = len(chunk_run(chunk_id))
    chunk_followed(chunk_id)
    return played


@worker_ready.connect
def chunks_resume(sender, **kwargs) -> None:
    """On the filesystem broker, a starting worker queues again what unfinished jobs wait
    for: a worker killed outright lost the messages it held (Redis redelivers those)."""
    app = getattr(sender, "app", None) or current_app
    if not str(app.conf.broker_url).startswith("filesystem:"):
        return
    # A worker of the bots' queue alone (runsite starts one) leaves the chunks alone.
    if app.conf.task_default_queue not in app.amqp.queues.consume_from:
        return
    with app.connection_for_write() as connection:
        # The chunks' queue only: a bot's turn waiting in its own queue is still wanted.
        connection.default_channel.queue_purge(app.conf.task_default_queue)
    logger.info("Queued %d simulation chunks again", simulations_resume())


@shared_task(name="games.bot_turn", max_retries=5, **IDEMPOTENT)
def bot_turn(match_id: int, number: int) -> int:
    """The bot of a bot match answers its decisions from state ``number`` on; how many
    (0: the match had moved on or was over, or the decision was not the bot's)."""
    return bot_turns_play(match_id, number)


@shared_task(name="games.simulated_game_watch", max_retries=3, **IDEMPOTENT)
def simulated_game_watch(job_id: int, index: int, arm: int, viewer_id: int) -> int:
    """Play a simulation's game again into a match record for its viewer to watch (on the
    simulations' queue: as slow as the job's bots); the match's id (0: nothing to make)."""
    match = watch_play(job_id, index, arm, viewer_id)
    return match.pk if match is not None else 0
