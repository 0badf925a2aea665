"""The catalogue API's shared response cache: what it answers, what it keeps apart,
and that any write is visible on the next read."""

import uuid

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.core.management import call_command
from rest_framework.test import APIClient

from cards.api import generation, response_cache
from cards.models import Card
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory
from tests.factories.decks import UserFactory

CARDS = "/api/cards/"


class RecordingCache(LocMemCache):
    """A private cache that remembers which responses were stored (under which keys)."""

    def __init__(self) -> None:
        super().__init__(f"responses-{uuid.uuid4()}", {})
        self.stored: list[str] = []

    def set(self, key, value, timeout=None, version=None) -> None:
        if key.startswith("catalogue-response"):
            self.stored.append(key)
        super().set(key, value, timeout, version)


@pytest.fixture
def responses(monkeypatch) -> RecordingCache:
    recording = RecordingCache()
    monkeypatch.setattr(response_cache, "cache", recording)
    monkeypatch.setattr(generation, "cache", recording)  # read in the same round trip
    return recording


@pytest.fixture
def catalogue(db):
    ember = RealmFactory(name="Ember Reach", slug="ember")
    warden = AvatarFactory(name="Ember Warden", slug="ember-warden", realm=ember, cost=2)
    AbilityFactory(card=warden, name="Kindle", effect=[{"verb": "draw_cards", "count": 1}])
    ItemFactory(name="Ember Blade", slug="ember-blade", realm=ember, cost=1)
    return warden


@pytest.fixture
def staff_client(db):
    client = APIClient()
    client.force_authenticate(UserFactory(is_staff=True))
    return client


def names(response) -> list[str]:
    return [card["name"] for card in response.json()["results"]]


# --- Hits ---------------------------------------------------------------------------


def test_cache_hit_answers_the_same_body_and_headers(api_client, catalogue, responses):
    first = api_client.get(CARDS)
    second = api_client.get(CARDS)
    assert len(responses.stored) == 1
    assert second.content == first.content
    assert dict(second.headers) == dict(first.headers)


def test_cache_hit_of_a_detail_answers_the_same_body(api_client, catalogue, responses):
    first = api_client.get(f"{CARDS}ember-warden/")
    assert api_client.get(f"{CARDS}ember-warden/").content == first.content
    assert len(responses.stored) == 1


def test_cache_hit_reads_no_database(api_client, catalogue, responses, django_assert_num_queries):
    api_client.get(CARDS, {"q": "kind:avatar cost<=3", "realm": "ember"})
    with django_assert_num_queries(0):
        response = api_client.get(CARDS, {"q": "kind:avatar cost<=3", "realm": "ember"})
    assert names(response) == ["Ember Warden"]


def test_cache_hit_still_answers_304_to_a_matching_etag(api_client, catalogue, responses):
    etag = api_client.get(CARDS)["ETag"]
    assert api_client.get(CARDS, HTTP_IF_NONE_MATCH=etag).status_code == 304


# --- Separate entries -----------------------------------------------------------------


def test_different_query_strings_are_separate_entries(api_client, catalogue, responses):
    assert names(api_client.get(CARDS, {"kind": "item"})) == ["Ember Blade"]
    assert names(api_client.get(CARDS, {"kind": "avatar"})) == ["Ember Warden"]
    assert len(set(responses.stored)) == 2


def test_page_links_keep_the_host_they_were_asked_on(api_client, catalogue, responses):
    here = api_client.get(CARDS, {"page_size": 1}, HTTP_HOST="localhost").json()
    there = api_client.get(CARDS, {"page_size": 1}, HTTP_HOST="127.0.0.1").json()
    assert here["next"].startswith("http://localhost/")
    assert there["next"].startswith("http://127.0.0.1/")


def test_indented_json_is_a_separate_entry(api_client, catalogue, responses):
    plain = api_client.get(CARDS)
    indented = api_client.get(CARDS, HTTP_ACCEPT="application/json; indent=4")
    assert b"\n    " in indented.content
    assert b"\n" not in plain.content
    assert len(set(responses.stored)) == 2


