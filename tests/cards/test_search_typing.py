"""Live search: a query is judged when typing pauses on a whole token or on submit, never
while its last token is still being typed (``kind:av`` on the way to ``kind:avatar``)."""

import pytest

from cards.search import MAX_QUERY_LENGTH, SearchSyntaxError, parse_query


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
