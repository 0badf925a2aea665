"""Celery tasks of the games app: one simulation chunk per task.

Acknowledged late and rejected back to the queue when the worker process running
it dies (settings), so a killed worker's chunk runs again elsewhere; the chunk
itself makes that safe (``games.simulations.chunk_run``).
"""

from __future__ import annotations

from celery import shared_task

from games.simulations import chunk_run


@shared_task(name="games.simulate_chunk", acks_late=True, reject_on_worker_lost=True)
def simulate_chunk(chunk_id: int) -> int:
    """Play and store one chunk of a simulation job; how many games it played (0: it had
    nothing to do: done already, cancelled, or its job is over)."""
    return len(chunk_run(chunk_id))
