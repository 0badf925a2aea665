"""Staff pages for cards and realms; edits with an errata note keep the earlier version."""

import json

import pytest
from django.urls import reverse

from cards.models import Card
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory

pytestmark = pytest.mark.django_db


def _change_data(card: Card, **overrides) -> dict:
    """The change form as the browser would post it, abilities inline."""
    data = {
        "name": card.name,
        "kind": card.kind,
        "realm": card.realm_id,
        "cost": card.cost,
        "rarity": card.rarity,
        "rules_text": card.rules_text,
        "flavour_text": card.flavour_text,
        "keywords": card.keywords,
        "melee": card.melee,
        "defense": card.defense,
        "ranged": card.ranged,
        "movement": card.movement,
        "bonus_melee": 0,
        "bonus_defense": 0,
        "bonus_ranged": 0,
        "bonus_movement": 0,
        "target": card.target,
        "errata_note": "",
        "revisions-TOTAL_FORMS": 0,
        "revisions-INITIAL_FORMS": 0,
    }
    abilities = list(card.abilities.all()) if card.pk else []
    data |= {"abilities-TOTAL_FORMS": len(abilities), "abilities-INITIAL_FORMS": len(abilities)}
    for index, ability in enumerate(abilities):
        prefix = f"abilities-{index}-"
        data |= {
            f"{prefix}id": ability.pk,
            f"{prefix}card": card.pk,
            f"{prefix}order": ability.order,
            f"{prefix}name": ability.name,
            f"{prefix}cost": ability.cost,
            f"{prefix}timing": ability.timing,
            f"{prefix}effect": json.dumps(ability.effect),
            f"{prefix}text": ability.text,
        }
    return data | overrides


@pytest.fixture
def avatar():
    card = AvatarFactory(cost=2, movement=2)
    AbilityFactory(card=card, name="Deep Find")
    return card


def _change_url(card: Card) -> str:
    return reverse("admin:cards_card_change", args=[card.pk])


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("admin:cards_card_changelist", ">Deep Delver</a>"),
        ("admin:cards_card_add", 'name="abilities-TOTAL_FORMS"'),
        ("admin:cards_realm_changelist", ">Deepwater</a>"),
        ("admin:cards_realm_add", 'name="colour"'),
    ],
)
def test_staff_can_open_the_catalogue_admin_pages(admin_client, url, shown):
    AvatarFactory(name="Deep Delver", realm=RealmFactory(name="Deepwater"))
    response = admin_client.get(reverse(url))
    assert response.status_code == 200
    assert shown in response.content.decode()


def test_staff_can_open_a_card_change_page(admin_client, avatar):
    response = admin_client.get(_change_url(avatar))

    assert response.status_code == 200
    assert b"Errata note" in response.content


def test_changelist_filters_by_kind_and_spirit(admin_client, avatar):
    response = admin_client.get(
        reverse("admin:cards_card_changelist"), {"kind": "avatar", "is_spirit__exact": "0"}
    )

    assert avatar.name in response.content.decode()


def test_change_with_an_errata_note_records_a_revision(admin_client, avatar):
    data = _change_data(avatar, movement=1, errata_note="Slower after playtests")

    response = admin_client.post(_change_url(avatar), data)

    assert response.status_code == 302
    revision = avatar.revisions.get()
    assert (revision.previous, revision.note) == ({"movement": 2}, "Slower after playtests")


def test_ability_change_in_the_inline_records_one_revision(admin_client, avatar):
    data = _change_data(avatar, **{"abilities-0-cost": 3}, errata_note="Dearer")

    admin_client.post(_change_url(avatar), data)

    revision = avatar.revisions.get()
    assert revision.previous["abilities"][0]["cost"] == 1
    assert avatar.abilities.get().cost == 3


def test_change_without_a_note_gets_a_note_naming_the_editor(admin_client, admin_user, avatar):
    admin_client.post(_change_url(avatar), _change_data(avatar, cost=3))

    assert avatar.revisions.get().note == f"Changed in the admin by {admin_user}"


def test_flavour_edit_records_no_revision(admin_client, avatar):
    admin_client.post(_change_url(avatar), _change_data(avatar, flavour_text="New words"))

    avatar.refresh_from_db()
    assert avatar.flavour_text == "New words"
    assert not avatar.revisions.exists()


def test_bad_effect_in_the_inline_is_a_form_error_naming_the_field(admin_client, avatar):
    bad = json.dumps([{"verb": "draw_cards", "count": 0}])

    response = admin_client.post(
        _change_url(avatar), _change_data(avatar, **{"abilities-0-effect": bad})
    )

    assert response.status_code == 200
    assert "effect.0.count: must be at least 1" in response.content.decode()
    assert avatar.abilities.get().effect == [{"verb": "draw_cards", "count": 1}]


def test_avatar_without_traits_is_a_form_error(admin_client, avatar):
    response = admin_client.post(_change_url(avatar), _change_data(avatar, melee=""))

    assert response.status_code == 200
    assert "an Avatar needs every trait" in response.content.decode()


def test_staff_can_add_a_card_with_keywords_normalised(admin_client):
    realm = RealmFactory()
    data = _change_data(AvatarFactory.build(realm=realm, name="Reef Sentry"))
    data |= {"slug": "reef-sentry", "keywords": "Guardian  Coral", "realm": realm.pk}

    response = admin_client.post(reverse("admin:cards_card_add"), data)

    assert response.status_code == 302
    assert Card.objects.get(slug="reef-sentry").keywords == " guardian coral "


def test_item_without_bonus_or_ability_is_refused(admin_client):
    realm = RealmFactory()
    data = _change_data(ItemFactory.build(realm=realm, name="Empty Box", bonus_melee=0))
    data |= {"slug": "empty-box", "realm": realm.pk, "melee": "", "defense": ""}
    data |= {"ranged": "", "movement": ""}

    response = admin_client.post(reverse("admin:cards_card_add"), data)

    assert response.status_code == 200
    assert "an Item needs at least one bonus or ability" in response.content.decode()
    assert not Card.objects.filter(slug="empty-box").exists()
