"""A private deck is invisible to everyone but its owner; nobody changes another's deck."""

import pytest
from django.urls import reverse

from decks.models import Visibility
from decks.services import deck_create, deck_delete, deck_set_slot
from tests.factories.cards import CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db

READ_PAGES = [
    ("decks:detail", {}),
    ("decks:odds", {}),
    ("decks:sample_hand", {}),
    ("decks:history", {}),
    ("decks:export", {"kind": "text"}),
    ("decks:export", {"kind": "json"}),
    ("decks:export", {"kind": "csv"}),
    ("decks:export", {"kind": "code"}),
    ("decks:export", {"kind": "sheet"}),
    ("decks:export", {"kind": "pdf"}),
]
OWNER_PAGES = [("decks:builder", {}), ("decks:builder_search", {})]


@pytest.fixture
def card():
    return CardFactory(name="Cinder Bolt", realm=RealmFactory(name="Ember"))


def owned(owner, card, visibility):
    deck = deck_create(
        owner=owner, name=f"{visibility} deck", format=FormatFactory(), visibility=visibility
    )
    deck_set_slot(deck=deck, card=card, board="main", count=2)
    return deck


@pytest.fixture
def private_deck(owner, card):
    return owned(owner, card, Visibility.PRIVATE)


@pytest.fixture
def public_deck(owner, card):
    return owned(owner, card, Visibility.PUBLIC)


@pytest.fixture(params=["anonymous", "other user"])
def stranger(request, client):
    if request.param == "other user":
        client.force_login(UserFactory(username="stranger"))
    return client


def url(name, deck, kwargs):
    return reverse(name, kwargs={"pk": deck.pk, **kwargs})


def snapshot(deck):
    deck.refresh_from_db()
    slots = sorted(deck.slots.values_list("card__slug", "board", "count"))
    return (deck.name, deck.visibility, slots, deck.versions.count())


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES + OWNER_PAGES)
def test_private_deck_is_not_found_by_strangers(stranger, private_deck, name, kwargs):
    assert stranger.get(url(name, private_deck, kwargs)).status_code == 404


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES + OWNER_PAGES)
def test_private_deck_opens_for_its_owner(client, owner, private_deck, name, kwargs):
    client.force_login(owner)
    assert client.get(url(name, private_deck, kwargs)).status_code == 200


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES)
def test_unlisted_deck_opens_by_its_share_link_for_anyone(client, owner, card, name, kwargs):
    unlisted = owned(owner, card, Visibility.UNLISTED)
    shared = reverse(name, kwargs={"pk": unlisted.share_token, **kwargs})
    assert shared.startswith(f"/decks/s/{unlisted.share_token}/")
    assert client.get(shared).status_code == 200


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES + OWNER_PAGES)
def test_unlisted_deck_is_not_found_by_its_number_for_strangers(
    stranger, owner, card, name, kwargs
):
    # Numbers can be counted: an unlisted deck opens only through its unguessable token.
    unlisted = owned(owner, card, Visibility.UNLISTED)
    assert stranger.get(url(name, unlisted, kwargs)).status_code == 404


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES)
def test_unlisted_deck_opens_by_its_number_for_its_owner(client, owner, card, name, kwargs):
    client.force_login(owner)
    unlisted = owned(owner, card, Visibility.UNLISTED)
    assert client.get(url(name, unlisted, kwargs)).status_code == 200


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES)
def test_private_deck_is_not_found_by_its_share_token(stranger, private_deck, name, kwargs):
    shared = reverse(name, kwargs={"pk": private_deck.share_token, **kwargs})
    assert stranger.get(shared).status_code == 404


@pytest.mark.parametrize(("name", "kwargs"), READ_PAGES)
def test_deleted_deck_is_not_found_even_by_its_owner(client, owner, public_deck, name, kwargs):
    client.force_login(owner)
    deck_delete(deck=public_deck)
    assert client.get(url(name, public_deck, kwargs)).status_code == 404
    shared = reverse(name, kwargs={"pk": public_deck.share_token, **kwargs})
    assert client.get(shared).status_code == 404


def test_a_wrong_share_token_is_not_found(client):
    assert client.get("/decks/s/not-the-right-token-at-all/").status_code == 404


@pytest.mark.parametrize(("name", "kwargs"), OWNER_PAGES)
def test_public_deck_builder_is_not_found_for_strangers(stranger, public_deck, name, kwargs):
    assert stranger.get(url(name, public_deck, kwargs)).status_code == 404


def test_copy_of_a_private_deck_is_not_found(stranger, private_deck):
    response = stranger.post(reverse("decks:copy", args=[private_deck.pk]))
    assert response.status_code == 404


def change_requests(deck, card):
    settings = {
        "name": "Taken over",
        "format": deck.format.pk,
        "visibility": "public",
        "description": "",
        "home_realm": "",
    }
    return [
        ("decks:builder_change", {"card": card.slug, "board": "main", "action": "add"}),
        ("decks:builder_change", {"card": card.slug, "board": "main", "action": "set", "count": 0}),
        ("decks:builder_change", {"card": card.slug, "board": "main", "action": "move"}),
        ("decks:builder_settings", settings),
        ("decks:restore", {"number": 1}),
        ("decks:delete", {}),
    ]


@pytest.mark.parametrize("visibility", [Visibility.PRIVATE, Visibility.PUBLIC])
def test_strangers_posts_to_another_deck_are_refused_and_change_nothing(
    stranger, owner, card, visibility
):
    deck = owned(owner, card, visibility)
    before = snapshot(deck)
    for name, data in change_requests(deck, card):
        response = stranger.post(reverse(name, args=[deck.pk]), data, HTTP_HX_REQUEST="true")
        assert response.status_code == 404, name
    assert snapshot(deck) == before


def test_private_deck_is_not_listed_in_browse_or_on_the_card_page(client, private_deck, card):
    assert private_deck.name not in client.get(reverse("decks:browse")).content.decode()
    card_page = client.get(reverse("cards:card", args=[card.slug])).content.decode()
    assert private_deck.name not in card_page


def test_private_deck_is_not_found_by_card_search_in_browse(client, private_deck, card):
    html = client.get(reverse("decks:browse"), {"card": card.slug}).content.decode()
    assert private_deck.name not in html


def test_another_users_my_decks_does_not_show_my_private_deck(client, private_deck):
    client.force_login(UserFactory(username="stranger"))
    assert private_deck.name not in client.get(reverse("decks:mine")).content.decode()
