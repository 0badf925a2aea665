"""A search whose card-name words find nothing offers the corrected search, on the page and
in the API; any query is answered, at a bounded cost."""

import re
from html import unescape
from urllib.parse import parse_qs, urlparse

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.search.did_you_mean import CLOSE_MATCHES
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory

pytestmark = pytest.mark.django_db
URL = reverse("cards:catalogue")


@pytest.fixture
def catalogue():
    cinderfall = RealmFactory(name="Cinderfall", slug="cinderfall")
    tidewell = RealmFactory(name="Tidewell", slug="tidewell")
    AvatarFactory(name="Cinder Hound", realm=cinderfall)
    AvatarFactory(name="Hound of the Kiln", realm=cinderfall)
    AvatarFactory(name="Reef Hound", realm=tidewell)
    ItemFactory(name="Tide Blade", realm=tidewell)
    CardFactory(name="Ember Lance", realm=cinderfall, rules_text="Deal 2 to a hunted Avatar.")


def corrections(html: str) -> list[tuple[str, str]]:
    """(label, q of its link) for each correction the page offers."""
    found = re.findall(r'<a class="correction" href="([^"]+)">([^<]+)</a>', html)
    return [
        (unescape(label), parse_qs(urlparse(unescape(href)).query)["q"][0]) for href, label in found
    ]


def shown(html: str, within: str = "") -> list[str]:
    if within:
        html = html.split(within, 1)[1]
    return re.findall(r'class="card-name card-tile-name">([^<]+)<', html)


# --- The page ---------------------------------------------------------------------------


def test_a_mistyped_name_offers_the_card_and_shows_it(client, catalogue):
    html = client.get(URL, {"q": "cindr hound"}).content.decode()
    assert "Did you mean" in html
    assert corrections(html) == [("Cinder Hound", "cinder hound")]
    assert shown(html, within='class="did-you-mean"') == ["Cinder Hound"]
    assert "<strong>0</strong> cards" in html


def test_a_correction_finding_several_cards_reads_as_the_query(client, catalogue):
    html = client.get(URL, {"q": "houndd"}).content.decode()
    assert corrections(html) == [("hound", "hound")]
    assert "The 3 close matches:" in html
    assert shown(html, within='class="did-you-mean"') == [
        "Cinder Hound",
        "Hound of the Kiln",
        "Reef Hound",
    ]


def test_equally_near_corrections_are_offered_without_cards(client, catalogue):
    AvatarFactory(name="Sage of Ash")
    AvatarFactory(name="Sago Palm")
    html = client.get(URL, {"q": "sagg"}).content.decode()
    assert corrections(html) == [("Sage of Ash", "sage"), ("Sago Palm", "sago")]
    assert "Did you mean" in html
    assert shown(html, within='class="did-you-mean"') == []  # which one was meant?


def test_the_correction_keeps_the_other_filters(client, catalogue):
    html = client.get(URL, {"q": "houndd", "realm": "tidewell", "sort": "-cost"}).content.decode()
    ((label, _q),) = corrections(html)
    assert label == "Reef Hound"  # the one hound of Tidewell
    href = unescape(re.search(r'<a class="correction" href="([^"]+)"', html).group(1))
    assert parse_qs(urlparse(href).query) == {
        "q": ["hound"],
        "realm": ["tidewell"],
        "sort": ["-cost"],
    }


def test_a_correction_that_finds_nothing_with_the_filters_is_not_offered(client, catalogue):
    html = client.get(URL, {"q": "houndd", "kind": "item"}).content.decode()
    assert corrections(html) == []
    assert "No cards match" in html


@pytest.mark.parametrize("text", ["hound", "cindr or hound"])
def test_a_search_that_finds_cards_offers_nothing(client, catalogue, text):
    html = client.get(URL, {"q": text}).content.decode()
    assert shown(html)
    assert 'class="did-you-mean"' not in html


def test_a_word_of_some_cards_text_is_not_corrected(client, catalogue):
    # "hunted" is in Ember Lance's text, so "hound hunted" is no typo of "Hound".
    html = client.get(URL, {"q": "hound hunted"}).content.decode()
    assert 'class="did-you-mean"' not in html


