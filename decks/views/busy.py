"""A write the database could not take (locked, or gone for a moment): say so, never a 500.

SQLite waits out its busy timeout first (see settings), so this is rare; when it
happens nothing was written, and the player is told to try again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import wraps

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

logger = logging.getLogger(__name__)

WRITE_FAILED = "Could not save: the site is busy. Nothing was changed; please try again."
# Seconds a client should wait before trying again, for the 503's Retry-After.
RETRY_AFTER = "2"


def write_failed(error: OperationalError) -> str:
    """Log the failed write and give the sentence a player sees."""
    logger.warning("Deck write failed, asked the player to try again: %s", error)
    return WRITE_FAILED


def retry_when_busy(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page-posting view whose write fails answers 503 with a page saying try again."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except OperationalError as error:
            response = render(
                request, "decks/busy.html", {"message": write_failed(error)}, status=503
            )
            response["Retry-After"] = RETRY_AFTER
            return response

    return wrapped