# --- Never shared -----------------------------------------------------------------


@pytest.mark.parametrize(
    "params", [{"kind": "wizard"}, {"q": "colr:red"}, {"page": 9}], ids=["filter", "q", "page"]
)
def test_error_responses_are_never_stored(api_client, catalogue, responses, params):
    assert api_client.get(CARDS, params).status_code in {400, 404}
    assert api_client.get(f"{CARDS}no-such-card/").status_code == 404
    assert responses.stored == []


def test_logged_in_reads_are_not_stored(staff_client, catalogue, responses):
    assert staff_client.get(CARDS).status_code == 200
    assert responses.stored == []


def test_browsable_api_pages_are_not_stored(api_client, catalogue, responses):
    assert api_client.get(CARDS, {"format": "api"}).status_code == 200
    assert responses.stored == []


# --- Writes are visible on the next read ---------------------------------------------------


def test_staff_create_is_visible_on_the_next_read(api_client, staff_client, catalogue):
    assert api_client.get(CARDS).json()["count"] == 2
    new = {"name": "Cinder Flask", "kind": "item", "realm": "ember", "cost": 1, "bonus_melee": 1}
    assert staff_client.post(CARDS, new, format="json").status_code == 201
    assert "Cinder Flask" in names(api_client.get(CARDS))


def test_staff_update_is_visible_on_the_next_read(api_client, staff_client, catalogue):
    assert api_client.get(f"{CARDS}ember-blade/").json()["flavour_text"] == ""
    change = {"flavour_text": "Still warm."}
    assert staff_client.patch(f"{CARDS}ember-blade/", change, format="json").status_code == 200
    assert api_client.get(f"{CARDS}ember-blade/").json()["flavour_text"] == "Still warm."


def test_staff_ability_change_is_visible_on_the_next_read(api_client, staff_client, catalogue):
    api_client.get(CARDS)
    effect = [{"verb": "draw_cards", "count": 2}]
    abilities = [{"name": "Blaze", "cost": 1, "timing": "activated", "effect": effect}]
    response = staff_client.patch(
        f"{CARDS}ember-warden/", {"abilities": abilities, "note": "Reworked"}, format="json"
    )
    assert response.status_code == 200
    warden = api_client.get(CARDS).json()["results"][1]
    assert [ability["name"] for ability in warden["abilities"]] == ["Blaze"]


def test_staff_delete_is_visible_on_the_next_read(api_client, staff_client, catalogue):
    api_client.get(CARDS)
    assert staff_client.delete(f"{CARDS}ember-blade/").status_code == 204
    assert names(api_client.get(CARDS)) == ["Ember Warden"]
    assert api_client.get(f"{CARDS}ember-blade/").status_code == 404


def test_staff_realm_change_is_visible_in_card_lists(api_client, staff_client, catalogue):
    api_client.get(CARDS)
    change = {"slug": "ember", "name": "Ember Wastes", "colour": "#c0392b", "symbol": "◆"}
    assert staff_client.put("/api/realms/ember/", change, format="json").status_code == 200
    assert api_client.get("/api/realms/ember/").json()["name"] == "Ember Wastes"


def test_delete_and_create_keeping_the_count_is_visible(api_client, catalogue):
    api_client.get(CARDS)
    Card.objects.filter(slug="ember-blade").delete()
    ItemFactory(name="Ember Shield", slug="ember-shield", realm=catalogue.realm)
    assert names(api_client.get(CARDS)) == ["Ember Shield", "Ember Warden"]


# --- The generation: any write outdates every stored answer ------------------------------


def test_a_card_saved_outside_the_api_is_visible_on_the_next_read(api_client, catalogue):
    api_client.get(f"{CARDS}ember-warden/")
    catalogue.name = "Ember Keeper"
    catalogue.save()
    assert api_client.get(f"{CARDS}ember-warden/").json()["name"] == "Ember Keeper"


