"""Suggestions for the word being typed: fields, values and card names, few and cheap."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.search import MAX_QUERY_LENGTH
from cards.search.suggest import LIMIT, suggestions
from cards.search.vocabulary import Vocabulary
from tests.factories.cards import AvatarFactory, RealmFactory

VOCABULARY = Vocabulary(
    realms=(("cinderfall", "Cinderfall"), ("thornwild", "Thornwild"), ("tidewell", "Tidewell")),
    keywords=("guardian", "spirit", "spirit-path", "swift"),
)
NAMES = ["Forge Torch", "Forge Warden", "Stoke the Forge"]


def names_containing(partial: str, limit: int) -> list[str]:
    return [name for name in NAMES if partial.lower() in name.lower()][:limit]


def suggest(text: str) -> list[tuple[str, str]]:
    return [(s.kind, s.query) for s in suggestions(text, lambda: VOCABULARY, names_containing)]


def test_a_field_prefix_suggests_field_names():
    assert ("field", "kind:") in suggest("ki")
    assert ("field", "kw:") in suggest("k")


def test_after_a_choice_field_its_values_are_suggested():
    assert suggest("kind:a") == [("value", "kind:avatar "), ("value", "kind:action ")]


def test_after_realm_the_catalogues_realms_are_suggested():
    assert suggest("cost<=2 realm:t") == [
        ("value", "cost<=2 realm:thornwild "),
        ("value", "cost<=2 realm:tidewell "),
    ]


def test_a_negated_keyword_keeps_its_minus_and_the_words_before_it():
    assert suggest("kind:avatar -kw:sp") == [
        ("value", "kind:avatar -kw:spirit "),
        ("value", "kind:avatar -kw:spirit-path "),
    ]


def test_a_bare_word_suggests_card_names_as_phrases():
    assert ("card", '"Forge Warden" ') in suggest("forge")


def test_name_suggests_card_names_quoted():
    assert ("value", 'name:"Forge Warden" ') in suggest("name:warden")


@pytest.mark.parametrize("text", ["", "kind:avatar ", "cost<=", '"spirit pa', "colour:r"])
def test_nothing_is_suggested_where_nothing_fits(text):
    assert suggest(text) == []


def test_a_finished_value_is_not_suggested_again():
    assert suggest("is:spirit") == []


def test_no_realm_or_keyword_field_never_reads_the_vocabulary():
    def unread() -> Vocabulary:
        raise AssertionError("the vocabulary was read")

    assert suggestions("kind:a", unread, names_containing)


@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_gets_at_most_the_limit_each_completing_the_query(text):
    found = suggestions(text, lambda: VOCABULARY, names_containing)
    assert len(found) <= LIMIT
    for suggestion in found:
        assert len(suggestion.query) <= len(text) + 80


# --- The endpoint -------------------------------------------------------------------------

URL = reverse("cards:search_suggest")


@pytest.fixture
def catalogue(db):
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    for number in range(20):
        AvatarFactory(name=f"Forge Warden {number:02d}", realm=realm, keywords=" guardian ")


def test_the_endpoint_answers_json_suggestions(client, catalogue):
    body = client.get(URL, {"q": "realm:c"}).json()
    assert body["suggestions"] == [
        {"kind": "value", "label": "realm:cinderfall", "query": "realm:cinderfall "}
    ]


def test_the_endpoint_limits_card_names(client, catalogue, django_assert_max_num_queries):
    with django_assert_max_num_queries(1):
        body = client.get(URL, {"q": "warden"}).json()
    assert len(body["suggestions"]) == LIMIT


def test_a_query_over_the_limit_is_a_400(client, db):
    response = client.get(URL, {"q": "x" * (MAX_QUERY_LENGTH + 1)})
    assert response.status_code == 400
    assert "too long" in response.json()["error"]


def test_a_control_character_asks_the_database_for_no_card_names(
    client, catalogue, django_assert_num_queries
):
    # No name holds one, and PostgreSQL fails on a NUL in the lookup (bench/hostile/).
    with django_assert_num_queries(0):
        body = client.get(URL, {"q": "Forge\x00"}).json()
    assert body["suggestions"] == []


# The client and the rows are only read, so sharing them between examples is sound.
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=80))
def test_the_endpoint_never_fails_on_any_text(client, catalogue, text):
    response = client.get(URL, {"q": text})
    assert response.status_code == 200
    assert len(response.json()["suggestions"]) <= LIMIT
