"""The search help page documents the syntax from the parser's own field table."""

from urllib.parse import quote_plus

import pytest
from django.urls import reverse

from cards.search import FIELDS, parse_query
from cards.views.search_help import EXAMPLES

pytestmark = pytest.mark.django_db


@pytest.fixture
def help_page(client) -> str:
    response = client.get(reverse("cards:search_help"))
    assert response.status_code == 200
    return response.content.decode()


def test_every_field_and_alias_is_documented(help_page):
    for field in FIELDS:
        assert f"<code>{field.name}</code>" in help_page
        for alias in field.aliases:
            assert f"<code>{alias}</code>" in help_page


def test_operators_or_parentheses_negation_and_quoting_are_explained(help_page):
    for heading in ("Comparisons", "and, or, parentheses", "Negation", "Words and phrases"):
        assert f">{heading}</h2>" in help_page
    for operator in ("!=", "&lt;=", "&gt;="):
        assert f"<code>{operator}</code>" in help_page


def test_examples_link_to_the_catalogue_with_their_query(help_page):
    assert (
        f'href="/?q={quote_plus("kind:avatar cost<=2", safe="")}"'.replace("+", "%20") in help_page
    )


def test_every_example_query_parses():
    for query, _meaning in EXAMPLES:
        parse_query(query.format(realm="ember"))
