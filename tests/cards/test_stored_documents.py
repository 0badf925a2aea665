"""Each card's API document is stored ahead, and a stored document is never out of date:
whatever writes a card, its abilities or its realm, the API shows the new text."""

import copy
import itertools
import json

import pytest
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.renderers import JSONRenderer

from cards.api.serializers import CardSerializer
from cards.api.stored import (
    EveryCardRows,
    card_documents_refresh,
    document_shape,
    stored_rows,
    stored_rows_by_slug,
)
from cards.models import Ability, Card, CardDocument, Realm
from cards.revisions import card_revise
from tests.cards.test_admin import _change_data
from tests.cards.test_catalogue_loading import SAMPLE, _card, _load, _write
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

CARDS = "/api/cards/"
# A new URL for every read, so that no read is answered by the response cache: these
# tests are about the stored documents, whatever that cache holds.
_fresh = itertools.count()


def shown(api_client, slug: str) -> dict:
    """The card as the API shows it now, in its detail and in the list."""
    detail = api_client.get(f"{CARDS}{slug}/", {"fresh": next(_fresh)}).json()
    listed = api_client.get(CARDS, {"page_size": 200, "fresh": next(_fresh)}).json()["results"]
    assert [card for card in listed if card["slug"] == slug] == [detail]
    return detail


def stored(card: Card) -> dict | None:
    document = CardDocument.objects.filter(card=card, shape=document_shape()).first()
    return None if document is None else json.loads(document.text)


def serialized(card: Card) -> dict:
    return json.loads(JSONRenderer().render(CardSerializer(Card.objects.get(pk=card.pk)).data))


@pytest.fixture
def warden():
    card = AvatarFactory(name="Forge Warden", slug="forge-warden", rules_text="Old text.")
    AbilityFactory(card=card, name="Kindle", text="Old ability text.")
    return card


@pytest.fixture
def staff_client(api_client):
    api_client.force_authenticate(UserFactory(is_staff=True))
    return api_client


# --- What is stored -------------------------------------------------------------------


def test_a_stored_document_is_the_serializers_output(warden):
    ItemFactory(name="Ember Blade", keywords=" swift ")
    for card in Card.objects.all():
        assert stored(card) == serialized(card)


def test_a_list_reads_its_cards_stored_documents_in_one_query(
    api_client, warden, django_assert_num_queries
):
    AvatarFactory.create_batch(5, realm=warden.realm)
    # The catalogue's version (which counts the cards: the page's count), the page.
    with django_assert_num_queries(2):
        body = api_client.get(CARDS).json()
    assert body["count"] == len(body["results"]) == 6
    forge = next(card for card in body["results"] if card["slug"] == "forge-warden")
    assert [ability["name"] for ability in forge["abilities"]] == ["Kindle"]


def test_a_filtered_page_reads_documents_for_its_own_cards_only(api_client, warden):
    # Page first: the matches are sorted without their JSON, then the page's fifty (here
    # two) documents are read, not every match's to sort and drop.
    AvatarFactory.create_batch(6, realm=warden.realm)
    with CaptureQueriesContext(connection) as queries:
        page = api_client.get(CARDS, {"kind": "avatar", "page_size": 2, "sort": "-name"})
    reads = [query["sql"] for query in queries if "cards_carddocument" in query["sql"]]
    assert len(reads) == 1 and " IN (" in reads[0]
    names = list(Card.objects.order_by("-name").values_list("slug", flat=True)[:2])
    assert [card["slug"] for card in page.json()["results"]] == names


@pytest.mark.parametrize("filters", [{"kind": "avatar"}, {"realm": 1}], ids=["kind", "realm"])
def test_a_page_of_one_kind_or_realm_is_read_in_name_order_off_an_index(warden, filters):
    # Not every match sorted to keep a page (cards.models.Card.Meta.indexes). Asked of
    # SQLite's planner; PostgreSQL's plans a test's few rows by a sequential scan.
    if connection.vendor != "sqlite":
        pytest.skip("a query plan of SQLite's")
    keys = Card.objects.filter(cost__lte=3, **filters).values_list("pk", flat=True)[:50]
    sql, params = keys.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    assert "USING COVERING INDEX" in plan and "TEMP B-TREE" not in plan


