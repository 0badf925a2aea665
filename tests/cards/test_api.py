"""Reading the catalogue API: lists, details, filters, search, pagination, caching, throttling."""

import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.utils.http import http_date

from cards.api.pagination import CataloguePagination
from cards.models import Card
from shen_site.throttling import AnonRateThrottle
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory
from tests.factories.decks import UserFactory

CARDS = "/api/cards/"


@pytest.fixture
def catalogue(db):
    ember = RealmFactory(name="Ember Reach", slug="ember", colour="#c0392b")
    tide = RealmFactory(name="Tidewater", slug="tide")
    warden = AvatarFactory(
        name="Ember Warden",
        slug="ember-warden",
        realm=ember,
        cost=2,
        melee=3,
        rules_text="Walks the Spirit Path.",
        keywords=" flying ",
    )
    AbilityFactory(card=warden, name="Kindle", effect=[{"verb": "draw_cards", "count": 1}])
    AvatarFactory(name="Tide Caller", slug="tide-caller", realm=tide, cost=4, melee=1)
    ItemFactory(name="Ember Blade", slug="ember-blade", realm=ember, cost=1)
    return warden


def names(response) -> list[str]:
    return [card["name"] for card in response.json()["results"]]


# --- Lists and details -----------------------------------------------------------


def test_card_list_is_paginated_and_ordered_by_name(api_client, catalogue):
    body = api_client.get(CARDS).json()
    assert body["count"] == 3
    assert [card["name"] for card in body["results"]] == [
        "Ember Blade",
        "Ember Warden",
        "Tide Caller",
    ]


def test_card_shows_realm_slug_keywords_and_abilities(api_client, catalogue):
    card = api_client.get(f"{CARDS}ember-warden/").json()
    assert card["realm"] == "ember"
    assert card["keywords"] == ["flying"]
    assert card["melee"] == 3
    assert card["abilities"] == [
        {
            "name": "Kindle",
            "cost": 1,
            "timing": "activated",
            "effect": [{"verb": "draw_cards", "count": 1}],
            "text": "",
        }
    ]


def test_unknown_card_slug_is_404(api_client, catalogue):
    assert api_client.get(f"{CARDS}no-such-card/").status_code == 404


def test_realm_list_and_detail(api_client, catalogue):
    body = api_client.get("/api/realms/").json()
    assert [realm["slug"] for realm in body["results"]] == ["ember", "tide"]
    realm = api_client.get("/api/realms/ember/").json()
    assert realm == {
        "slug": "ember",
        "name": "Ember Reach",
        "colour": "#c0392b",
        "symbol": "◆",
        "description": "",
    }


# --- Filters and search --------------------------------------------------------------


def test_filters_apply_through_the_api(api_client, catalogue):
    response = api_client.get(CARDS, {"kind": "avatar", "cost_max": 3})
    assert names(response) == ["Ember Warden"]


def test_repeated_filter_values_combine(api_client, catalogue):
    response = api_client.get(f"{CARDS}?realm=tide&realm=ember&kind=item&kind=avatar")
    assert len(names(response)) == 3


def test_q_takes_the_search_syntax(api_client, catalogue):
    response = api_client.get(CARDS, {"q": 'realm:ember atk>=2 o:"spirit path" or kind:item'})
    assert names(response) == ["Ember Blade", "Ember Warden"]


def test_sort_through_the_api(api_client, catalogue):
    assert names(api_client.get(CARDS, {"sort": "-cost"}))[0] == "Tide Caller"


def test_search_syntax_error_is_400_pointing_at_the_token(api_client, catalogue):
    response = api_client.get(CARDS, {"q": "kind:avatar colr:red"})
    assert response.status_code == 400
    body = response.json()
    assert body["q"] == ['Unknown field "colr" at column 13']
    assert body["search_error"] == {
        "message": 'Unknown field "colr"',
        "position": 12,
        "column": 13,
        "token": "colr",
        "query": "kind:avatar colr:red",
    }


@pytest.mark.parametrize(
    "query", ["(", ")", "or", '"', 'o:""', "cost<x", "-", "a" * 600, "(" * 100, "\x00"]
)
def test_malformed_queries_are_400_never_500(api_client, catalogue, query):
    assert api_client.get(CARDS, {"q": query}).status_code == 400


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"kind": "wizard"}, "kind"),
        ({"realm": "nowhere"}, "realm"),
        ({"cost_min": "x"}, "cost"),
        ({"sort": "colour"}, "sort"),
        ({"keyword": "two words"}, "keyword"),
    ],
)
def test_invalid_filter_is_400_naming_it(api_client, catalogue, params, field):
    response = api_client.get(CARDS, params)
    assert response.status_code == 400
    assert field in response.json()
    assert "search_error" not in response.json()


# --- Pagination ----------------------------------------------------------------------


def test_page_size_parameter_sets_the_page_length(api_client, catalogue):
    body = api_client.get(CARDS, {"page_size": 2}).json()
    assert len(body["results"]) == 2
    assert "page=2" in body["next"]
    second = api_client.get(body["next"]).json()
    assert [card["name"] for card in second["results"]] == ["Tide Caller"]


