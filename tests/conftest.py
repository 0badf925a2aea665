"""Fixtures shared by the whole suite."""

import pytest
from django.core.cache import caches
from hypothesis import settings

# No per-example deadline: these machines are shared, and a slow example on a busy
# core is not a bug. Speed is measured in bench/, never in a test.
settings.register_profile("shen", deadline=None)
settings.load_profile("shen")


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
