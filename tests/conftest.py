"""Fixtures shared by the whole suite."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with an empty cache (throttle counters, cached pages)."""
    cache.clear()
    yield


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()
