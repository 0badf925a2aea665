"""The Redis cache, tolerant of Redis being down: a read is a miss, a write is skipped.

The cache only ever saves work (cached pages, positions, throttle counts), so
with Redis unreachable the catalogue, decks and matches keep serving, slower and
unthrottled, instead of answering 500. Connections time out quickly
(``OPTIONS`` in settings) so a request never hangs on a dead Redis; a warning is
logged at most once a minute per process.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from shen_site.redis_cache import PooledRedisCache

logger = logging.getLogger(__name__)
DOWN = (RedisConnectionError, RedisTimeoutError)
WARN_EVERY_SECONDS = 60


def _tolerant(method: Callable[..., Any], fallback: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(method)
    def call(self: TolerantRedisCache, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except DOWN as error:
            self.warn_down(error)
            return fallback(*args, **kwargs)

    return call


def _default(key: Any, default: Any = None, *args: Any, **kwargs: Any) -> Any:
    return default


def _nothing(*args: Any, **kwargs: Any) -> None:
    return None


class TolerantRedisCache(PooledRedisCache):
    """Our Redis cache (one client per connection pool); Redis down, it behaves as an
    empty cache that keeps nothing."""

    _warned_at = -float("inf")

    def warn_down(self, error: Exception) -> None:
        now = time.monotonic()
        if now - self._warned_at >= WARN_EVERY_SECONDS:
            type(self)._warned_at = now
            logger.warning("Redis is unreachable; the cache is bypassed: %s", error)

    get = _tolerant(RedisCache.get, _default)
    get_many = _tolerant(RedisCache.get_many, lambda *args, **kwargs: {})
    has_key = _tolerant(RedisCache.has_key, lambda *args, **kwargs: False)
    add = _tolerant(RedisCache.add, lambda *args, **kwargs: False)
    set = _tolerant(RedisCache.set, _nothing)
    set_many = _tolerant(RedisCache.set_many, lambda *args, **kwargs: [])
    touch = _tolerant(RedisCache.touch, lambda *args, **kwargs: False)
    delete = _tolerant(RedisCache.delete, lambda *args, **kwargs: False)
    delete_many = _tolerant(RedisCache.delete_many, _nothing)
    clear = _tolerant(RedisCache.clear, lambda *args, **kwargs: False)
    # A counter that cannot be read starts again (as a new key would).
    incr = _tolerant(RedisCache.incr, lambda key, delta=1, *args, **kwargs: delta)
    decr = _tolerant(RedisCache.decr, lambda key, delta=1, *args, **kwargs: -delta)