def test_the_htmx_partial_offers_the_correction_too(client, catalogue):
    html = client.get(URL, {"q": "cindr hound"}, headers={"HX-Request": "true"}).content.decode()
    assert "<form" not in html
    assert corrections(html) == [("Cinder Hound", "cinder hound")]


def test_a_renamed_card_is_offered_at_once(client, catalogue):
    assert corrections(client.get(URL, {"q": "frost hund"}).content.decode()) == []
    AvatarFactory(name="Frost Hound")
    html = client.get(URL, {"q": "frost hund"}).content.decode()
    assert corrections(html) == [("Frost Hound", "frost hound")]


def test_many_close_matches_are_counted_and_cut_short(client, catalogue):
    realm = RealmFactory(name="Kennel", slug="kennel")
    for number in range(CLOSE_MATCHES + 2):
        AvatarFactory(name=f"Kennel Hound {number}", realm=realm)
    html = client.get(URL, {"q": "houndd"}).content.decode()
    assert len(shown(html, within='class="did-you-mean"')) == CLOSE_MATCHES
    assert f"The first {CLOSE_MATCHES} of {CLOSE_MATCHES + 5} close matches:" in html


# --- The API ----------------------------------------------------------------------------


def test_the_api_list_carries_the_correction(api_client, catalogue):
    body = api_client.get("/api/cards/", {"q": "cindr hound"}).json()
    assert body["count"] == 0
    assert body["did_you_mean"] == [
        {
            "query": "cinder hound",
            "label": "Cinder Hound",
            "count": 1,
            "cards": [{"name": "Cinder Hound", "slug": "cinder-hound"}],
        }
    ]


def test_the_api_list_has_no_correction_for_a_search_that_finds_cards(api_client, catalogue):
    assert api_client.get("/api/cards/", {"q": "hound"}).json()["did_you_mean"] == []
    # A mistyped word beside one that finds cards: nothing to mend.
    assert api_client.get("/api/cards/", {"q": "cindr or hound"}).json()["did_you_mean"] == []
    assert api_client.get("/api/cards/").json()["did_you_mean"] == []


def test_the_schema_documents_the_corrections(api_client, db):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paginated = schema["components"]["schemas"]["PaginatedCardList"]
    assert "did_you_mean" in paginated["required"]
    item = paginated["properties"]["did_you_mean"]["items"]
    assert item["required"] == ["query", "label", "count", "cards"]


# --- Any query, at a bounded cost -------------------------------------------------------

# The page's own queries (5: test_catalogue_page), the catalogue's version for the name
# index and the index's one read, MAX_TYPOS + 1 rules-text look-ups, and two for each
# of CHOICES corrected searches.
MOST_QUERIES = 5 + 2 + 4 + 2 * 3

words = st.one_of(
    st.sampled_from(
        [
            "cindr",
            "houndd",
            "hund",
            "Hound",
            "name:hund",
            '"cindr hund"',
            "-cindr",
            "kind:avatar",
            "realm:tidewel",
            "%",
            "_",
            "\\",
            "'; DROP TABLE cards_card; --",
            "(a|b)+$",
            ".*",
            "ÉLAN",
            "straße",
            "名前",
            "\u0301",
            "\x00",
            "a" * 40,
        ]
    ),
    st.text(max_size=10),
)


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(query=st.lists(words, max_size=10).map(" ".join))
def test_any_query_answers_with_a_bounded_number_of_queries(client, catalogue, query):
    text = query.encode("utf-8", "replace").decode()
    with CaptureQueriesContext(connection) as page:
        response = client.get(URL, {"q": text})
    assert response.status_code == 200
    assert len(page.captured_queries) <= MOST_QUERIES, [q["sql"] for q in page.captured_queries]
    with CaptureQueriesContext(connection) as api:
        response = client.get("/api/cards/", {"q": text})
    assert response.status_code in {200, 400}
    assert len(api.captured_queries) <= MOST_QUERIES + 3  # the API's version and counts
