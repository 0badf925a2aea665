"""How often a player (or, signed out, an address) may ask the match pages for what costs
the most: states of a replay, new matches, notes.

Each is a scope of the ``expensive`` pages' machinery (``decks.throttling``), its rate in
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (README "Configuration"): over it, a 429
saying how long to wait, for pages and the API alike.
"""

from __future__ import annotations

from typing import NamedTuple

from django.http import HttpRequest, HttpResponse

from decks.throttling import expensive_page_refusal, expensive_request_check, throttled_page


class Limit(NamedTuple):
    """A rate's scope and, for its refusal, what was asked for too often."""

    scope: str
    what: str


REPLAY_STATES = Limit("replay", "replay states asked for")
REPLAY_WINDOWS = Limit("replay_window", "replay windows asked for")
NEW_MATCHES = Limit("new_match", "new matches started")
NOTES = Limit("note", "notes added")


def limit_refusal(request: HttpRequest, limit: Limit) -> HttpResponse | None:
    """For pages: counts ``request``; a 429 when over ``limit``'s rate, else None."""
    return expensive_page_refusal(request, *limit)


def limit_check(request: HttpRequest, limit: Limit) -> None:
    """For API views: counts ``request``; DRF's Throttled (a 429) when over the rate."""
    expensive_request_check(request, *limit)


# The replay page rebuilds a state per request: at most its rate of them.
replay_states_throttled = throttled_page(*REPLAY_STATES)
# A window of a replay's states (games.matches.views.replays.replay_window): one walk
# through the record, a table drawn a state.
replay_windows_throttled = throttled_page(*REPLAY_WINDOWS)
