"""A write the database cannot take is a 503 saying "try again", never a 500 or a blank."""

import pytest
from django.db import OperationalError
from django.urls import reverse
from rest_framework.test import APIClient

from decks.models import Deck
from tests.factories.cards import CardFactory

pytestmark = pytest.mark.django_db

LOCKED = OperationalError("database is locked")


@pytest.fixture
def locked(monkeypatch):
    """Every deck write fails as SQLite does when its busy timeout runs out."""

    def fail(*args, **kwargs):
        raise LOCKED

    for name in ("deck_add_copy", "deck_adjust_slot", "deck_update", "deck_create"):
        monkeypatch.setattr(f"decks.views.builder.{name}", fail)
    monkeypatch.setattr("decks.views.deletion.deck_delete", fail)
    monkeypatch.setattr("decks.api.serializers.deck_edit", fail)


def test_a_card_click_shows_try_again_in_the_deck_pane(logged_in, deck, locked):
    response = logged_in.post(
        reverse("decks:builder_change", args=[deck.pk]),
        {"card": CardFactory().slug, "board": "main", "action": "add"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 503
    assert response["Retry-After"]
    assert 'id="deck-pane"' in response.content.decode()
    assert "try again" in response.content.decode()


def test_a_settings_autosave_shows_try_again(logged_in, deck, locked):
    data = {"name": "New", "format": deck.format.pk, "visibility": "private", "revision": 1}
    response = logged_in.post(
        reverse("decks:builder_settings", args=[deck.pk]), data, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 503
    assert "the site is busy" in response.content.decode()


def test_the_builder_swaps_in_409_and_503_answers(logged_in, deck):
    page = logged_in.get(reverse("decks:builder", args=[deck.pk])).content.decode()
    assert 'data-swap-statuses="409 503"' in page  # static/js/site.js swaps them in


@pytest.mark.parametrize(
    ("name", "data"), [("decks:delete", {}), ("decks:new", {"name": "X", "visibility": "private"})]
)
def test_a_page_post_answers_a_page_saying_try_again(logged_in, deck, locked, name, data):
    args = [deck.pk] if name == "decks:delete" else []
    if name == "decks:new":
        data["format"] = deck.format.pk
    response = logged_in.post(reverse(name, args=args), data)
    assert response.status_code == 503
    assert "Not saved" in response.content.decode()
    assert Deck.objects.alive().filter(pk=deck.pk).exists()


def test_an_api_write_answers_503_with_a_reason(owner, deck, locked):
    api = APIClient()
    api.force_authenticate(owner)
    response = api.patch(f"/api/decks/{deck.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 503
    assert "try again" in response.json()["detail"]
    assert response["Retry-After"]
