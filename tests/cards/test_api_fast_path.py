"""Cache hits are answered before the framework's per-request work, honouring 304, throttles
and users."""

import base64

import pytest
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from cards.models import Card
from tests.factories.cards import AvatarFactory, RealmFactory
from tests.factories.decks import UserFactory

CARDS = "/api/cards/"


@pytest.fixture
def catalogue(db):
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    return AvatarFactory(name="Forge Warden", slug="forge-warden", realm=realm)


@pytest.fixture
def dispatches(monkeypatch) -> list[str]:
    """The paths DRF dispatched (its request wrapping, authentication, negotiation, ...)."""
    seen: list[str] = []
    original = APIView.initial

    def initial(self, request, *args, **kwargs):
        seen.append(request.path)
        return original(self, request, *args, **kwargs)

    monkeypatch.setattr(APIView, "initial", initial)
    return seen


@pytest.mark.parametrize("path", [CARDS, f"{CARDS}forge-warden/", "/api/realms/"])
def test_a_hit_never_reaches_drf(client, catalogue, dispatches, path):
    first = client.get(path)
    second = client.get(path)
    assert dispatches == [path]
    assert second.content == first.content
    assert dict(second.headers) == dict(first.headers)


def test_a_hit_answers_304_with_the_views_headers(client, catalogue, dispatches):
    first = client.get(CARDS)
    again = client.get(CARDS, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    assert again["Vary"] == first["Vary"]
    assert dispatches == [CARDS]


def test_a_hit_answers_304_to_if_modified_since(client, catalogue):
    first = client.get(CARDS)
    again = client.get(CARDS, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"])
    assert again.status_code == 304


def test_a_write_is_seen_by_the_next_hit(client, catalogue):
    client.get(CARDS)
    Card.objects.filter(pk=catalogue.pk).update(name="Forge Keeper")
    AvatarFactory(name="Ash Squire", realm=catalogue.realm)
    assert [c["name"] for c in client.get(CARDS).json()["results"]] == [
        "Ash Squire",
        "Forge Keeper",
    ]


def test_hits_are_throttled(client, catalogue, monkeypatch):
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    statuses = [client.get(CARDS).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]


def test_a_logged_in_user_is_never_answered_from_the_shared_cache(client, catalogue, dispatches):
    client.get(CARDS)
    client.force_login(UserFactory(is_staff=True))
    client.get(CARDS)
    client.get(CARDS)
    assert dispatches == [CARDS, CARDS, CARDS]


def test_basic_authentication_is_never_answered_from_the_shared_cache(
    client, catalogue, dispatches
):
    UserFactory(username="staff", password="pass-word-1", is_staff=True)
    client.get(CARDS)
    token = base64.b64encode(b"staff:pass-word-1").decode()
    client.get(CARDS, HTTP_AUTHORIZATION=f"Basic {token}")
    assert dispatches == [CARDS, CARDS]


def test_the_browsable_api_is_never_stored(client, catalogue, dispatches):
    client.get(CARDS, HTTP_ACCEPT="text/html")
    client.get(CARDS, HTTP_ACCEPT="text/html")
    assert dispatches == [CARDS, CARDS]
