"""Fixtures shared by the whole suite."""

import importlib

import pytest
from django.core.cache import caches
from hypothesis import settings

# Real Celery workers, for the tests of simulations on a broker (games and browser).
from tests.games.workers import broker, site_workers_started, workers  # noqa: F401

# No per-example deadline: these machines are shared, and a slow example on a busy
# core is not a bug. Speed is measured in bench/, never in a test.
settings.register_profile("shen", deadline=None)
settings.load_profile("shen")

# The middle of a minute and of an hour: rates count in fixed windows of their period
# (shen_site.throttling), and a test's few requests must never straddle two.
THROTTLE_CLOCK = 1_800_000_030.0


@pytest.fixture(autouse=True)
def empty_cache():
    """Every test starts with empty caches (throttle counters, cached pages)."""
    for cache in caches.all(initialized_only=True):
        cache.clear()
    yield


@pytest.fixture(autouse=True)
def still_throttle_clock(monkeypatch):
    """The throttles' clock stands still (see THROTTLE_CLOCK)."""
    from shen_site.throttling import WindowCounted

    monkeypatch.setattr(WindowCounted, "timer", staticmethod(lambda: THROTTLE_CLOCK))


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def drawn_seed(monkeypatch):
    """``drawn_seed(n)``: the server draws seed ``n`` for the next matches nobody chose a
    seed for (a friend match never takes a chosen one), so a test of one replays alike."""

    def draw(seed: int) -> None:
        monkeypatch.setattr("games.matches.services.drawn_seed", lambda: seed)

    return draw


@pytest.fixture
def named_scenarios(db):
    """The named scenarios of migration 0012, there even after a transactional test
    emptied the tables the migration filled."""
    from django.apps import apps

    named = importlib.import_module("games.migrations.0012_named_scenarios")
    named.add_named(apps, None)