def test_an_ability_saved_outside_the_api_is_visible_on_the_next_read(api_client, catalogue):
    api_client.get(f"{CARDS}ember-warden/")
    AbilityFactory(card=catalogue, name="Smoulder", effect=[{"verb": "draw_cards", "count": 1}])
    abilities = api_client.get(f"{CARDS}ember-warden/").json()["abilities"]
    assert [ability["name"] for ability in abilities] == ["Kindle", "Smoulder"]


def test_a_write_replaces_the_generation_again_when_it_commits(
    catalogue, django_capture_on_commit_callbacks
):
    # A reader between the write and its commit may store the old rows under the
    # first new token; the token replaced on commit outdates that entry.
    before = generation.current_generation()
    with django_capture_on_commit_callbacks(execute=True):
        catalogue.save()
        at_write = generation.current_generation()
    assert len({before, at_write, generation.current_generation()}) == 3


def test_an_entry_of_an_older_generation_is_never_answered(api_client, catalogue, responses):
    api_client.get(CARDS)
    Card.objects.filter(slug="ember-blade").update(name="Ember Brand")  # sends no signal
    assert "Ember Brand" not in names(api_client.get(CARDS))  # the documented exception...
    generation.catalogue_changed()  # ...which a signal-less write closes itself
    assert "Ember Brand" in names(api_client.get(CARDS))


def test_a_lost_generation_makes_every_entry_a_miss(api_client, catalogue, responses):
    api_client.get(CARDS)
    Card.objects.filter(slug="ember-blade").update(name="Ember Brand")
    responses.delete(generation.GENERATION_KEY)  # culled, or the cache restarted
    assert "Ember Brand" in names(api_client.get(CARDS))
    assert len(responses.stored) == 2


# --- The catalogue's version, read once a generation ------------------------------------


def test_a_miss_reads_the_version_once_a_generation(
    api_client, catalogue, responses, django_assert_num_queries
):
    first = api_client.get(CARDS, {"unseen": 1})
    # Neither the version nor the count again: only the page.
    with django_assert_num_queries(1):
        second = api_client.get(CARDS, {"unseen": 2})
    assert second["ETag"] != first["ETag"]  # the URL is part of it...
    assert second["Last-Modified"] == first["Last-Modified"]


def test_a_write_outdates_the_kept_version(api_client, catalogue, responses):
    first = api_client.get(f"{CARDS}ember-warden/", {"unseen": 1})
    Card.objects.get(slug="ember-blade").delete()  # a deletion leaves Last-Modified alone
    again = api_client.get(f"{CARDS}ember-warden/", {"unseen": 1})
    assert again["ETag"] != first["ETag"]


def test_a_version_kept_in_another_generation_is_never_used(api_client, catalogue, responses):
    responses.set(generation.VERSION_KEY, ("an-old-generation", None, "an-old-digest"))
    response = api_client.get(f"{CARDS}ember-warden/")
    assert response["Last-Modified"]  # the database's version, not the kept one


def test_a_signed_in_read_reads_the_databases_version(
    client, catalogue, responses, django_assert_num_queries
):
    client.force_login(UserFactory(is_staff=True))  # a session cookie: the cache steps aside
    client.get(CARDS, {"unseen": 1})
    # The session, its user, the version and the page (the count is kept).
    with django_assert_num_queries(4):
        client.get(CARDS, {"unseen": 2})


def test_a_migration_outdates_every_stored_answer(db):
    before = generation.current_generation()
    call_command("migrate", "cards", verbosity=0)
    assert generation.current_generation() != before


def test_a_cache_out_of_reach_does_not_stop_a_migration(db, monkeypatch, caplog):
    def unreachable(*args, **kwargs):
        raise ConnectionError("no route to the cache")

    monkeypatch.setattr(generation.cache, "set", unreachable)
    call_command("migrate", "cards", verbosity=0)
    assert "Could not outdate the catalogue's cached responses" in caplog.text
