"""Celery tasks of the games app: one simulation chunk per task.

Acknowledged late and rejected back to the queue when the worker process running
it dies (settings), so a killed worker's chunk runs again elsewhere; the chunk
itself makes that safe (``games.simulations.chunk_run``).
"""

from __future__ import annotations

import logging

from celery import current_app, shared_task
from celery.signals import worker_ready
from django.db import OperationalError

from games.simulations import chunk_run, simulations_resume

logger = logging.getLogger(__name__)


@shared_task(
    name="games.simulate_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    # A busy or briefly unreachable database: the chunk is queued again (it is
    # idempotent) rather than left half-begun.
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    max_retries=8,
)
def simulate_chunk(chunk_id: int) -> int:
    """Play and store one chunk of a simulation job; how many games it played (0: it had
    nothing to do: done already, cancelled, or its job is over)."""
    return len(chunk_run(chunk_id))


@worker_ready.connect
def chunks_resume(sender, **kwargs) -> None:
    """On the filesystem broker, a starting worker queues again what unfinished jobs wait
    for: a worker killed outright lost the messages it held (Redis redelivers those)."""
    app = getattr(sender, "app", None) or current_app
    if not str(app.conf.broker_url).startswith("filesystem:"):
        return
    with app.connection_for_write() as connection:
        app.control.purge(connection=connection)
    logger.info("Queued %d simulation chunks again", simulations_resume())
