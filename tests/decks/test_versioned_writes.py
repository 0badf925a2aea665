"""Two tabs or two API clients editing one deck: a stale write is refused, never a silent revert."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from decks.models import Deck
from decks.services import DeckStaleError, deck_adjust_slot, deck_update
from tests.decks.test_builder import settings_data
from tests.factories.cards import CardFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(deck):
    """The owner's deck, renamed once: its revision is past the first."""
    deck_update(deck=deck, name="First name")
    return deck


@pytest.fixture
def tab(logged_in):
    return logged_in


def form_as_loaded(deck):
    """The settings form's fields as a builder tab opened now would post them."""
    deck.refresh_from_db()
    return settings_data(deck)


def autosave(client, deck, form, **changes):
    return client.post(
        reverse("decks:builder_settings", args=[deck.pk]),
        {**form, **changes},
        HTTP_HX_REQUEST="true",
    )


def test_a_save_from_a_stale_tab_is_refused_and_keeps_the_other_tabs_name(tab, deck):
    tab_a = form_as_loaded(deck)
    tab_b = form_as_loaded(deck)

    assert autosave(tab, deck, tab_a, name="Renamed in A").status_code == 200
    refused = autosave(tab, deck, tab_b, description="Written in B")

    assert refused.status_code == 409
    page = refused.content.decode()
    assert "changed in another tab" in page
    assert "Reload the latest version" in page
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("Renamed in A", "")


def test_the_stale_tab_stays_refused_until_it_reloads(tab, deck):
    tab_a, tab_b = form_as_loaded(deck), form_as_loaded(deck)
    autosave(tab, deck, tab_a, name="Renamed in A")
    refused = autosave(tab, deck, tab_b, description="Written in B")
    # The refused form still carries B's old revision, not the deck's new one.
    assert f'name="revision" value="{tab_b["revision"]}"' in refused.content.decode()
    assert autosave(tab, deck, tab_b, description="Again").status_code == 409

    reloaded = form_as_loaded(deck)
    assert autosave(tab, deck, reloaded, description="Written in B").status_code == 200
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("Renamed in A", "Written in B")


def test_an_autosave_writes_only_the_fields_that_changed(tab, deck):
    before = form_as_loaded(deck)
    response = autosave(tab, deck, before, description="Only this")
    assert "Saved." in response.content.decode()
    deck.refresh_from_db()
    assert deck.revision == before["revision"] + 1
    # Nothing changed: nothing written, so other tabs stay current.
    autosave(tab, deck, form_as_loaded(deck))
    assert Deck.objects.get(pk=deck.pk).revision == before["revision"] + 1


def test_a_save_without_a_revision_is_refused(tab, deck):
    form = form_as_loaded(deck)
    del form["revision"]
    assert autosave(tab, deck, form, name="No revision").status_code == 409
    assert Deck.objects.get(pk=deck.pk).name == "First name"


def test_card_clicks_do_not_make_the_settings_form_stale(tab, deck):
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=1)  # declares the Home Realm
    form = form_as_loaded(deck)
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=1)
    assert autosave(tab, deck, form, name="Still fine").status_code == 200
    assert Deck.objects.get(pk=deck.pk).name == "Still fine"


def test_a_first_card_declaring_the_home_realm_makes_an_older_form_stale(tab, deck):
    # The older form shows no Home Realm: saved, it would take the declared one away.
    form = form_as_loaded(deck)
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=1)
    assert autosave(tab, deck, form, name="Renamed").status_code == 409
    assert Deck.objects.get(pk=deck.pk).home_realm is not None


def test_a_stale_save_without_javascript_redirects_with_the_reason(tab, deck):
    stale = form_as_loaded(deck)
    deck_update(deck=deck, name="Moved on")
    response = tab.post(
        reverse("decks:builder_settings", args=[deck.pk]), {**stale, "name": "Old"}, follow=True
    )
    assert "changed elsewhere" in response.content.decode()
    assert Deck.objects.get(pk=deck.pk).name == "Moved on"


def test_the_service_refuses_a_stale_revision(deck):
    with pytest.raises(DeckStaleError):
        deck_update(deck=deck, based_on=deck.revision + 1, name="Never")


# --- API: ETag and If-Match -------------------------------------------------------


@pytest.fixture
def api(owner):
    client = APIClient()
    client.force_authenticate(owner)
    return client


def url(deck):
    return f"/api/decks/{deck.pk}/"


def test_a_deck_read_carries_an_etag_that_changes_with_each_write(api, deck):
    first = api.get(url(deck))["ETag"]
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=1)
    second = api.get(url(deck))["ETag"]
    deck_update(deck=deck, name="Renamed")
    third = api.get(url(deck))["ETag"]
    assert len({first, second, third}) == 3


@pytest.mark.parametrize("method", ["put", "patch"])
def test_a_write_with_the_current_etag_succeeds_and_answers_the_new_one(api, deck, method):
    tag = api.get(url(deck))["ETag"]
    body = {"name": "Fresh", "format": deck.format.slug}
    response = getattr(api, method)(url(deck), body, format="json", HTTP_IF_MATCH=tag)
    assert response.status_code == 200
    assert response["ETag"] != tag
    assert response["ETag"] == api.get(url(deck))["ETag"]


@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_a_write_with_a_stale_etag_is_412_and_changes_nothing(api, deck, method):
    tag = api.get(url(deck))["ETag"]
    deck_update(deck=deck, description="Someone else's")
    body = {"name": "Stale", "format": deck.format.slug}
    response = getattr(api, method)(url(deck), body, format="json", HTTP_IF_MATCH=tag)
    assert response.status_code == 412
    assert "GET it again" in response.json()["detail"]
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.deleted_at) == ("First name", "Someone else's", None)


def test_a_stale_etag_is_refused_even_when_only_the_slots_moved_on(api, deck):
    tag = api.get(url(deck))["ETag"]
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=1)
    response = api.patch(url(deck), {"entries": []}, format="json", HTTP_IF_MATCH=tag)
    assert response.status_code == 412
    assert deck.slots.count() == 1


def test_if_match_star_or_one_of_several_tags_matches(api, deck):
    tag = api.get(url(deck))["ETag"]
    assert api.patch(url(deck), {"name": "A"}, HTTP_IF_MATCH="*").status_code == 200
    assert Deck.objects.get(pk=deck.pk).name == "A"
    current = api.get(url(deck))["ETag"]
    both = f"{tag}, {current}"
    assert api.patch(url(deck), {"name": "B"}, HTTP_IF_MATCH=both).status_code == 200
    assert Deck.objects.get(pk=deck.pk).name == "B"


def test_the_schema_documents_if_match_and_etag(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/decks/{id}/"]["patch"]
    assert "If-Match" in [p["name"] for p in operation["parameters"] if p["in"] == "header"]
    assert "412" in operation["responses"]
    assert "ETag" in operation["responses"]["200"]["headers"]
