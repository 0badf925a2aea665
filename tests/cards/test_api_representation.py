"""The serializers' lean output is exactly DRF's generic output, and a list page's
documents (built from rows, ``cards.api.documents``) are exactly the serializer's."""

import json

import pytest
from drf_spectacular.plumbing import get_doc
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from cards.api.documents import card_documents, list_rows, read_json
from cards.api.serializers import AbilitySerializer, CardSerializer, RealmSerializer
from cards.models import Ability, Card, CardDocument
from tests.factories.cards import (
    AbilityFactory,
    AvatarFactory,
    CardFactory,
    ItemFactory,
    RealmFactory,
    RemainsFactory,
)


def generic(serializer: serializers.Serializer, instance) -> dict:
    return serializers.Serializer.to_representation(serializer, instance)


@pytest.fixture
def cards(db) -> list[Card]:
    realm = RealmFactory(name="Ember Reach", slug="ember", description="Ash and cinders")
    spirit = AvatarFactory(
        realm=realm, is_spirit=True, keywords=" flying swift ", flavour_text="Ünïcode ✦"
    )
    AbilityFactory(card=spirit, name="Kindle", cost=2, effect=[{"verb": "draw_cards", "count": 1}])
    AbilityFactory(card=spirit, name="Flare", text="Burn bright.")
    AbilityFactory(card=spirit, name="Ember", order=0)  # a tie: kept in written order
    item = ItemFactory(realm=RealmFactory(name="Tidewell"), bonus_defense=-1, rarity="mythic")
    remains = RemainsFactory(realm=realm, target="own_avatar")
    action = CardFactory(realm=realm, cost=0)
    return list(
        Card.objects.with_catalogue_relations().filter(
            pk__in=[spirit.pk, item.pk, remains.pk, action.pk]
        )
    )


def test_card_output_is_drfs_generic_output(cards):
    serializer = CardSerializer()
    for card in cards:
        assert serializer.to_representation(card) == generic(serializer, card)


def test_card_output_keeps_drfs_field_order(cards):
    serializer = CardSerializer()
    assert list(serializer.to_representation(cards[0])) == list(generic(serializer, cards[0]))


def test_ability_output_is_drfs_generic_output(cards):
    serializer = AbilitySerializer()
    for ability in cards[0].abilities.all():
        assert serializer.to_representation(ability) == generic(serializer, ability)


def test_realm_output_is_drfs_generic_output(cards):
    serializer = RealmSerializer()
    realm = cards[0].realm
    assert serializer.to_representation(realm) == generic(serializer, realm)


def test_nulls_stay_null(cards):
    action = next(card for card in cards if card.kind == "action")
    shown = CardSerializer().to_representation(action)
    assert (shown["melee"], shown["movement"]) == (None, None)


def test_a_card_in_a_list_shows_as_its_detail_does(api_client, cards):
    listed = api_client.get("/api/cards/").json()["results"]
    assert len(listed) == len(cards)
    for card in listed:
        assert card == api_client.get(f"/api/cards/{card['slug']}/").json()


def test_lean_serializers_add_no_schema_description():
    assert get_doc(CardSerializer) == get_doc(RealmSerializer) == ""


def documents(cards: list[Card]) -> list[dict]:
    return card_documents(list(list_rows(Card.objects.filter(pk__in=[c.pk for c in cards]))))


def test_list_documents_are_the_serializers_output_in_its_order(cards):
    expected = CardSerializer(sorted(cards, key=lambda card: card.name), many=True).data
    shown = documents(cards)
    assert shown == expected
    assert [list(card) for card in shown] == [list(card) for card in expected]
    assert [list(a) for card in shown for a in card["abilities"]] == [
        list(a) for card in expected for a in card["abilities"]
    ]


def test_list_documents_read_all_abilities_in_one_query(cards, django_assert_num_queries):
    rows = list(list_rows(Card.objects.all()))
    with django_assert_num_queries(1):
        card_documents(rows)


def django_json(text):
    return Ability._meta.get_field("effect").from_db_value(text, None, None)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_effects_read_as_django_reads_them(value):
    text = json.dumps(value)  # as Django's JSONField writes it (NaN and all)
    read, expected = read_json(text, slow=django_json), django_json(text)
    assert repr(read) == repr(expected)  # NaN too, and 1 stays unlike 1.0


@pytest.mark.parametrize(
    "text", ["[NaN]", "[1e400]", "[18446744073709551616]", '"\\ud800"', "not json", "", "null"]
)
def test_what_orjson_reads_otherwise_is_read_djangos_way(text):
    assert repr(read_json(text, slow=django_json)) == repr(django_json(text))


@pytest.mark.parametrize("path", ["/api/cards/", "/api/realms/"])
def test_catalogue_answers_are_the_bytes_drfs_renderer_writes(api_client, cards, path):
    response = api_client.get(path)
    assert response.content == JSONRenderer().render(response.json())


# --- Whole answers, byte for byte --------------------------------------------------------
# The bytes DRF's own renderer writes for a page or a card built by CardSerializer from
# model instances: whichever way the view reads its cards (stored documents, documents put
# together from rows, one plain statement or the ORM's), an answer stays these bytes.


def drf_page(cards: list[Card], count: int, next_link, previous_link) -> bytes:
    results = CardSerializer(cards, many=True).data
    page = {"count": count, "next": next_link, "previous": previous_link, "results": results}
    return JSONRenderer().render({**page, "warnings": [], "did_you_mean": []})


def drf_card(card: Card) -> bytes:
    return JSONRenderer().render(CardSerializer(card).data)


def by_name(cards: list[Card]) -> list[Card]:
    return list(Card.objects.with_catalogue_relations().filter(pk__in=[c.pk for c in cards]))


@pytest.fixture(params=["stored", "put together"])
def documents_read(request, cards):
    """Each answer once from the cards' stored documents and once without them."""
    if request.param == "put together":
        CardDocument.objects.all().delete()
    return request.param


def test_a_page_of_every_card_is_drfs_bytes(api_client, cards, documents_read):
    response = api_client.get("/api/cards/", {"unseen": 1})
    assert response.content == drf_page(by_name(cards), len(cards), None, None)


def test_later_pages_of_every_card_are_drfs_bytes(api_client, cards, documents_read):
    ordered = by_name(cards)
    first = api_client.get("/api/cards/", {"page_size": 3})
    second = api_client.get("/api/cards/", {"page_size": 3, "page": 2})
    link = "http://testserver/api/cards/?"
    assert first.content == drf_page(ordered[:3], 4, f"{link}page=2&page_size=3", None)
    assert second.content == drf_page(ordered[3:], 4, None, f"{link}page_size=3")


def test_a_filtered_page_is_drfs_bytes(api_client, cards, documents_read):
    avatars = [card for card in by_name(cards) if card.kind == "avatar"]
    response = api_client.get("/api/cards/", {"kind": "avatar"})
    assert response.content == drf_page(avatars, 1, None, None)


@pytest.mark.parametrize("params", [{}, {"unseen": 1}, {"kind": "avatar"}])
def test_a_card_is_drfs_bytes(api_client, cards, documents_read, params):
    spirit = next(card for card in cards if card.is_spirit)
    response = api_client.get(f"/api/cards/{spirit.slug}/", params)
    assert response.content == drf_card(spirit)
