"""A realm or keyword no card has: the search runs and a warning lists the values that exist."""

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.search import parse_query
from cards.search.vocabulary import Vocabulary, unknown_values
from tests.factories.cards import AvatarFactory, RealmFactory

VOCABULARY = Vocabulary(
    realms=(("cinderfall", "Cinderfall"), ("tidewell", "Tidewell")),
    keywords=("flying", "guardian", "swift"),
)


def warnings_for(text: str, keyword: str | None = None) -> list:
    return unknown_values(parse_query(text).tree, keyword, lambda: VOCABULARY)


def test_an_unknown_realm_warns_and_lists_the_realms():
    (warning,) = warnings_for("kind:avatar realm:ember")
    assert (warning.field, warning.value) == ("realm", "ember")
    assert warning.known == ("cinderfall", "tidewell")
    assert "cinderfall, tidewell" in warning.message


@pytest.mark.parametrize("text", ["realm:cinderfall", "r:TIDEWELL", "realm:fall", "realm:Tide"])
def test_a_realm_slug_or_part_of_a_name_does_not_warn(text):
    assert warnings_for(text) == []


def test_an_unknown_keyword_warns_with_the_closest_keywords():
    (warning,) = warnings_for("kw:flyng")
    assert warning.field == "keyword"
    assert "Did you mean flying?" in warning.message
    assert warning.known == ("flying", "guardian", "swift")


def test_the_keyword_filter_warns_like_kw():
    assert [w.value for w in warnings_for("", keyword="flyng")] == ["flyng"]


def test_terms_inside_negations_and_groups_are_checked_once_each():
    found = warnings_for("-(realm:ember or kw:nope) realm:ember")
    assert [(w.field, w.value) for w in found] == [("realm", "ember"), ("keyword", "nope")]


def test_no_realm_or_keyword_term_never_reads_the_vocabulary():
    def unread() -> Vocabulary:
        raise AssertionError("the vocabulary was read")

    assert unknown_values(parse_query("kind:avatar cost<=2 warden").tree, None, unread) == []


def test_a_long_keyword_list_is_cut_short_in_the_warning():
    many = Vocabulary(realms=(), keywords=tuple(f"word{n:03d}" for n in range(500)))
    (warning,) = unknown_values(parse_query("kw:zzz").tree, None, lambda: many)
    assert len(warning.known) == 60
    assert "and 440 more" in warning.message


@settings(max_examples=80, deadline=None)
@given(value=st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zs")), min_size=1))
def test_any_realm_value_is_known_or_warned_about(value):
    try:
        tree = parse_query(f'realm:"{value}"').tree
    except ValueError:
        return  # quotes in the value: a syntax error, tested elsewhere
    found = unknown_values(tree, None, lambda: VOCABULARY)
    assert len(found) == (0 if VOCABULARY.has_realm(value) else 1)


# --- Through the API and the page -----------------------------------------------------


@pytest.fixture
def catalogue(db):
    ember = RealmFactory(name="Cinderfall", slug="cinderfall")
    AvatarFactory(name="Forge Warden", realm=ember, keywords=" guardian ")


def test_the_api_list_carries_warnings_beside_the_results(api_client, catalogue):
    body = api_client.get("/api/cards/", {"q": "realm:ember"}).json()
    assert body["count"] == 0
    assert body["warnings"][0]["field"] == "realm"
    assert body["warnings"][0]["known"] == ["cinderfall"]


def test_the_api_list_has_no_warnings_for_a_good_search(api_client, catalogue):
    body = api_client.get("/api/cards/", {"q": "realm:cinderfall kw:guardian"}).json()
    assert body["count"] == 1
    assert body["warnings"] == []


def test_the_api_keyword_filter_warns(api_client, catalogue):
    body = api_client.get("/api/cards/", {"keyword": "guardain"}).json()
    assert "Did you mean guardian?" in body["warnings"][0]["message"]


def test_a_new_keyword_is_known_at_once(api_client, catalogue):
    assert api_client.get("/api/cards/", {"q": "kw:flying"}).json()["warnings"]
    AvatarFactory(name="Sky Lancer", keywords=" flying ")
    assert api_client.get("/api/cards/", {"q": "kw:flying"}).json()["warnings"] == []


def test_the_catalogue_page_shows_the_warning_above_the_results(client, catalogue):
    html = client.get(reverse("cards:catalogue"), {"q": "realm:ember"}).content.decode()
    assert 'class="search-warnings"' in html
    assert "No realm is called &quot;ember&quot;. The realms are: cinderfall." in html


def test_the_schema_documents_the_warnings(api_client, db):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paginated = schema["components"]["schemas"]["PaginatedCardList"]
    assert "warnings" in paginated["required"]
    assert paginated["properties"]["warnings"]["items"]["required"] == [
        "field",
        "value",
        "message",
        "known",
    ]
