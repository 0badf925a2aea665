"""The start pages of a match and of a simulation take a deck number from the query
string and the form: any text there is a clear answer, never a 500."""

import pytest
from django.urls import reverse

from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

HOSTILE = ["", "x", "²", "-1", "0", "1.5", str(2**63), str(2**64), "9" * 5000, "1\x00", "١"]


@pytest.fixture
def signed_in(client):
    client.force_login(UserFactory())
    return client


@pytest.mark.parametrize("deck", HOSTILE)
@pytest.mark.parametrize("page", ["matches:new", "simulations:new"])
def test_a_hostile_deck_number_in_the_address_is_not_a_server_error(signed_in, page, deck):
    response = signed_in.get(reverse(page), {"deck": deck})
    assert response.status_code in (200, 404)


@pytest.mark.parametrize("deck", HOSTILE)
def test_a_hostile_deck_number_in_the_simulation_form_is_a_form_error(signed_in, deck):
    data = {"deck_a": deck, "deck_b": deck, "bot_a": "random", "bot_b": "random", "games": "10"}
    response = signed_in.post(reverse("simulations:new"), data)
    assert response.status_code in (200, 400)
