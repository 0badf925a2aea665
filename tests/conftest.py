"""Fixtures shared by the whole suite."""

import pytest
from django.core.cache import caches

# Real Celery workers, for the tests of simulations on a broker (games and browser).
from tests.games.workers import broker, workers  # noqa: F401


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with empty caches (throttle counters, cached pages)."""
    for cache in caches.all(initialized_only=True):
        cache.clear()
    yield


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()
