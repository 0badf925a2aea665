"""A card's own page and its SVG face."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from cards.models import CardRevision
from cards.revisions import card_revise
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def warden():
    realm = RealmFactory(name="Ember", slug="ember", colour="#c0392b", symbol="火")
    card = AvatarFactory(
        name="Ember Warden",
        slug="ember-warden",
        realm=realm,
        cost=3,
        melee=3,
        defense=2,
        ranged=1,
        movement=2,
        keywords=" swift guardian ",
        rules_text="Guards the stone.",
        flavour_text="It never sleeps.",
    )
    AbilityFactory(
        card=card,
        name="Flare",
        cost=2,
        timing="in_combat",
        effect=[{"verb": "extra_dice", "count": 2}],
    )
    return card


def test_card_page_shows_the_face_inline(client, warden):
    response = client.get(reverse("cards:card", args=[warden.slug]))
    assert response.status_code == 200
    assert b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 630 880"' in response.content


def test_card_page_shows_stats_keywords_and_texts(client, warden):
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    assert "<h1>Ember Warden</h1>" in page
    assert '<th scope="row">Movement</th><td>2</td>' in page
    assert "swift" in page
    assert "Guards the stone." in page
    assert "It never sleeps." in page


def test_card_page_describes_ability_cost_timing_and_effect(client, warden):
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    assert "cost 2 Shén · in combat" in page
    assert "rolls 2 extra combat dice." in page


def test_item_page_lists_what_the_bearer_gains(client):
    item = ItemFactory(bonus_melee=2, bonus_movement=-1)
    page = client.get(reverse("cards:card", args=[item.slug])).content.decode()
    assert "+2 melee" in page
    assert "-1 movement" in page


def test_revision_history_shows_before_after_and_note(client, warden):
    card_revise(
        card=warden,
        changes={"cost": 4},
        note="Cost raised after the July tests",
        when=timezone.make_aware(datetime.datetime(2026, 7, 1)),
    )
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    assert "1 July 2026" in page
    assert "Cost raised after the July tests" in page
    assert "<del>3</del>" in page
    assert "<ins>4</ins>" in page


def test_older_revision_compares_with_the_values_the_next_one_replaced(client, warden):
    for when, cost, note in ((1, 4, "First errata"), (2, 2, "Second errata")):
        card_revise(
            card=warden,
            changes={"cost": cost},
            note=note,
            when=timezone.make_aware(datetime.datetime(2026, 7, when)),
        )
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    first = page[page.index("First errata") :]
    assert "<del>3</del>" in first
    assert "<ins>4</ins>" in first
    assert "<td>2</td>" in first  # the value now differs from this revision's result


def test_revision_with_ability_change_describes_both_effects(client, warden):
    CardRevision.objects.create(
        card=warden,
        revised_at=timezone.now(),
        note="Flare was weaker",
        previous={
            "abilities": [
                {
                    "name": "Flare",
                    "cost": 2,
                    "timing": "in_combat",
                    "effect": [{"verb": "extra_dice", "count": 1, "target": "self"}],
                    "text": "",
                }
            ]
        },
    )
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    assert "rolls 1 extra combat dice." in page
    assert "rolls 2 extra combat dice." in page


def test_card_without_revisions_says_it_has_no_errata(client, warden):
    page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    assert "no errata" in page


def test_unknown_card_is_404(client):
    assert client.get(reverse("cards:card", args=["no-such-card"])).status_code == 404


def test_card_svg_is_served_as_an_svg_image(client, warden):
    response = client.get(reverse("cards:card_svg", args=[warden.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b"<svg")


def test_card_page_is_a_constant_number_of_queries(client, warden, django_assert_max_num_queries):
    for cost in (4, 1):
        card_revise(card=warden, changes={"cost": cost}, note=f"Cost {cost}")
    with django_assert_max_num_queries(4):
        page = client.get(reverse("cards:card", args=[warden.slug])).content.decode()
    # All of it: the card, its ability and both revisions.
    assert "<h1>Ember Warden</h1>" in page and "cost 2 Shén · in combat" in page
    assert "— Cost 4" in page and "— Cost 1" in page
