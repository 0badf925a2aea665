"""Form and multipart bodies holding control characters are refused with a 400 naming the
field, before any lookup reaches the database (PostgreSQL refuses NUL with a DataError)."""

import pytest
from django.test import Client

from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client() -> Client:
    client = Client()
    client.force_login(UserFactory())
    return client


@pytest.mark.parametrize("field", ["format", "name", "description", "visibility"])
def test_a_form_body_with_nul_in_a_field_is_a_400(player_client, field):
    data = {"name": "Rush", "format": "shen-standard", "visibility": "private"}
    data[field] = "shen\x00standard"
    response = player_client.post("/api/decks/", data)
    assert response.status_code == 400
    assert "U+0000" in response.json()["detail"]


def test_a_multipart_body_with_a_control_character_is_a_400(player_client):
    response = player_client.post(
        "/api/decks/import/", {"kind": "text", "text": "3 Cinder\x07 Hound"}
    )
    assert response.status_code == 400
    assert "U+0007" in str(response.json())


def test_a_form_field_name_with_nul_is_a_400(player_client):
    response = player_client.post(
        "/api/decks/", "na\x00me=Rush", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400