def test_page_size_is_bounded(api_client, catalogue, monkeypatch):
    monkeypatch.setattr(CataloguePagination, "max_page_size", 2)
    assert len(api_client.get(CARDS, {"page_size": 500}).json()["results"]) == 2


@pytest.mark.parametrize(
    ("path", "params"),
    [
        (CARDS, {"page": 9}),
        (CARDS, {"page_size": 2, "page": 3}),  # 3 cards: page 2 is the last
        (CARDS, {"q": "kind:avatar", "page": 2}),
        ("/api/realms/", {"page": 2}),
    ],
)
def test_page_beyond_the_last_is_404(api_client, catalogue, path, params):
    # A client pages by the answer's ``next`` links; any other page is not there.
    response = api_client.get(path, params)
    assert response.status_code == 404
    assert response.json() == {"detail": "Invalid page."}


# --- Conditional requests ---------------------------------------------------------------


def test_list_carries_etag_and_last_modified(api_client, catalogue):
    response = api_client.get(CARDS)
    assert response["ETag"].startswith('"')
    newest = Card.objects.order_by("-updated_at").first().updated_at
    assert response["Last-Modified"] == http_date(newest.timestamp())


def test_matching_etag_gives_304(api_client, catalogue):
    etag = api_client.get(f"{CARDS}ember-warden/")["ETag"]
    response = api_client.get(f"{CARDS}ember-warden/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304
    assert response.content == b""


def test_unchanged_since_last_modified_gives_304(api_client, catalogue):
    last_modified = api_client.get(CARDS)["Last-Modified"]
    response = api_client.get(CARDS, HTTP_IF_MODIFIED_SINCE=last_modified)
    assert response.status_code == 304


def test_changing_a_card_changes_the_etag(api_client, catalogue):
    etag = api_client.get(CARDS)["ETag"]
    catalogue.cost = 3
    catalogue.save()
    response = api_client.get(CARDS, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_deleting_a_card_changes_the_etag(api_client, catalogue):
    etag = api_client.get(CARDS)["ETag"]
    Card.objects.get(slug="ember-blade").delete()
    response = api_client.get(CARDS, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert names(response) == ["Ember Warden", "Tide Caller"]


def test_renaming_a_realm_changes_the_etag(api_client, catalogue):
    etag = api_client.get("/api/realms/")["ETag"]
    catalogue.realm.name = "Ember Wastes"
    catalogue.realm.save()
    response = api_client.get("/api/realms/", HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200 and response["ETag"] != etag
    assert "Ember Wastes" in names(response)


def test_different_filters_have_different_etags(api_client, catalogue):
    assert api_client.get(CARDS)["ETag"] != api_client.get(CARDS, {"kind": "item"})["ETag"]


# --- Throttling and query counts ------------------------------------------------------------


@pytest.fixture
def strict_anonymous_rate(monkeypatch):
    # The throttle reads its rates once at import; patch the class, not the settings.
    monkeypatch.setattr(AnonRateThrottle, "THROTTLE_RATES", {"anon": "3/minute"})
    # A private cache: never clear the shared one (in CI it is Redis, with Celery's queue).
    monkeypatch.setattr(AnonRateThrottle, "cache", LocMemCache(f"throttle-{uuid.uuid4()}", {}))


def test_anonymous_clients_are_throttled(api_client, catalogue, strict_anonymous_rate):
    statuses = [api_client.get(CARDS).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]


def test_staff_are_not_throttled_as_anonymous(api_client, catalogue, strict_anonymous_rate):
    api_client.force_authenticate(UserFactory(is_staff=True))
    assert {api_client.get(CARDS).status_code for _ in range(5)} == {200}


def _cards_with_abilities(count: int) -> None:
    """``count`` Avatars of cost 2, each with two abilities, in turn in Ember and another realm."""
    realms = [RealmFactory(slug="ember"), RealmFactory()]
    for number in range(count):
        card = AvatarFactory(realm=realms[number % 2])
        AbilityFactory.create_batch(2, card=card)


@pytest.mark.parametrize("count", [5, 50])
def test_card_list_query_count_does_not_grow_with_cards(
    api_client, db, count, django_assert_max_num_queries
):
    _cards_with_abilities(count)
    # Catalogue version, page count, cards with realms, abilities.
    with django_assert_max_num_queries(4):
        response = api_client.get(CARDS, {"page_size": 100})
    assert len(response.json()["results"]) == count


@pytest.mark.parametrize("count", [5, 50])
def test_filtered_card_list_query_count_does_not_grow_with_cards(
    api_client, db, count, django_assert_max_num_queries
):
    _cards_with_abilities(count)
    # Plus one to check the realm slug filter.
    with django_assert_max_num_queries(5):
        response = api_client.get(CARDS, {"q": "kind:avatar cost<=3", "realm": "ember"})
    assert len(response.json()["results"]) == (count + 1) // 2  # every other card is Ember's


@pytest.mark.parametrize("count", [5, 50])
def test_realm_list_query_count_does_not_grow(api_client, db, count, django_assert_max_num_queries):
    RealmFactory.create_batch(count)
    # Catalogue version, page count, realms.
    with django_assert_max_num_queries(3):
        response = api_client.get("/api/realms/", {"page_size": 100})
    assert len(response.json()["results"]) == count
