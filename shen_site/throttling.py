"""Who a client is, and how many requests it made lately: for the API throttles, the
expensive pages and the password-reset limit alike (and the login lockout's username).

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
``shen_site.redis_cache``; for a cached catalogue answer, in the same round trip as
reading it: ``read_counting``). Redis down, a count is made in files again
(``THROTTLE_FALLBACK_COUNTS_DIR``: the workers of one host share them), so the
throttle never fails open. Any other cache works too (the tests' memory cache);
the file cache would read and rewrite a counter, and rewrite it with its default
``TIMEOUT``, which must then be at least the longest period (a day, DRF's longest).
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import BaseCache, caches
from django.http import HttpRequest
from django.utils.connection import ConnectionProxy
from rest_framework import throttling

from shen_site.file_counts import FileCounts
from shen_site.redis_cache import PooledRedisCache

THROTTLE_CACHE = "throttle"
throttle_cache: BaseCache = ConnectionProxy(caches, THROTTLE_CACHE)


@dataclass(frozen=True)
class Window:
    """The window of ``period`` seconds that holds the moment ``now``."""

    period: int
    now: float

    @property
    def number(self) -> int:
        return int(self.now // self.period)

    @property
    def left(self) -> float:
        """Its seconds left after ``now``."""
        return (self.number + 1) * self.period - self.now

    def counter(self, key: str) -> str:
        """The key of ``key``'s counter in this window."""
        return f"{key}:{self.number}"

    @property
    def lifetime(self) -> int:
        """How long a counter is kept: two periods, so it never expires while its window
        still counts."""
        return 2 * self.period


def counted(cache: BaseCache, key: str, period: int, now: float) -> tuple[int, float]:
    """Count one more request under ``key`` in ``cache``, in the window of ``period``
    seconds holding ``now``: the window's count, this one included, and its seconds left."""
    window = Window(period, now)
    windowed = window.counter(key)
    cache = _backend(cache)
    if isinstance(cache, PooledRedisCache):
        # One round trip; the counter expires by itself.
        count = cache.count(windowed, window.lifetime)
        return _or_in_files(count, key, window), window.left
    try:
        count = cache.incr(windowed)
    except ValueError:  # the window's first request (or its counter was culled)
        if cache.add(windowed, 1, timeout=window.lifetime):
            count = 1
            # Nothing reads the last window's counter again; the file cache would keep it
            # until culled.
            cache.delete(f"{key}:{window.number - 1}")
        else:  # another worker added it first
            count = cache.incr(windowed)
    return count, window.left


def _or_in_files(count: int | None, key: str, window: Window) -> int:
    """``count``, or (None: Redis is down) the count made in the fallback files."""
    if count is not None:
        return count
    return FileCounts(settings.THROTTLE_FALLBACK_COUNTS_DIR).count(
        key, window.period, window.number
    )


def count_request(cache: BaseCache, key: str, period: int, now: float) -> tuple[int, float]:
    """``counted``, in files when ``THROTTLE_COUNTS_DIR`` is set, else in ``cache``."""
    directory = settings.THROTTLE_COUNTS_DIR
    if directory is None:
        return counted(cache, key, period, now)
    window = Window(period, now)
    return FileCounts(directory).count(key, period, window.number), window.left


class WindowCounted:
    """For a DRF ``SimpleRateThrottle``: count in windows (see the module) instead of
    keeping each request's time.

    A request is counted once under each key, however many times it is checked: a
    count made before DRF ran (``read_counting``) is kept on the request, and the
    throttle decides on it instead of counting again.
    """

    cache = throttle_cache
    timer = staticmethod(time.time)

    def allow_request(self, request: HttpRequest, view: Any) -> bool:
        if not self.counts(request, view):
            return True
        counts = _counts_of(request)
        if self.key not in counts:
            counts[self.key] = count_request(self.cache, self.key, self.duration, self.timer())
        count, self.remaining = counts[self.key]
        return count <= self.num_requests

    def counts(self, request: HttpRequest, view: Any) -> bool:
        """Does this throttle count ``request`` (under ``self.key``, which it sets)?"""
        if self.rate is None:
            return False
        self.key = self.get_cache_key(request, view)
        return self.key is not None

    def wait(self) -> float:
        return self.remaining


def _backend(cache: BaseCache) -> BaseCache:
    """The cache a ``ConnectionProxy`` (``django.core.cache.cache``) stands for, or ``cache``."""
    if isinstance(cache, ConnectionProxy):
        return cache._connections[cache._alias]
    return cache


# The counts made for a request so far, by throttle key: (count, seconds left in its window).
_COUNTS = "window_counts"


def _counts_of(request: HttpRequest) -> dict[str, tuple[int, float]]:
    # DRF's Request reads the attributes it lacks from Django's request, which keeps them.
    counts = getattr(request, _COUNTS, None)
    if counts is None:
        counts = {}
        setattr(getattr(request, "_request", request), _COUNTS, counts)
    return counts


def read_counting(
    cache: BaseCache, keys: list[str], request: HttpRequest, view_class: type
) -> dict[str, Any]:
    """``cache.get_many(keys)``, counting ``request`` first for the view's window-counted
    throttles (their counts are kept on the request: checking it later counts nothing).

    When ``cache`` and the one throttle's counts are the same Redis, the read and the
    count are one round trip (``PooledRedisCache.get_many_counting``).
    """
    throttles = [throttle() for throttle in view_class.throttle_classes]
    counting = [
        throttle
        for throttle in throttles
        if isinstance(throttle, WindowCounted) and throttle.counts(request, view_class)
    ]
    counts = _counts_of(request)
    cache = _backend(cache)
    if (
        len(counting) == 1
        and settings.THROTTLE_COUNTS_DIR is None
        and isinstance(cache, PooledRedisCache)
        and cache.shares_keys_with(_backend(counting[0].cache))
    ):
        throttle = counting[0]
        window = Window(throttle.duration, throttle.timer())
        found, count = cache.get_many_counting(keys, window.counter(throttle.key), window.lifetime)
        counts[throttle.key] = (_or_in_files(count, throttle.key, window), window.left)
        return found
    for throttle in counting:
        throttle.allow_request(request, view_class)
    return cache.get_many(keys)


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
    """The client's address as the throttle counts it (see the module docstring).

    An X-Forwarded-For entry that is no address (which the client wrote, when more
    proxies are trusted than stand in front) counts as the connection's address: the
    login lockout keeps it in an address column, which PostgreSQL checks (a 500)."""
    ident = throttling.BaseThrottle().get_ident(request)
    try:
        return str(ipaddress.ip_address(ident))
    except ValueError:
        return request.META.get("REMOTE_ADDR", "")


def login_username(request: HttpRequest, credentials: dict | None = None) -> str | None:
    """The username a login attempt is counted under (django-axes' AXES_USERNAME_CALLABLE):
    as sent, without NUL and cut to the column axes keeps it in (255 characters).

    Axes cuts the user agent and path it stores, not the username: a 5,000-character name
    failed inside PostgreSQL, a 500 on the log-in page. No account has so long a name,
    so cutting only merges names that fail anyway."""
    from axes.models import AccessAttempt

    sent = credentials if credentials is not None else request.POST
    username = sent.get(settings.AXES_USERNAME_FORM_FIELD)
    if username is None:
        return None
    length = AccessAttempt._meta.get_field("username").max_length
    return str(username).replace("\x00", "")[:length]
