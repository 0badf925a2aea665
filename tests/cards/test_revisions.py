"""card_revise: rules changes keep the earlier values with a date and a note."""

import datetime

import pytest
from django.core.exceptions import ValidationError

from cards.models import CardRevision
from cards.revisions import card_revise
from tests.factories.cards import AbilityFactory, AvatarFactory, RealmFactory, SpiritAvatarFactory

pytestmark = pytest.mark.django_db

ERRATA_DAY = datetime.datetime(2026, 7, 11, tzinfo=datetime.UTC)


def test_rules_change_records_the_previous_value_with_date_and_note():
    spirit = SpiritAvatarFactory(movement=3)

    card_revise(card=spirit, changes={"movement": 2}, note="Errata 1", when=ERRATA_DAY)

    revision = spirit.revisions.get()
    assert (revision.previous, revision.note, revision.revised_at) == (
        {"movement": 3},
        "Errata 1",
        ERRATA_DAY,
    )
    spirit.refresh_from_db()
    assert spirit.movement == 2


def test_flavour_change_records_no_revision():
    card = AvatarFactory()

    card_revise(card=card, changes={"flavour_text": "New words"}, note="")

    assert not CardRevision.objects.exists()


def test_unchanged_value_records_no_revision():
    card = AvatarFactory(cost=2)

    card_revise(card=card, changes={"cost": 2}, note="Same")

    assert not CardRevision.objects.exists()


def test_rules_change_without_a_note_is_refused_and_writes_nothing():
    card = AvatarFactory(cost=2)

    with pytest.raises(ValidationError):
        card_revise(card=card, changes={"cost": 3}, note=" ")

    card.refresh_from_db()
    assert card.cost == 2


def test_invalid_result_is_refused_and_writes_nothing():
    card = AvatarFactory(cost=2)

    with pytest.raises(ValidationError) as caught:
        card_revise(card=card, changes={"cost": 9}, note="Too dear")

    assert "cost" in caught.value.message_dict
    card.refresh_from_db()
    assert card.cost == 2


def test_unknown_field_is_refused():
    with pytest.raises(ValidationError):
        card_revise(card=AvatarFactory(), changes={"slug": "other"}, note="Rename")


def test_ability_change_replaces_abilities_and_keeps_the_old_ones():
    card = AvatarFactory()
    AbilityFactory(card=card, name="Old", cost=1)
    new = {
        "name": "New",
        "cost": 2,
        "timing": "activated",
        "effect": [{"verb": "draw_cards", "count": 2}],
    }

    card_revise(card=card, changes={"abilities": [new]}, note="Stronger")

    assert [ability.name for ability in card.abilities.all()] == ["New"]
    (old,) = card.revisions.get().previous["abilities"]
    assert (old["name"], old["cost"]) == ("Old", 1)


def test_realm_change_records_the_previous_realm_slug():
    card = AvatarFactory(realm=RealmFactory(name="Cinderfall"))

    card_revise(card=card, changes={"realm": RealmFactory(name="Tidewell")}, note="Moved")

    assert card.revisions.get().previous == {"realm": "cinderfall"}


def test_revisions_list_newest_first():
    card = AvatarFactory(cost=1)
    card_revise(card=card, changes={"cost": 2}, note="First", when=ERRATA_DAY)
    card_revise(card=card, changes={"cost": 3}, note="Second")

    assert [revision.note for revision in card.revisions.all()] == ["Second", "First"]
