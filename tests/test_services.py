"""The site talks to the services its settings name: on CI, real PostgreSQL and Redis."""

import os

from django.conf import settings
from django.core.cache import cache
from django.db import connection

from shen_site.celery import app as celery_app


def test_database_is_the_one_configured():
    expected = "postgresql" if os.environ.get("DATABASE_URL") else "sqlite"
    assert connection.vendor == expected


def test_cache_stores_and_returns_a_value():
    cache.set("shen:probe", {"counters": 3}, timeout=30)
    assert cache.get("shen:probe") == {"counters": 3}


def test_cache_backend_follows_redis_url():
    backend = settings.CACHES["default"]["BACKEND"]
    assert backend.endswith("RedisCache") == bool(os.environ.get("REDIS_URL"))


def test_celery_uses_redis_when_configured_and_the_filesystem_otherwise():
    expected = "redis" if os.environ.get("REDIS_URL") else "filesystem"
    assert celery_app.conf.broker_url.startswith(expected)
    with celery_app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=2)
        assert broker.connected
