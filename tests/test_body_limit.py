"""A request body over its limit is refused by its declared length, before anything reads it:
a 413, JSON under /api/ and text elsewhere (shen_site.body_limit)."""

import io
import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.matches.replays import MAX_REPLAY_REQUEST_BYTES
from shen_site.json_input import BodyTooLong, BoundedJSONParser
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

MIB = 1024 * 1024


@pytest.fixture
def player_api():
    client = APIClient()
    client.force_authenticate(UserFactory(username="carol"))
    return client


def declared(client, path, length, content_type="application/json"):
    """POST to ``path`` an empty body declared ``length`` bytes long: any read past the
    empty body fails (Django's test payload refuses it), so only a refusal made on the
    declared length answers."""
    return client.generic("POST", path, b"", content_type, CONTENT_LENGTH=str(length))


def test_an_api_body_declared_over_one_mib_is_a_413_before_it_is_read(player_api):
    # Someone else's match, or none: the length is refused before the 404.
    response = declared(player_api, "/api/matches/999999/act/", MIB + 1)
    assert response.status_code == 413
    assert response.json()["detail"] == f"The request body is {MIB + 1} bytes; the limit is 1 MiB."


def test_a_page_upload_declared_over_the_limit_is_a_413_before_the_csrf_check_reads_it():
    # The CSRF check parses a form body; a 20 MB deck import waited for all of it.
    browser = Client(enforce_csrf_checks=True)
    response = declared(browser, "/decks/import/", 20 * MIB, "multipart/form-data; boundary=x")
    assert response.status_code == 413
    assert response["Content-Type"].startswith("text/plain")
    assert "the limit is 1 MiB" in response.content.decode()


def test_a_body_of_exactly_the_limit_is_read(player_api):
    body = json.dumps({"pad": "x" * (MIB - 20)}).encode()
    body += b" " * (MIB - len(body))
    response = player_api.post("/api/matches/", body, content_type="application/json")
    assert response.status_code == 400  # read and refused as a match, not as a length


def test_the_replay_import_takes_its_documented_larger_limit(player_api):
    inside = declared(player_api, "/api/matches/import/", MAX_REPLAY_REQUEST_BYTES + 1)
    assert inside.status_code == 413
    assert "the limit is 5184 KiB" in inside.json()["detail"]
    body = json.dumps({"pad": "x" * (2 * MIB)})
    response = player_api.post("/api/matches/import/", body, content_type="application/json")
    assert response.status_code == 400 and "replay file" in response.json()["detail"]


@pytest.mark.parametrize("length", ["abc", "-1", "1e9"])
def test_a_content_length_that_is_no_length_is_a_400(player_api, length):
    response = player_api.generic(
        "POST", "/api/matches/", b"", "application/json", CONTENT_LENGTH=length
    )
    assert response.status_code == 400


class CountedStream(io.BytesIO):
    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.asked: list[int] = []

    def read(self, size: int | None = -1) -> bytes:
        self.asked.append(size)
        return super().read(size)


def test_the_json_parser_reads_no_more_than_one_byte_past_the_limit(settings):
    settings.MAX_BODY_BYTES = 1024
    stream = CountedStream(b"[" + b"1," * 5000 + b"1]")
    with pytest.raises(BodyTooLong):
        BoundedJSONParser().parse(stream, parser_context={})
    assert stream.asked == [1025]
