"""Rate limits for the pages that cost the most to answer or write the most: proxy
sheets, registration sheets and odds tables (``expensive``), and any page or endpoint
given a scope of its own (the replay page, new matches, notes: ``games.matches.limits``).

It is DRF's throttle machinery, one scope a limit, whose rate comes from
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``SHEN_EXPENSIVE_RATE`` and the like):
counted per player when signed in, else per address, for the pages and the API alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from rest_framework.exceptions import Throttled
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from shen_site.throttling import WindowCounted

SCOPE = "expensive"
EXPENSIVE_WHAT = "printed sheets or odds tables asked for"


class ExpensiveRateThrottle(WindowCounted, SimpleRateThrottle):
    """Counts in the throttle's own cache, shared by every worker (shen_site.throttling)."""

    scope = SCOPE

    def __init__(self, scope: str = SCOPE) -> None:
        self.scope = scope
        super().__init__()

    def get_rate(self) -> str | None:
        # Read when asked, not when the class was defined, so settings changes apply.
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request: HttpRequest, view: object) -> str:
        user = getattr(request, "user", None)
        ident = user.pk if user is not None and user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}


def expensive_wait(request: HttpRequest, scope: str = SCOPE) -> int | None:
    """None when the request may go ahead (and counts it); else the seconds to wait."""
    throttle = ExpensiveRateThrottle(scope)
    if throttle.allow_request(request, None):
        return None
    return max(math.ceil(throttle.wait() or 1), 1)


def too_many_message(wait: int, what: str = EXPENSIVE_WHAT) -> str:
    return f"Too many {what} in a short time: try again in {wait} seconds."


def expensive_request_check(
    request: HttpRequest, scope: str = SCOPE, what: str = EXPENSIVE_WHAT
) -> None:
    """For API views: raise DRF's Throttled (a 429 with the wait) when over the rate."""
    if (wait := expensive_wait(request, scope)) is not None:
        raise Throttled(wait=wait, detail=too_many_message(wait, what))


def expensive_page_refusal(
    request: HttpRequest, scope: str = SCOPE, what: str = EXPENSIVE_WHAT
) -> HttpResponse | None:
    """For pages: a 429 saying how long to wait when over the rate, else None."""
    if (wait := expensive_wait(request, scope)) is None:
        return None
    response = HttpResponse(too_many_message(wait, what), status=429, content_type="text/plain")
    response["Retry-After"] = str(wait)
    return response


def throttled_page(
    scope: str, what: str
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Throttle every request to a page view at the rate of ``scope``."""

    def throttling(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def throttled(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
            return expensive_page_refusal(request, scope, what) or view(request, *args, **kwargs)

        return throttled

    return throttling


# Throttle every request to a page view at the ``expensive`` rate.
expensive_page = throttled_page(SCOPE, EXPENSIVE_WHAT)
