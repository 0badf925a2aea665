"""Random and malicious search queries on the catalogue page and the API: never a 500."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories.cards import AvatarFactory, CardFactory

pytestmark = pytest.mark.django_db

query_parts = st.one_of(
    st.sampled_from(
        [
            "kind:avatar",
            "cost<=3",
            "cost>99999999999999999999",
            "cost=٣",
            "cost<²",
            'o:"spirit',
            "(",
            ")",
            "-",
            "not",
            "or",
            "and",
            "realm:",
            "kw:\x00",
            "\x00",
            "\ud800",
            "name!=",
            "cost>=-9223372036854775809",
            "*",
            "%",
            "_",
            "\\",
        ]
    ),
    st.text(max_size=8),
)
queries = st.one_of(
    st.lists(query_parts, max_size=8).map(" ".join),
    st.integers(1, 60).map(lambda depth: "(" * depth + "a" + ")" * depth),
    st.integers(1, 60).map(lambda depth: "-" * depth + "a"),
    st.just("a " * 400),
)


@pytest.fixture
def catalogue(db):
    CardFactory(name="Ember Lance", rules_text="Deal 2.")
    AvatarFactory(name="Kael the Ashen", keywords="swift")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(query=queries)
def test_any_search_is_answered_without_a_server_error(client, catalogue, query):
    for path in ("/", "/api/cards/"):
        response = client.get(path, {"q": query.encode("utf-8", "replace").decode()})
        assert response.status_code in {200, 400}, (path, query)
