"""A list page's documents, built from rows, are exactly what CardSerializer gives."""

import pytest

from cards.api.documents import card_documents, list_rows
from cards.api.serializers import CardSerializer
from cards.models import Card
from tests.factories.cards import (
    AbilityFactory,
    AvatarFactory,
    CardFactory,
    ItemFactory,
    RealmFactory,
    RemainsFactory,
)


@pytest.fixture
def cards(db):
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    other = RealmFactory(name="Tidewell", slug="tidewell")
    spirit = AvatarFactory(
        realm=realm, is_spirit=True, keywords=" flying swift ", flavour_text="Ünïcode ✦"
    )
    AbilityFactory(card=spirit, name="Kindle", order=2, effect=[{"verb": "draw_cards"}])
    AbilityFactory(card=spirit, name="Flare", order=1, text="Burn bright.")
    AbilityFactory(card=spirit, name="Ember", order=1)  # same order: kept in written order
    ItemFactory(realm=other, bonus_defense=-1, rarity="mythic")
    RemainsFactory(realm=realm, target="own_avatar", rules_text="Attach.\nStay.")
    CardFactory(realm=other, cost=0, keywords="")


def test_documents_equal_the_serializers_output(cards):
    expected = CardSerializer(Card.objects.with_catalogue_relations(), many=True).data
    assert card_documents(list(list_rows(Card.objects.all()))) == expected


def test_documents_keep_the_serializers_key_order(cards):
    expected = CardSerializer(Card.objects.with_catalogue_relations(), many=True).data
    documents = card_documents(list(list_rows(Card.objects.all())))
    assert [list(d) for d in documents] == [list(e) for e in expected]
    assert [list(a) for d in documents for a in d["abilities"]] == [
        list(a) for e in expected for a in e["abilities"]
    ]


def test_a_page_is_two_queries(cards, django_assert_num_queries):
    with django_assert_num_queries(2):
        card_documents(list(list_rows(Card.objects.all())))


def test_the_api_list_is_the_serializers_output(api_client, cards):
    body = api_client.get("/api/cards/").json()
    expected = CardSerializer(Card.objects.with_catalogue_relations(), many=True).data
    assert body["results"] == [dict(card) for card in expected]
