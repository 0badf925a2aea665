"""Queueing the site's Celery tasks by name (``games.tasks`` names them).

The modules whose work a task does queue it by name rather than importing the task
module, which imports them: no import cycle. The tasks are registered when the app is
ready (``games.apps``), so a queued task runs eagerly where ``CELERY_TASK_ALWAYS_EAGER``
says so (the tests), and otherwise goes to the broker.
"""

from __future__ import annotations

from typing import Any

from celery.result import AsyncResult

from shen_site.celery import app


def task_queue(name: str, *args: Any) -> AsyncResult:
    """Queue the task ``name`` with ``args``, without retrying a broker that is down (its
    error is the caller's to handle)."""
    return app.tasks[name].apply_async(args, retry=False)
