"""Staff add formats in the admin without code; slot edits there are versions too."""

import pytest

from decks.models import Format

pytestmark = pytest.mark.django_db

INLINE = "list_entries"


def format_form(**fields) -> dict:
    return {
        "name": "Kalter Constructed",
        "slug": "kalter-constructed",
        "description": "",
        "rulesets": "[]",
        "is_active": "on",
        "min_cards": "60",
        "max_cards": "",
        "sideboard_max": "15",
        "copy_limit": "4",
        "copy_limits_by_rarity": '{"mythic": 1, "champion": 1}',
        "copy_limits_by_kind": "{}",
        "allowed_kinds": "[]",
        "required_kinds": "{}",
        f"{INLINE}-TOTAL_FORMS": "0",
        f"{INLINE}-INITIAL_FORMS": "0",
        **fields,
    }


def test_staff_add_kalter_constructed_in_the_admin(admin_client):
    response = admin_client.post("/admin/decks/format/add/", format_form())
    assert response.status_code == 302
    kalter = Format.objects.get(slug="kalter-constructed")
    assert (kalter.min_cards, kalter.max_cards, kalter.copy_limit) == (60, None, 4)
    assert kalter.copy_limits_by_rarity == {"mythic": 1, "champion": 1}


def test_the_admin_refuses_an_unknown_rarity(admin_client):
    response = admin_client.post(
        "/admin/decks/format/add/", format_form(copy_limits_by_rarity='{"legendary": 1}')
    )
    assert response.status_code == 200
    assert "Unknown rarities: legendary" in response.content.decode()
    assert not Format.objects.filter(slug="kalter-constructed").exists()


def test_deck_admin_pages_open(admin_client, ember_deck):
    listed = admin_client.get("/admin/decks/deck/").content.decode()
    assert f'/admin/decks/deck/{ember_deck.pk}/change/">Ember Rush</a>' in listed
    changed = admin_client.get(f"/admin/decks/deck/{ember_deck.pk}/change/").content.decode()
    assert 'value="Ember Rush"' in changed
    assert 'name="slots-TOTAL_FORMS" value="5"' in changed  # the deck's five slots, inline
    assert (
        'value="Shén Standard"'
        in admin_client.get("/admin/decks/format/1/change/").content.decode()
    )
