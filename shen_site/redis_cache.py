"""Django's Redis cache, with one redis-py client per connection pool instead of one a call,
and an increment in one round trip.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` for every cache operation.
The object is only a handle on the connection pool (connections are pooled either
way), but building one fills a table of some 170 response callbacks, which cost
more than the round trip to a local Redis: two of them on every catalogue cache
hit. A ``redis.Redis`` is safe to share between threads (each command takes a
connection from the pool) and after a fork (the pool checks its process id), so
this client keeps one per pool.

Django's ``incr`` asks whether the key exists, then increments it: two round trips
(every throttled request makes one), and a counter that expired in between comes
back without a timeout. Here a server-side script does both at once; and ``count``
makes a throttle's counter or counts one more on it in one script, which
``get_many_counting`` sends in the same round trip as a ``get_many`` (the catalogue's
cached answers, read and throttled at once).

The backend the settings name, ``TolerantRedisCache``, is also tolerant of Redis
being down: a read is a miss, a write is skipped. The cache only ever saves work
(cached pages, positions, throttle counts), so with Redis unreachable the
catalogue, decks and matches keep serving, slower and unthrottled, instead of
answering 500. Connections time out quickly (``OPTIONS`` in settings) so a
request never hangs on a dead Redis; a warning is logged at most once a minute
per process.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

# Increment the key if it exists (its timeout kept); nil when it does not.
_INCR_EXISTING = """
if redis.call('exists', KEYS[1]) == 1 then
  return redis.call('incrby', KEYS[1], ARGV[1])
end
return false
"""
# Count one more on a counter; a new counter lives ARGV[1] seconds.
_COUNT = """
local count = redis.call('incr', KEYS[1])
if count == 1 then
  redis.call('expire', KEYS[1], ARGV[1])
end
return count
"""


class PooledRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}
        self._incr_existing: Any = None

    def incr(self, key: str, delta: int) -> int:
        client = self.get_client(key, write=True)
        if self._incr_existing is None:
            # Run by its digest (EVALSHA), loaded into the server once when it lacks it.
            self._incr_existing = client.register_script(_INCR_EXISTING)
        value = self._incr_existing(keys=[key], args=[delta], client=client)
        if value is None:
            raise ValueError(f"Key '{key}' not found.")
        return value

    def count(self, key: str, timeout: int) -> int:
        # EVAL, not EVALSHA: redis-py checks a pipeline's scripts with a round trip of
        # its own, and Redis keeps the compiled script either way.
        return self.get_client(key, write=True).eval(_COUNT, 1, key, timeout)

    def get_many_counting(
        self, keys: list[str], counter: str, timeout: int
    ) -> tuple[dict[str, Any], int]:
        # Both on the server that takes writes, where the counter is.
        pipeline = self.get_client(counter, write=True).pipeline(transaction=False)
        pipeline.mget(keys)
        pipeline.eval(_COUNT, 1, counter, timeout)
        values, count = pipeline.execute()
        pairs = zip(keys, values, strict=True)
        return {key: self._serializer.loads(v) for key, v in pairs if v is not None}, count

    def get_client(self, key: str | None = None, *, write: bool = False) -> Any:
        # The index picks the server (the first for writes, a replica for reads); asking
        # _get_connection_pool would draw a replica again, so the pool is made here.
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            if index not in self._pools:
                self._pools[index] = self._pool_class.from_url(
                    self._servers[index], **self._pool_options
                )
            client = self._clients[index] = self._client(connection_pool=self._pools[index])
        return client


class PooledRedisCache(RedisCache):
    """``RedisCache`` using ``PooledRedisCacheClient`` (see the module)."""

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = PooledRedisCacheClient

    def count(self, key: str, timeout: int) -> int:
        """One more on the counter ``key`` (made with ``timeout`` seconds to live when
        new): its count, in one round trip."""
        return self._cache.count(self.make_and_validate_key(key), timeout)

    def get_many_counting(
        self, keys: list[str], counter: str, timeout: int
    ) -> tuple[dict[str, Any], int]:
        """``get_many(keys)`` and ``count(counter, timeout)``, in one round trip."""
        made = {self.make_and_validate_key(key): key for key in keys}
        found, count = self._cache.get_many_counting(
            list(made), self.make_and_validate_key(counter), timeout
        )
        return {made[key]: value for key, value in found.items()}, count

    def shares_keys_with(self, other: Any) -> bool:
        """Is ``other`` a cache of this kind whose keys are this one's, on the same servers
        (so that one round trip may serve both)?"""
        return (
            type(other) is type(self)
            and other._servers == self._servers
            and other.make_key("k") == self.make_key("k")
        )


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
    # A count that cannot be made is None, never 1: the throttle then counts elsewhere
    # (shen_site.throttling) rather than let everything through.
    count = _tolerant(PooledRedisCache.count, _nothing)
    get_many_counting = _tolerant(PooledRedisCache.get_many_counting, lambda *a, **k: ({}, None))
