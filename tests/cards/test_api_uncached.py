"""An uncached list or detail does only the work its parameters ask for."""

import pytest

from cards import filters
from cards.filters import filter_parameters
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory

CARDS = "/api/cards/"


@pytest.fixture
def catalogue(db):
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    warden = AvatarFactory(name="Forge Warden", slug="forge-warden", realm=realm)
    AbilityFactory(card=warden, name="Kindle")
    ItemFactory(name="Ember Blade", realm=realm)


@pytest.fixture
def filtersets(monkeypatch) -> list[dict]:
    """The data of every CardFilter made for a request (bound to query data)."""
    made: list[dict] = []
    original = filters.CardFilter.__init__

    def init(self, data=None, *args, **kwargs):
        if data is not None:
            made.append(dict(data))
        original(self, data, *args, **kwargs)

    monkeypatch.setattr(filters.CardFilter, "__init__", init)
    return made


def test_the_filter_parameters_are_every_filter_and_each_end_of_a_range():
    names = filter_parameters(filters.CardFilter)
    assert {"q", "kind", "realm", "rarity", "spirit", "keyword", "sort"} <= names
    assert {"cost_min", "cost_max", "movement_min", "movement_max"} <= names
    assert "cost" not in names and "page" not in names


@pytest.mark.parametrize("path", [CARDS, f"{CARDS}forge-warden/"])
def test_no_filter_parameter_builds_no_filterset(api_client, catalogue, filtersets, path):
    assert api_client.get(path, {"unknown": "1", "page_size": 5}).status_code == 200
    assert filtersets == []


def test_a_filter_parameter_still_filters(api_client, catalogue, filtersets):
    body = api_client.get(CARDS, {"kind": "item", "unknown": "1"}).json()
    assert [card["name"] for card in body["results"]] == ["Ember Blade"]
    assert len(filtersets) == 1


def test_a_bad_filter_is_still_a_400_on_a_detail(api_client, catalogue):
    assert api_client.get(f"{CARDS}forge-warden/", {"cost_min": "x"}).status_code == 400


def test_a_detail_that_does_not_match_its_filters_is_a_404(api_client, catalogue):
    assert api_client.get(f"{CARDS}forge-warden/", {"kind": "item"}).status_code == 404


def test_parameters_nothing_reads_share_a_count(
    api_client, catalogue, django_assert_max_num_queries
):
    api_client.get(CARDS, {"kind": "avatar", "unknown": "1"})
    # Catalogue version, the page's cards, their abilities: no count.
    with django_assert_max_num_queries(3):
        body = api_client.get(CARDS, {"kind": "avatar", "unknown": "2"}).json()
    assert body["count"] == 1
