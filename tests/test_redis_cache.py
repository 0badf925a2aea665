"""The Redis cache keeps one client per connection pool (building one a call cost more than
a round trip). Nothing here connects: a client connects on its first command."""

import os

import pytest

from shen_site.redis_cache import PooledRedisCache


def test_one_client_serves_every_call_to_one_server():
    cache = PooledRedisCache("redis://127.0.0.1:6379/9", {})
    client = cache._cache.get_client("a", write=True)
    assert cache._cache.get_client("b") is client
    assert cache._cache.get_client(None, write=True) is client
    assert client.connection_pool is cache._cache._pools[0]


def test_reads_go_to_a_replica_and_writes_to_the_first_server():
    cache = PooledRedisCache("redis://127.0.0.1:6379/9,redis://127.0.0.1:6380/9", {})
    writer = cache._cache.get_client("a", write=True)
    reader = cache._cache.get_client("a")
    assert writer.connection_pool.connection_kwargs["port"] == 6379
    assert reader.connection_pool.connection_kwargs["port"] == 6380
    assert cache._cache.get_client("b") is reader


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (as on CI)")
@pytest.mark.django_db
def test_an_increment_keeps_the_timeout_and_refuses_a_missing_key():
    from django.core.cache import cache

    cache.set("probe-count", 1, 60)
    assert cache.incr("probe-count", 2) == 3
    assert 0 < cache._cache.get_client().ttl(cache.make_key("probe-count")) <= 60
    with pytest.raises(ValueError):
        cache.incr("probe-missing")
    assert cache.get("probe-missing") is None


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (as on CI)")
@pytest.mark.django_db
def test_a_count_makes_its_counter_with_a_lifetime_and_keeps_it():
    from django.core.cache import cache

    assert [cache.count("probe-counter", 60) for _ in range(3)] == [1, 2, 3]
    assert 0 < cache._cache.get_client().ttl(cache.make_key("probe-counter")) <= 60
    assert cache.get("probe-counter") == 3


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (as on CI)")
@pytest.mark.django_db
def test_a_read_that_counts_reads_as_get_many_does():
    from django.core.cache import cache

    cache.set_many({"probe-a": ("tuple", b"bytes"), "probe-b": 0})
    found, count = cache.get_many_counting(["probe-a", "probe-b", "probe-c"], "probe-n", 60)
    assert found == cache.get_many(["probe-a", "probe-b", "probe-c"])
    assert count == 1


def test_caches_share_keys_only_on_the_same_servers_with_the_same_prefix():
    one = PooledRedisCache("redis://127.0.0.1:6379/9", {"KEY_PREFIX": "shen"})
    assert one.shares_keys_with(
        PooledRedisCache("redis://127.0.0.1:6379/9", {"KEY_PREFIX": "shen"})
    )
    assert not one.shares_keys_with(
        PooledRedisCache("redis://127.0.0.1:6379/8", {"KEY_PREFIX": "shen"})
    )
    assert not one.shares_keys_with(
        PooledRedisCache("redis://127.0.0.1:6379/9", {"KEY_PREFIX": "x"})
    )
