"""Deleting a deck asks first, hides it everywhere, and can be undone for 30 days."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from decks.models import Deck, DeckVersion, Visibility
from decks.services import DeckChangeError, deck_delete, deck_undelete, decks_purge_deleted
from tests.factories.decks import DeckFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner):
    from decks.services import deck_create
    from tests.factories.decks import FormatFactory

    return deck_create(
        owner=owner, name="Old idea", format=FormatFactory(), visibility=Visibility.PUBLIC
    )


def deleted_days_ago(deck, days):
    deck_delete(deck=deck)
    Deck.objects.filter(pk=deck.pk).update(
        deleted_at=timezone.now() - datetime.timedelta(days=days)
    )


def test_the_delete_link_opens_a_confirmation_page_that_deletes_nothing(logged_in, deck):
    response = logged_in.get(reverse("decks:delete", args=[deck.pk]))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Delete Old idea?" in page
    assert "30 days" in page
    assert Deck.objects.alive().filter(pk=deck.pk).exists()


def test_the_deck_page_links_to_the_confirmation_not_a_one_click_delete(logged_in, deck):
    page = logged_in.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert f'href="{reverse("decks:delete", args=[deck.pk])}"' in page
    assert f'action="{reverse("decks:delete", args=[deck.pk])}"' not in page


def test_a_deleted_deck_is_hidden_from_lists_and_pages(logged_in, client, deck):
    logged_in.post(reverse("decks:delete", args=[deck.pk]), follow=True)  # shows the message
    assert "Old idea" not in logged_in.get(reverse("decks:mine")).content.decode()
    assert "Old idea" not in logged_in.get(reverse("decks:browse")).content.decode()
    assert logged_in.get(reverse("decks:detail", args=[deck.pk])).status_code == 404
    assert logged_in.get(reverse("decks:builder", args=[deck.pk])).status_code == 404
    assert logged_in.get("/api/decks/").json()["count"] == 0


def test_recently_deleted_lists_the_deck_and_restore_brings_it_back(logged_in, deck):
    logged_in.post(reverse("decks:delete", args=[deck.pk]))
    page = logged_in.get(reverse("decks:deleted")).content.decode()
    assert "Old idea" in page
    assert "Restore" in page

    response = logged_in.post(reverse("decks:undelete", args=[deck.pk]))
    assert response["Location"] == reverse("decks:detail", args=[deck.pk])
    assert Deck.objects.alive().filter(pk=deck.pk).exists()
    assert "Old idea" in logged_in.get(reverse("decks:mine")).content.decode()
    # Its history came back with it.
    assert DeckVersion.objects.filter(deck=deck).count() == 1


def test_nobody_else_sees_or_restores_my_deleted_deck(client, deck):
    deck_delete(deck=deck)
    client.force_login(UserFactory(username="snoop"))
    assert "Old idea" not in client.get(reverse("decks:deleted")).content.decode()
    assert client.post(reverse("decks:undelete", args=[deck.pk])).status_code == 404
    assert client.get(reverse("decks:delete", args=[deck.pk])).status_code == 404
    assert not Deck.objects.alive().filter(pk=deck.pk).exists()


def test_a_deck_that_is_not_deleted_cannot_be_undeleted(deck):
    with pytest.raises(DeckChangeError):
        deck_undelete(deck=deck)


def test_a_deleted_deck_refuses_changes(deck):
    from decks.services import deck_update

    deck_delete(deck=deck)
    with pytest.raises(DeckChangeError, match="deleted"):
        deck_update(deck=deck, name="Ghost")


def test_purge_removes_only_decks_deleted_more_than_30_days_ago(deck, owner):
    recent = DeckFactory(owner=owner, name="Recent")
    deleted_days_ago(deck, 31)
    deleted_days_ago(recent, 29)

    assert decks_purge_deleted() == 1

    assert not Deck.objects.filter(pk=deck.pk).exists()
    assert not DeckVersion.objects.filter(deck_id=deck.pk).exists()
    assert Deck.objects.deleted().get() == recent


def test_the_purge_command_says_how_many_went(deck, capsys):
    deleted_days_ago(deck, 40)
    call_command("purge_deleted_decks")
    assert "Purged 1 deleted deck." in capsys.readouterr().out


def test_api_delete_is_the_same_soft_delete(deck, owner):
    from rest_framework.test import APIClient

    api = APIClient()
    api.force_authenticate(owner)
    assert api.delete(f"/api/decks/{deck.pk}/").status_code == 204
    assert Deck.objects.deleted().get() == deck