def test_a_card_without_a_stored_document_shows_the_same_json(api_client, warden):
    before = api_client.get(CARDS).content
    CardDocument.objects.all().delete()
    cache.clear()
    assert api_client.get(CARDS).content == before


def test_a_page_of_stored_and_missing_documents_keeps_its_order(api_client, warden):
    AvatarFactory.create_batch(6, realm=warden.realm)
    expected = [card["slug"] for card in api_client.get(CARDS, {"fresh": 1}).json()["results"]]
    CardDocument.objects.filter(card__in=Card.objects.order_by("?")[:3]).delete()
    results = api_client.get(CARDS, {"fresh": 2}).json()["results"]
    assert [card["slug"] for card in results] == expected
    assert results == [serialized(Card.objects.get(slug=slug)) for slug in expected]


QUERIES = [
    {"kind": "avatar", "cost_max": 2},
    {"q": "kind:avatar realm:cinderfall cost<=3"},
    {"q": 'o:"old text" or kw:swift'},
    {"sort": "-cost,name", "page_size": 3, "page": 2},
    {"keyword": "swift"},
    {"realm": "tide", "page_size": 2},
]


@pytest.mark.parametrize("query", QUERIES, ids=[repr(q) for q in QUERIES])
def test_filters_search_ordering_and_pages_apply_to_stored_documents(api_client, warden, query):
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    for number in range(4):
        AvatarFactory(name=f"Cinder {number}", realm=realm, cost=number, rules_text="Old text.")
    ItemFactory(name="Tide Blade", realm=RealmFactory(slug="tide"), keywords=" swift ", cost=3)
    ItemFactory(name="Tide Shield", realm=Realm.objects.get(slug="tide"), cost=0)
    stored_answer = api_client.get(CARDS, query)
    CardDocument.objects.all().delete()
    cache.clear()
    put_together = api_client.get(CARDS, query)
    assert stored_answer.status_code == 200
    assert stored_answer.json()["results"]  # the query finds something
    assert stored_answer.content == put_together.content


def test_a_document_of_another_shape_is_never_shown(api_client, warden):
    CardDocument.objects.update(shape="an-older-release", text='{"slug": "stale"}')
    assert shown(api_client, "forge-warden")["rules_text"] == "Old text."


def test_an_indented_answer_reads_the_stored_documents_back(api_client, warden):
    response = api_client.get(f"{CARDS}forge-warden/", HTTP_ACCEPT="application/json; indent=4")
    assert response.content.decode() == json.dumps(serialized(warden), indent=4)


def test_a_migration_writes_the_documents_cards_lack(warden):
    CardDocument.objects.all().delete()
    call_command("migrate", "cards", verbosity=0)
    assert stored(warden) == serialized(warden)


def test_a_refresh_writes_only_missing_or_outdated_documents(warden):
    assert card_documents_refresh() == 0
    CardDocument.objects.update(shape="an-older-release")
    assert card_documents_refresh() == 1


# --- What nothing filters, read by one plain statement ------------------------------------


@pytest.fixture
def seven(warden):
    """Seven cards, two of them without a stored document."""
    AvatarFactory.create_batch(6, realm=warden.realm)
    CardDocument.objects.filter(card__in=Card.objects.order_by("?")[:2]).delete()


@pytest.mark.parametrize("ordering", [["name"], ["-cost", "name"]])
def test_every_cards_rows_are_the_orms_in_its_order(seven, monkeypatch, ordering):
    monkeypatch.setattr(Card._meta, "ordering", ordering)
    expected = list(stored_rows(Card.objects.all()))
    rows = EveryCardRows()
    assert rows[0:7] == expected
    assert rows[0:3] + rows[3:6] + rows[6:9] == expected
    assert rows[5:5] == []
    assert rows.count() == 7


