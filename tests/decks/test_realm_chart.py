"""The realm chart of a deck's statistics: a pie for a deck of several realms; a deck of
one realm says so instead of drawing a full circle."""

import pytest
from django.urls import reverse

from decks.services import deck_set_slot
from tests.factories.cards import AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import make_public_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def ember():
    return RealmFactory(name="Ember")


@pytest.fixture
def ember_only(owner, ember):
    deck = make_public_deck(owner=owner, home_realm=ember)
    deck_set_slot(
        deck=deck, card=AvatarFactory(name="Ash Squire", realm=ember, cost=2), board="main", count=3
    )
    deck_set_slot(
        deck=deck, card=CardFactory(name="Cinder Bolt", realm=ember), board="main", count=2
    )
    return deck


def page_of(client, deck) -> str:
    response = client.get(reverse("decks:detail", args=[deck.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_a_deck_of_one_realm_says_so_and_draws_no_realm_pie(client, ember_only):
    html = page_of(client, ember_only)
    assert "<figcaption>Realms</figcaption>" not in html
    assert "one realm, all 5 cards are of Ember." in html
    assert "<figcaption>Kinds</figcaption>" in html  # the other charts stay


def test_a_deck_of_two_realms_has_its_realm_pie(client, ember_only):
    tide = RealmFactory(name="Tide")
    deck_set_slot(deck=ember_only, card=CardFactory(name="Wave", realm=tide), board="main", count=1)
    html = page_of(client, ember_only)
    assert "<figcaption>Realms</figcaption>" in html and 'data-testid="one-realm"' not in html
