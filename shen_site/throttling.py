"""Who a client is, and how many requests it made lately: for the API throttles, the
expensive pages and the password-reset limit alike.

Clients are told apart by address. `SHEN_TRUSTED_PROXIES` (DRF's NUM_PROXIES)
says how many proxies of ours stand in front: with 0, `X-Forwarded-For` is
ignored and the socket's peer is the client, so a made-up header buys nothing.

Requests are counted in fixed windows of the rate's period (a minute for
"600/minute"): one counter per client and window, raised once a request. DRF's own
throttles keep a list of every request's time and read and rewrite it on each
request, which cost more than answering a cached catalogue page. The price of
windows: a client may spend one window's allowance at the end of a window and the
next one's at the start, so at most twice the rate in any one period, never more.

The counters are where every worker sees them, so the rate holds across workers:
without Redis in files (``shen_site.file_counts``, ``THROTTLE_COUNTS_DIR``: one
atomic append a request); with Redis in the throttle cache (one atomic increment,
``shen_site.redis_cache``). Any other cache works too (the tests' memory cache);
the file cache would read and rewrite a counter, and rewrite it with its default
``TIMEOUT``, which must then be at least the longest period (a day, DRF's longest).
"""

from __future__ import annotations

import math
import time
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.http import HttpRequest
from django.utils.connection import ConnectionProxy
from rest_framework import throttling

from shen_site.file_counts import FileCounts

THROTTLE_CACHE = "throttle"
throttle_cache: BaseCache = ConnectionProxy(caches, THROTTLE_CACHE)


def counted(cache: BaseCache, key: str, period: int, now: float) -> tuple[int, float]:
    """Count one more request under ``key`` in ``cache``, in the window of ``period``
    seconds holding ``now``: the window's count, this one included, and its seconds left."""
    window = int(now // period)
    windowed = f"{key}:{window}"
    try:
        count = cache.incr(windowed)
    except ValueError:  # the window's first request (or its counter was culled)
        # Kept two periods, so a counter never expires while its window still counts.
        if cache.add(windowed, 1, timeout=2 * period):
            count = 1
            # Nothing reads the last window's counter again; the file cache would keep it
            # until culled.
            cache.delete(f"{key}:{window - 1}")
        else:  # another worker added it first
            count = cache.incr(windowed)
    return count, (window + 1) * period - now


def count_request(cache: BaseCache, key: str, period: int, now: float) -> tuple[int, float]:
    """``counted``, in files when ``THROTTLE_COUNTS_DIR`` is set, else in ``cache``."""
    directory = settings.THROTTLE_COUNTS_DIR
    if directory is None:
        return counted(cache, key, period, now)
    window = int(now // period)
    return FileCounts(directory).count(key, period, window), (window + 1) * period - now


class WindowCounted:
    """For a DRF ``SimpleRateThrottle``: count in windows (see the module) instead of
    keeping each request's time."""

    cache = throttle_cache
    timer = staticmethod(time.time)

    def allow_request(self, request: HttpRequest, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        count, self.remaining = count_request(self.cache, self.key, self.duration, self.timer())
        return count <= self.num_requests

    def wait(self) -> float:
        return self.remaining


class AnonRateThrottle(WindowCounted, throttling.AnonRateThrottle):
    """DRF's anonymous throttle, counted in windows, in a cache of its own.

    The response cache holds one entry per distinct URL, so anyone can fill it;
    were the counts kept there, culling it would forget them and let a client
    through again.
    """


_PERIODS = {"s": 1, "m": 60, "h": 60 * 60, "d": 24 * 60 * 60}


def seconds_to_wait(key: str, rate: str) -> int | None:
    """Count a request under ``key`` at ``rate`` (DRF's form: "3/hour"): None while within
    the rate, else the whole seconds until the window ends."""
    number, _, period = rate.partition("/")
    count, left = count_request(throttle_cache, key, _PERIODS[period[:1]], WindowCounted.timer())
    return None if count <= int(number) else max(math.ceil(left), 1)


def client_address(request: HttpRequest) -> str:
    """The client's address as the throttle counts it (see the module docstring)."""
    return throttling.BaseThrottle().get_ident(request)