def test_cards_ordered_by_a_relation_are_left_to_the_orm(seven, monkeypatch):
    monkeypatch.setattr(Card._meta, "ordering", ["realm"])
    with pytest.raises(ImproperlyConfigured):
        EveryCardRows()[0:7]


def test_a_cards_row_by_slug_is_the_orms(seven):
    for card in Card.objects.all():
        assert stored_rows_by_slug(card.slug) == list(stored_rows(Card.objects.filter(pk=card.pk)))
    assert stored_rows_by_slug("no-such-card") == []


# --- The triggers ---------------------------------------------------------------------

TRIGGERS = {
    "sqlite": {
        "cards_document_card_changed",
        "cards_document_card_deleted",
        "cards_document_ability_added",
        "cards_document_ability_changed",
        "cards_document_ability_deleted",
        "cards_document_realm_renamed",
    },
    "postgresql": {
        "cards_document_card_changed",
        "cards_document_ability_changed",
        "cards_document_realm_renamed",
    },
}


def test_every_trigger_exists_after_all_migrations():
    """SQLite drops a table's triggers when a migration rebuilds the table."""
    query = {
        "sqlite": "SELECT name FROM sqlite_master WHERE type = 'trigger'",
        "postgresql": "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal",
    }[connection.vendor]
    with connection.cursor() as cursor:
        cursor.execute(query)
        found = {row[0] for row in cursor.fetchall()}
    assert TRIGGERS[connection.vendor] <= found


# Writes that outdate a card's document without any of the catalogue's services: each
# must delete the stored document in the database itself.
OUTSIDE_WRITES = {
    "card save": lambda card: Card.objects.get(pk=card.pk).save(),
    "card update()": lambda card: Card.objects.filter(pk=card.pk).update(rules_text="New"),
    "ability save": lambda card: Ability.objects.filter(card=card).first().save(),
    "ability update()": lambda card: Ability.objects.filter(card=card).update(text="New"),
    "ability added": lambda card: Ability.objects.bulk_create(
        [Ability(card=card, order=5, name="Ward", timing="activated", effect=[])]
    ),
    "ability deleted": lambda card: Ability.objects.filter(card=card).delete(),
    "realm renamed": lambda card: Realm.objects.filter(pk=card.realm_id).update(slug="ashen"),
    "raw SQL": lambda card: _raw_update(card),
}


def _raw_update(card: Card) -> None:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE cards_card SET cost = 3 WHERE id = %s", [card.pk])


@pytest.mark.parametrize("write", OUTSIDE_WRITES.values(), ids=OUTSIDE_WRITES.keys())
def test_any_write_deletes_the_documents_it_outdates(api_client, warden, write):
    other = ItemFactory(name="Ember Blade", realm=RealmFactory(slug="tide"))
    write(warden)
    assert stored(warden) is None
    assert stored(other) is not None
    assert shown(api_client, "forge-warden") == serialized(warden)


def test_a_realm_saved_without_a_new_slug_keeps_its_cards_documents(warden):
    realm = warden.realm
    realm.description = "Ash and embers."
    realm.save()
    assert stored(warden) is not None


def test_a_deleted_card_takes_its_document_along(warden):
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM cards_ability WHERE card_id = %s", [warden.pk])
        cursor.execute("DELETE FROM cards_card WHERE id = %s", [warden.pk])
    assert not CardDocument.objects.exists()


# --- Every write path: the API shows the new text, from a stored document ---------------


def _through_the_api(staff_client, card):
    response = staff_client.patch(
        f"{CARDS}{card.slug}/", {"rules_text": "New text.", "note": "Clearer"}, format="json"
    )
    assert response.status_code == 200, response.json()


