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
