"""The anonymous API throttle: one count per client, whatever headers it makes up."""

import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.test import override_settings
from rest_framework.settings import api_settings

from shen_site.throttling import AnonRateThrottle, client_address

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