def _through_the_admin(staff_client, card, admin_client):
    data = _change_data(card, rules_text="New text.", errata_note="Clearer")
    response = admin_client.post(reverse("admin:cards_card_change", args=[card.pk]), data)
    assert response.status_code == 302


def _through_errata(staff_client, card):
    card_revise(card=card, changes={"rules_text": "New text."}, note="Clearer")


def _through_an_ability_in_the_admin(staff_client, card, admin_client):
    data = _change_data(card, **{"abilities-0-text": "New text."}, errata_note="Clearer")
    response = admin_client.post(reverse("admin:cards_card_change", args=[card.pk]), data)
    assert response.status_code == 302


WRITE_PATHS = {
    "API": (_through_the_api, "rules_text"),
    "admin": (_through_the_admin, "rules_text"),
    "errata": (_through_errata, "rules_text"),
    "admin ability inline": (_through_an_ability_in_the_admin, "abilities"),
}


@pytest.mark.parametrize("path, field", WRITE_PATHS.values(), ids=WRITE_PATHS.keys())
def test_every_write_path_shows_the_new_text_from_a_stored_document(
    request, api_client, staff_client, warden, path, field
):
    shown(api_client, "forge-warden")
    arguments = [staff_client, warden]
    if "admin_client" in path.__code__.co_varnames:
        arguments.append(request.getfixturevalue("admin_client"))
    path(*arguments)
    now = shown(api_client, "forge-warden")
    text = now["abilities"][0]["text"] if field == "abilities" else now["rules_text"]
    assert text == "New text."
    assert stored(warden) == now


def test_a_card_added_through_the_api_is_stored(api_client, staff_client, warden):
    card = {"name": "Ash Squire", "kind": "action", "realm": warden.realm.slug, "cost": 1}
    effect = [{"verb": "draw_cards", "count": 1}]
    abilities = [{"name": "Spark", "timing": "on_play", "effect": effect, "text": "Sparks."}]
    response = staff_client.post(CARDS, {**card, "abilities": abilities}, format="json")
    assert response.status_code == 201, response.json()
    assert stored(Card.objects.get(slug="ash-squire")) == shown(api_client, "ash-squire")


def test_a_card_added_in_the_admin_is_stored(api_client, admin_client, warden):
    data = _change_data(AvatarFactory.build(realm=warden.realm, name="Reef Sentry"))
    data |= {"slug": "reef-sentry", "realm": warden.realm.pk}
    assert admin_client.post(reverse("admin:cards_card_add"), data).status_code == 302
    assert stored(Card.objects.get(slug="reef-sentry")) == shown(api_client, "reef-sentry")


def test_a_realm_renamed_through_the_api_stores_its_cards_again(api_client, staff_client, warden):
    slug = warden.realm.slug
    response = staff_client.patch(f"/api/realms/{slug}/", {"slug": "ashen"}, format="json")
    assert response.status_code == 200, response.json()
    assert shown(api_client, "forge-warden")["realm"] == "ashen"
    assert stored(warden)["realm"] == "ashen"


def test_a_realm_renamed_in_the_admin_stores_its_cards_again(api_client, admin_client, warden):
    realm = warden.realm
    data = {"name": realm.name, "slug": "ashen", "colour": realm.colour, "symbol": realm.symbol}
    url = reverse("admin:cards_realm_change", args=[realm.pk])
    assert admin_client.post(url, data).status_code == 302
    assert stored(warden)["realm"] == "ashen"


def test_a_catalogue_load_stores_every_card_and_each_change(api_client, tmp_path):
    _load()
    assert CardDocument.objects.filter(shape=document_shape()).count() == Card.objects.count()
    document = copy.deepcopy(SAMPLE)
    _card(document, "slag-brute")["rules_text"] = "New text."
    _load(_write(tmp_path, document))
    brute = Card.objects.get(slug="slag-brute")
    assert shown(api_client, "slag-brute")["rules_text"] == "New text."
    assert stored(brute) == serialized(brute)
