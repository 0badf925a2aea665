"""CardFilter: each filter, sorting, and how invalid input is reported."""

import pytest
from django.http import QueryDict

from cards.filters import CardFilter
from cards.models import Card
from tests.factories.cards import two_realm_catalogue


@pytest.fixture
def catalogue(db):
    two_realm_catalogue()


def filtered(query: str) -> CardFilter:
    return CardFilter(QueryDict(query), queryset=Card.objects.all())


def names(query: str) -> list[str]:
    return [card.name for card in filtered(query).qs]


def test_no_filters_lists_every_card_by_name(catalogue):
    assert names("") == [
        "Ember Blade",
        "Ember Warden",
        "Spirit Bridge",
        "Sudden Fire",
        "Tide Caller",
    ]


def test_q_filters_by_search_syntax(catalogue):
    assert names("q=kind:avatar realm:ember") == ["Ember Warden"]


def test_kind_takes_several_values(catalogue):
    assert names("kind=item&kind=action") == ["Ember Blade", "Sudden Fire"]


def test_realm_takes_slugs(catalogue):
    assert names("realm=tide") == ["Spirit Bridge", "Tide Caller"]
    assert len(names("realm=tide&realm=ember")) == 5


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("cost_min=2", ["Ember Warden", "Spirit Bridge", "Tide Caller"]),
        ("cost_max=1", ["Ember Blade", "Sudden Fire"]),
        ("cost_min=1&cost_max=2", ["Ember Blade", "Ember Warden"]),
    ],
)
def test_cost_range_is_inclusive_at_both_ends(catalogue, query, expected):
    assert names(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("melee_min=2", ["Ember Warden"]),
        ("melee_max=1", ["Tide Caller"]),
        ("defense_min=3", ["Tide Caller"]),
        ("defense_max=2", ["Ember Warden"]),
        ("ranged_min=1", ["Tide Caller"]),
        ("ranged_max=0", ["Ember Warden"]),
        ("movement_min=3", ["Tide Caller"]),
        ("movement_max=2", ["Ember Warden"]),
    ],
)
def test_trait_ranges_filter_avatars(catalogue, query, expected):
    assert names(query) == expected


def test_spirit_true_keeps_only_spirits(catalogue):
    assert names("spirit=true") == ["Ember Warden"]


def test_spirit_false_drops_spirits(catalogue):
    assert names("spirit=false") == ["Ember Blade", "Spirit Bridge", "Sudden Fire", "Tide Caller"]


def test_rarity_takes_several_values(catalogue):
    query = "rarity=rare&rarity=common&rarity=champion"
    assert names(query) == ["Ember Warden", "Sudden Fire", "Tide Caller"]


def test_keyword_matches_whole_keywords_ignoring_case(catalogue):
    assert names("keyword=Flying") == ["Ember Warden", "Sudden Fire"]
    assert names("keyword=fly") == []


def test_filters_and_search_combine(catalogue):
    assert names("q=kw:flying&kind=action") == ["Sudden Fire"]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("cost", ["Sudden Fire", "Ember Blade", "Ember Warden", "Spirit Bridge", "Tide Caller"]),
        ("-cost", ["Tide Caller", "Spirit Bridge", "Ember Warden", "Ember Blade", "Sudden Fire"]),
        ("-name", ["Tide Caller", "Sudden Fire", "Spirit Bridge", "Ember Warden", "Ember Blade"]),
        (
            "realm,-cost",
            ["Ember Warden", "Ember Blade", "Sudden Fire", "Tide Caller", "Spirit Bridge"],
        ),
        ("kind", ["Sudden Fire", "Ember Warden", "Tide Caller", "Ember Blade", "Spirit Bridge"]),
        # In the printed order, common to champion, not alphabetically.
        ("rarity", ["Tide Caller", "Ember Blade", "Ember Warden", "Spirit Bridge", "Sudden Fire"]),
        ("-rarity", ["Sudden Fire", "Spirit Bridge", "Ember Warden", "Ember Blade", "Tide Caller"]),
    ],
)
def test_sort_orders_by_the_key_then_name(catalogue, sort, expected):
    assert names(f"sort={sort}") == expected


@pytest.mark.parametrize("trait", ["melee", "-melee", "defense", "ranged", "-movement"])
def test_sort_by_a_trait_puts_cards_without_traits_last(catalogue, trait):
    assert names(f"sort={trait}")[2:] == ["Ember Blade", "Spirit Bridge", "Sudden Fire"]


def test_sort_by_updated_lists_the_latest_change_first_when_descending(catalogue):
    Card.objects.get(name="Ember Blade").save()
    assert names("sort=-updated")[0] == "Ember Blade"


def test_search_syntax_error_makes_the_filterset_invalid(catalogue):
    filterset = filtered("q=kind:avatar colr:red")
    assert not filterset.is_valid()
    assert filterset.errors["q"] == ['Unknown field "colr" at column 13']


def test_search_syntax_error_is_available_for_pointing_at_the_token(catalogue):
    error = filtered("q=kind:avatar colr:red").search_error
    assert (error.position, error.token) == (12, "colr")


def test_search_syntax_error_gives_no_cards(catalogue):
    assert names("q=kind:avatar (") == []


def test_percent_in_a_bad_query_survives_the_error_message(catalogue):
    assert filtered("q=50% colr:1").errors["q"] == ['Unknown field "colr" at column 5']


def test_valid_query_has_no_search_error(catalogue):
    assert filtered("q=kind:avatar").search_error is None


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("kind=wizard", "kind"),
        ("realm=nowhere", "realm"),
        ("cost_min=x", "cost"),
        ("melee_max=-1", "melee"),
        ("rarity=legendary", "rarity"),
        ("keyword=two words", "keyword"),
        ("sort=colour", "sort"),
    ],
)
def test_invalid_filter_value_is_a_form_error_and_gives_no_cards(catalogue, query, field):
    filterset = filtered(query)
    assert not filterset.is_valid()
    assert field in filterset.errors
    assert list(filterset.qs) == []
    assert filterset.search_error is None
