"""Live search: a query is judged when typing pauses on a whole token or on submit, never
while its last token is still being typed (``kind:av`` on the way to ``kind:avatar``)."""

import pytest
from django.urls import reverse

from cards.search import MAX_QUERY_LENGTH, SearchSyntaxError, parse_query
from tests.factories.cards import AvatarFactory, ItemFactory

URL = reverse("cards:catalogue")
TYPING = {"HX-Request": "true", "Shen-Search": "typing"}


def error_of(query: str) -> SearchSyntaxError:
    with pytest.raises(SearchSyntaxError) as raised:
        parse_query(query)
    return raised.value


@pytest.mark.parametrize(
    "query",
    [
        "kind:av",  # a value on its way
        "cost<=2 rarity:ra",
        "is:spi",
        "kind:",  # a value not yet begun
        "kind:avatar or",  # an operand to come
        "kind:avatar -",
        '"spirit pa',  # a phrase being typed
        'o:"spirit ',  # a phrase, after its first word
        "(kind:avatar",  # a group not yet closed
        "(kind:avatar or (cost<2",
    ],
)
def test_a_query_failing_only_in_what_is_being_typed_may_be_unfinished(query):
    assert error_of(query).may_be_unfinished


@pytest.mark.parametrize(
    "query",
    [
        "kind:av ",  # the token is finished: a space came after it
        "cost<cheap kind:avatar",  # the bad token is not the last
        "kind:avx",  # no kind starts so
        "cost<cheap",  # no number does
        "cost<=12345",
        'kind:"av"',  # the quote closed it
        "kind<avatar",  # no operator but ":" applies to kind
        "kind:avatar)",
        "colour:red",
        "a" * (MAX_QUERY_LENGTH + 1),  # no more typing makes it shorter
        "()",
    ],
)
def test_a_query_failing_in_a_finished_token_is_not(query):
    assert not error_of(query).may_be_unfinished


# --- The page ---------------------------------------------------------------------------


@pytest.fixture
def catalogue(db):
    AvatarFactory(name="Ash Squire")
    ItemFactory(name="Ember Blade")


@pytest.mark.parametrize("typed", ["kind:av", 'o:"spirit ', "(kind:avatar", "kind:avatar or"])
def test_typing_an_unfinished_token_changes_nothing_shown(client, catalogue, typed):
    response = client.get(URL, {"q": typed}, headers=TYPING)
    assert response.status_code == 204  # htmx swaps nothing, pushes no URL
    assert response.content == b""
    assert "Shen-Search" in response["Vary"]


def test_submitting_the_unfinished_token_explains_the_error(client, catalogue):
    submitted = client.get(URL, {"q": "kind:av"}, headers={"HX-Request": "true"})
    assert submitted.status_code == 200
    assert "The search could not be read" in submitted.content.decode()
    plain = client.get(URL, {"q": "kind:av"})
    assert "The search could not be read" in plain.content.decode()


def test_a_finished_token_typed_is_judged(client, catalogue):
    finished = client.get(URL, {"q": "kind:av "}, headers=TYPING)
    assert finished.status_code == 200
    assert "Unknown kind" in finished.content.decode()


def test_a_whole_token_typed_shows_its_results(client, catalogue):
    response = client.get(URL, {"q": "kind:avatar"}, headers=TYPING)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ash Squire" in html
    assert "Ember Blade" not in html


def test_an_error_before_the_last_token_is_shown_while_typing(client, catalogue):
    response = client.get(URL, {"q": "cost<cheap kind:av"}, headers=TYPING)
    assert response.status_code == 200
    assert "cost needs a whole number" in response.content.decode()
