"""Every example query the help page and the README show finds cards in the sample catalogue.

The queries are read out of the rendered help page and the README, not copied here,
so an example that stops matching anything (``realm:ember`` when no realm is called
that) fails this test.
"""

import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import call_command
from django.urls import reverse

README = Path(__file__).resolve().parents[2] / "README.md"
# A link to the catalogue with a query: href="/?q=kind%3Aavatar..."
CATALOGUE_LINK = re.compile(r'href="(/\?q=[^"]*)"')
# An API call with a query in a code span of the README: `GET /api/cards/?q=...`
README_QUERY = re.compile(r"`GET /api/cards/\?q=([^`]+)`")


@pytest.fixture(scope="module")
def sample_catalogue(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_catalogue", no_progress=True)
    yield
    with django_db_blocker.unblock():
        from cards.models import Card, Realm

        Card.objects.all().delete()
        Realm.objects.all().delete()


# Sections whose examples are meant to find nothing.
MISTAKES = {"errors", "typos"}


def help_page_sections(client) -> dict[str, list[str]]:
    """The example queries of the help page, by the id of the section they stand in."""
    html = client.get(reverse("cards:search_help")).content.decode()
    sections = {}
    for section in re.split(r"<section ", html)[1:]:
        name = re.match(r'id="([^"]+)"', section).group(1)
        links = [unescape(link) for link in CATALOGUE_LINK.findall(section)]
        sections[name] = [parse_qs(urlsplit(link).query)["q"][0] for link in links]
    return sections


def readme_queries() -> list[str]:
    return README_QUERY.findall(README.read_text(encoding="utf-8"))


def test_the_help_page_and_readme_have_examples_to_check(client, db, sample_catalogue):
    sections = help_page_sections(client)
    assert len([q for name, qs in sections.items() if name not in MISTAKES for q in qs]) >= 20
    assert readme_queries()


@pytest.mark.django_db
def test_every_help_page_example_finds_cards(client, api_client, sample_catalogue):
    for section, queries in help_page_sections(client).items():
        if section in MISTAKES:
            continue  # these sections show queries that are meant to find nothing
        for query in queries:
            body = api_client.get("/api/cards/", {"q": query}).json()
            assert body.get("count", 0) >= 1, f"{query!r} (help page, #{section}) finds no card"
            assert body["warnings"] == [], f"{query!r} warns: {body['warnings']}"


@pytest.mark.django_db
def test_every_readme_example_finds_cards(api_client, sample_catalogue):
    for query in readme_queries():
        body = api_client.get("/api/cards/", {"q": query}).json()
        assert body.get("count", 0) >= 1, f"{query!r} (README) finds no card"
        assert body["warnings"] == [], f"{query!r} warns: {body['warnings']}"


@pytest.mark.django_db
def test_the_help_pages_misspelt_names_offer_the_card(client, api_client, sample_catalogue):
    misspelt = help_page_sections(client)["typos"]
    assert misspelt
    for query in misspelt:
        body = api_client.get("/api/cards/", {"q": query}).json()
        assert body["count"] == 0, query
        assert body["did_you_mean"][0]["count"] >= 1, query


@pytest.mark.django_db
def test_the_help_pages_mistakes_are_reported_as_mistakes(client, api_client, sample_catalogue):
    mistakes = help_page_sections(client)["errors"]
    assert mistakes
    for query in mistakes:
        assert api_client.get("/api/cards/", {"q": query}).status_code == 400, query
