"""The catalogue's version: one query, and a new version for every change a reader could see."""

import pytest

from cards.catalogue_version import _version_queryset, _version_rows, catalogue_version
from cards.models import Card
from tests.factories.cards import AvatarFactory, ItemFactory, RealmFactory


@pytest.fixture
def realm(db):
    return RealmFactory(name="Ember Reach", slug="ember")


@pytest.fixture
def blade(realm):
    AvatarFactory(name="Ember Warden", realm=realm)
    return ItemFactory(name="Ember Blade", realm=realm)


def test_version_is_one_query(blade, django_assert_num_queries):
    with django_assert_num_queries(1):
        catalogue_version()


def test_version_query_compiled_once_reads_what_the_orm_reads(blade):
    _version_rows()  # compiled on the first call, reused on the next
    assert _version_rows() == [list(row) for row in _version_queryset()]


def test_version_of_an_empty_catalogue(db):
    assert catalogue_version().last_modified is None


def test_version_is_stable_while_nothing_changes(blade):
    assert catalogue_version() == catalogue_version()


def test_last_modified_is_the_newest_card_change(blade):
    assert catalogue_version().last_modified == blade.updated_at


def test_saving_a_card_changes_the_version(blade):
    before = catalogue_version()
    blade.save()
    assert catalogue_version().digest != before.digest


def test_deleting_an_older_card_changes_the_version(blade):
    before = catalogue_version()
    Card.objects.get(name="Ember Warden").delete()
    assert catalogue_version().digest != before.digest


def test_delete_and_insert_keeping_count_and_newest_change_changes_the_version(blade, realm):
    before = catalogue_version()
    blade.delete()
    shield = ItemFactory(name="Ember Shield", realm=realm)
    # As if written with a clock behind the one that wrote the blade.
    Card.objects.filter(pk=shield.pk).update(updated_at=before.last_modified)
    after = catalogue_version()
    assert after.last_modified == before.last_modified
    assert after.digest != before.digest


@pytest.mark.parametrize(
    ("field", "value"),
    [("name", "Ember Wastes"), ("slug", "wastes"), ("colour", "#000000"), ("description", "Ash")],
)
def test_changing_a_realm_changes_the_version(blade, realm, field, value):
    before = catalogue_version()
    setattr(realm, field, value)
    realm.save()
    assert catalogue_version().digest != before.digest
