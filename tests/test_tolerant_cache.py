"""The Redis cache with Redis down: every operation a miss or a no-op, never an error."""

from shen_site.redis_cache import TolerantRedisCache


def test_a_dead_redis_is_an_empty_cache_that_keeps_nothing():
    cache = TolerantRedisCache(
        "redis://127.0.0.1:1/8", {"OPTIONS": {"socket_connect_timeout": 0.5}}
    )
    cache.set("key", "value")
    assert cache.get("key") is None
    assert cache.get("key", "default") == "default"
    assert cache.get_many(["key"]) == {}
    assert cache.add("key", 1) is False
    assert cache.has_key("key") is False
    assert cache.incr("counter", 3) == 3
    # A count it cannot make is None, for the throttle to make elsewhere (never a pass).
    assert cache.count("counter", 60) is None
    assert cache.get_many_counting(["key"], "counter", 60) == ({}, None)
    assert cache.delete("key") is False
    cache.set_many({"a": 1})
    cache.delete_many(["a"])
    cache.clear()
