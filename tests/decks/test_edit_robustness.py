"""Whatever revision, If-Match or share token a request carries, it gets an answer, never a 500."""

from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from decks.models import Deck
from tests.decks.test_builder import settings_data

pytestmark = pytest.mark.django_db

# Function-scoped fixtures are fine here: every example checks only what it did itself.
EXAMPLES = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
# What an HTTP server passes on: no control character but tab (the site refuses the rest
# with a 400 too, shen_site.header_check).
SERVER_REFUSED = "".join(map(chr, [*range(0x00, 0x09), *range(0x0A, 0x20), 0x7F]))
header_text = st.text(
    st.characters(blacklist_categories=("Cs",), blacklist_characters=SERVER_REFUSED), max_size=60
)


@EXAMPLES
@given(if_match=header_text | st.just("*") | st.just('""'))
def test_any_if_match_is_applied_or_refused_with_412(owner, deck, if_match):
    api = APIClient()
    api.force_authenticate(owner)
    before = Deck.objects.get(pk=deck.pk)

    response = api.patch(
        f"/api/decks/{deck.pk}/", {"description": "X"}, format="json", HTTP_IF_MATCH=if_match
    )

    assert response.status_code in (200, 412)
    after = Deck.objects.get(pk=deck.pk)
    if response.status_code == 412:
        assert after.revision == before.revision


@EXAMPLES
@given(revision=header_text | st.integers().map(str))
def test_any_posted_revision_is_saved_or_refused_with_409(logged_in, deck, revision):
    deck.refresh_from_db()
    data = {**settings_data(deck), "revision": revision, "description": revision[:50]}

    response = logged_in.post(f"/decks/{deck.pk}/edit/settings/", data, HTTP_HX_REQUEST="true")

    assert response.status_code in (200, 409)
    if response.status_code == 409:
        assert Deck.objects.get(pk=deck.pk).revision == deck.revision


@EXAMPLES
@given(token=header_text)
def test_any_share_token_in_a_url_is_not_found(client, deck, token):
    assert client.get(f"/decks/s/{quote(token, safe='')}/").status_code == 404
    assert client.get(f"/api/decks/shared/{quote(token, safe='')}/").status_code == 404
