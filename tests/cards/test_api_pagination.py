"""Catalogue list pages: a filtered list is counted once per catalogue version."""

import pytest

from cards.models import Card
from tests.factories.cards import AvatarFactory, ItemFactory, RealmFactory

CARDS = "/api/cards/"


@pytest.fixture
def catalogue(db):
    ember = RealmFactory(name="Ember Reach", slug="ember")
    for number in range(3):
        AvatarFactory(name=f"Ember Avatar {number}", realm=ember)
    ItemFactory(name="Ember Blade", realm=ember)


def test_next_page_of_a_filtered_list_is_not_counted_again(
    api_client, catalogue, django_assert_max_num_queries
):
    first = api_client.get(CARDS, {"q": "kind:avatar", "page_size": 1}).json()
    # Catalogue version, the page (its cards' stored documents): no count.
    with django_assert_max_num_queries(3):
        second = api_client.get(first["next"]).json()
    assert (first["count"], second["count"]) == (3, 3)


def test_different_filters_are_counted_apart(api_client, catalogue):
    assert api_client.get(CARDS, {"kind": "avatar", "page_size": 1}).json()["count"] == 3
    assert api_client.get(CARDS, {"kind": "item", "page_size": 1}).json()["count"] == 1


def test_count_follows_a_new_card(api_client, catalogue):
    assert api_client.get(CARDS, {"kind": "avatar", "page_size": 1}).json()["count"] == 3
    AvatarFactory(name="Ember Avatar 9", realm__slug="ember")
    response = api_client.get(CARDS, {"kind": "avatar", "page_size": 1, "page": 2})
    assert response.json()["count"] == 4


def test_an_unfiltered_list_takes_its_count_from_the_catalogues_version(
    api_client, catalogue, django_assert_num_queries
):
    # The version (which counts every card) and the page: no count of its own.
    with django_assert_num_queries(2):
        body = api_client.get(CARDS, {"page_size": 1, "unseen": 1}).json()
    assert body["count"] == 4


def test_an_unfiltered_count_follows_a_deleted_card(api_client, catalogue):
    assert api_client.get(CARDS, {"page_size": 1}).json()["count"] == 4
    Card.objects.get(name="Ember Blade").delete()
    assert api_client.get(CARDS, {"page_size": 1, "page": 2}).json()["count"] == 3


def test_a_filter_that_keeps_every_card_is_still_counted_by_its_filter(api_client, catalogue):
    assert api_client.get(CARDS, {"realm": "ember", "page_size": 1}).json()["count"] == 4
    assert api_client.get(CARDS, {"kind": "item", "page_size": 1}).json()["count"] == 1
