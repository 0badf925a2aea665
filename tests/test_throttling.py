"""The anonymous API throttle: one count per client, whatever headers it makes up."""

import os
import uuid

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache.backends.locmem import LocMemCache
from django.test import override_settings
from rest_framework.settings import api_settings

from shen_site.throttling import AnonRateThrottle, client_address, counted, read_counting

pytestmark = pytest.mark.django_db

REALMS = "/api/realms/"


@pytest.fixture
def three_a_minute(monkeypatch):
    # The throttle reads its rates once at import; patch the class, not the settings.
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    monkeypatch.setattr(AnonRateThrottle, "cache", LocMemCache(f"throttle-{uuid.uuid4()}", {}))


def forwarded_for_someone_new() -> dict:
    return {"HTTP_X_FORWARDED_FOR": f"203.0.113.{uuid.uuid4().int % 250}, 198.51.100.7"}


def test_made_up_forwarded_for_does_not_escape_the_throttle(api_client, three_a_minute):
    statuses = [api_client.get(REALMS, **forwarded_for_someone_new()).status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 429, 429]


@pytest.fixture
def one_trusted_proxy():
    with override_settings(REST_FRAMEWORK={"NUM_PROXIES": 1}):
        assert api_settings.NUM_PROXIES == 1
        yield


def test_behind_a_trusted_proxy_each_forwarded_client_counts_apart(
    api_client, three_a_minute, one_trusted_proxy
):
    first = {"HTTP_X_FORWARDED_FOR": "198.51.100.1"}
    second = {"HTTP_X_FORWARDED_FOR": "198.51.100.2"}
    assert [api_client.get(REALMS, **first).status_code for _ in range(4)][-1] == 429
    assert api_client.get(REALMS, **second).status_code == 200


def test_behind_a_trusted_proxy_only_the_address_it_saw_counts(rf, one_trusted_proxy):
    # The client may prepend anything; the proxy appends the address it really saw.
    request = rf.get("/", HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.9", REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "198.51.100.9"


def test_without_trusted_proxies_the_socket_peer_is_the_client(rf):
    request = rf.get("/", HTTP_X_FORWARDED_FOR="1.2.3.4", REMOTE_ADDR="10.0.0.2")
    assert client_address(request) == "10.0.0.2"


# --- Counting in windows -------------------------------------------------------------


@pytest.fixture
def counts() -> LocMemCache:
    return LocMemCache(f"counts-{uuid.uuid4()}", {})


def test_a_window_counts_each_request_and_says_how_long_it_has_left(counts):
    assert counted(counts, "client", 60, 600.0) == (1, 60.0)
    assert counted(counts, "client", 60, 615.0) == (2, 45.0)
    assert counted(counts, "other", 60, 615.0) == (1, 45.0)


def test_the_next_window_starts_again_and_forgets_the_last(counts):
    counted(counts, "client", 60, 600.0)
    counted(counts, "client", 60, 610.0)
    assert counted(counts, "client", 60, 660.0) == (1, 60.0)
    assert counts.get("client:10") is None


def _anonymous(rf, address: str = "198.51.100.4"):
    request = rf.get(REALMS, REMOTE_ADDR=address)
    request.user = AnonymousUser()
    return request


def test_the_throttle_refuses_with_the_seconds_its_window_has_left(rf, three_a_minute):
    throttle = AnonRateThrottle()
    throttle.timer = lambda: 1_800_000_010.0  # ten seconds into a minute
    assert [throttle.allow_request(_anonymous(rf), None) for _ in range(4)] == [True] * 3 + [False]
    assert throttle.wait() == 50.0


def test_a_request_checked_twice_is_counted_once(rf, three_a_minute):
    request = _anonymous(rf)
    assert all(AnonRateThrottle().allow_request(request, None) for _ in range(5))
    assert [AnonRateThrottle().allow_request(_anonymous(rf), None) for _ in range(3)] == [
        True,
        True,
        False,
    ]


class Catalogue:
    """Stands for a view class: its throttles are the anonymous one."""

    throttle_classes = [AnonRateThrottle]


def test_a_read_counts_the_request_once_for_the_views_throttles(rf, three_a_minute):
    reads = [_anonymous(rf) for _ in range(4)]
    for request in reads:
        read_counting(LocMemCache(f"r-{uuid.uuid4()}", {}), ["a"], request, Catalogue)
    # DRF's check of each request (a miss) finds it counted already.
    assert [AnonRateThrottle().allow_request(request, None) for request in reads] == [
        True,
        True,
        True,
        False,
    ]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs Redis (as on CI)")
def test_on_redis_a_read_and_its_count_are_one_round_trip(rf, monkeypatch):
    from django.core.cache import cache
    from redis.connection import Connection

    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    cache.set("entry", ("generation", b"content"))
    sends = []
    send = Connection.send_packed_command

    def recorded(self, *args, **kwargs):
        sends.append(args)
        return send(self, *args, **kwargs)

    monkeypatch.setattr(Connection, "send_packed_command", recorded)
    requests = [_anonymous(rf, "198.51.100.9") for _ in range(4)]
    found = [read_counting(cache, ["entry", "missing"], r, Catalogue) for r in requests]
    assert found == [{"entry": ("generation", b"content")}] * 4
    assert len(sends) == 4
    allowed = [AnonRateThrottle().allow_request(request, None) for request in requests]
    assert allowed == [True, True, True, False]
    assert len(sends) == 4  # DRF's checks counted nothing more


# --- Redis down ------------------------------------------------------------------------


@pytest.fixture
def redis_down(settings, tmp_path, monkeypatch):
    """The throttle cache is a Redis where nothing listens; the fallback counts in tmp_path."""
    from shen_site.redis_cache import TolerantRedisCache

    settings.THROTTLE_FALLBACK_COUNTS_DIR = str(tmp_path)
    down = TolerantRedisCache("redis://127.0.0.1:1/8", {"OPTIONS": {"socket_connect_timeout": 0.5}})
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    monkeypatch.setattr(AnonRateThrottle, "cache", down)
    return down


def test_with_redis_down_the_throttle_counts_in_files_and_still_refuses(rf, redis_down):
    """It let 700 requests through in 3.5 s: a count it could not make was always 1."""
    assert [counted(redis_down, "client", 60, 600.0)[0] for _ in range(3)] == [1, 2, 3]
    allowed = [AnonRateThrottle().allow_request(_anonymous(rf), None) for _ in range(4)]
    assert allowed == [True] * 3 + [False]


def test_with_redis_down_a_read_counts_in_files_too(rf, redis_down):
    reads = [_anonymous(rf) for _ in range(4)]
    for request in reads:
        assert read_counting(redis_down, ["a"], request, Catalogue) == {}
    assert [AnonRateThrottle().allow_request(request, None) for request in reads] == [
        True,
        True,
        True,
        False,
    ]
