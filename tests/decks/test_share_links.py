"""Unlisted decks are shared by an unguessable token, not by a number anyone can count."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from decks.models import Deck, Visibility, new_share_token
from decks.services import deck_create
from tests.factories.decks import FormatFactory, UserFactory


@pytest.fixture
def unlisted(db):
    return deck_create(
        owner=UserFactory(username="sharer"),
        name="Secret tech",
        format=FormatFactory(),
        visibility=Visibility.UNLISTED,
    )


def test_share_tokens_are_long_random_and_never_all_digits():
    tokens = {new_share_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(len(token) >= 22 and not token.isdigit() for token in tokens)


def test_the_shared_page_links_onwards_by_token_only(client, unlisted):
    page = client.get(reverse("decks:detail", args=[unlisted.share_token])).content.decode()
    token_root = f"/decks/s/{unlisted.share_token}/"
    assert f"{token_root}odds/" in page
    assert f"{token_root}history/" in page
    assert f"{token_root}export/text/" in page
    assert f'value="http://testserver{token_root}"' in page
    assert f"/decks/{unlisted.pk}/" not in page


def test_a_stranger_copies_an_unlisted_deck_through_its_link(client, unlisted):
    client.force_login(UserFactory(username="fan"))
    response = client.post(reverse("decks:copy", args=[unlisted.share_token]))
    assert response.status_code == 302
    assert Deck.objects.filter(owner__username="fan", name="Secret tech (copy)").exists()


def test_a_deck_number_never_reverses_to_a_token_url():
    assert reverse("decks:detail", args=[7]) == "/decks/7/"


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_existing_deck_its_own_token():
    executor = MigrationExecutor(connection)
    executor.migrate([("decks", "0002_builtin_formats")])
    old = executor.loader.project_state([("decks", "0002_builtin_formats")]).apps
    owner = old.get_model("auth", "User").objects.create(username="veteran")
    format_ = old.get_model("decks", "Format").objects.create(
        name="Migration test", slug="migration-test", min_cards=40
    )
    OldDeck = old.get_model("decks", "Deck")
    for number in range(3):
        OldDeck.objects.create(owner=owner, name=f"Old {number}", format=format_)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    tokens = list(Deck.objects.values_list("share_token", flat=True))
    assert len(tokens) == 3
    assert len(set(tokens)) == 3
    assert all(len(token) >= 22 for token in tokens)


# --- The owner replaces the secret link ------------------------------------------------


def test_the_owner_resets_the_link_and_the_old_one_opens_nothing(client, unlisted):
    old = unlisted.share_token
    client.force_login(unlisted.owner)
    page = client.get(reverse("decks:detail", args=[old])).content.decode()
    assert f'action="/decks/{unlisted.pk}/new-link/"' in page

    response = client.post(reverse("decks:new_share_link", args=[unlisted.pk]), follow=True)
    unlisted.refresh_from_db()
    assert unlisted.share_token != old
    assert response.redirect_chain[-1][0] == f"/decks/s/{unlisted.share_token}/"
    assert "the old link no longer opens this deck" in response.content.decode()
    client.logout()
    assert client.get(reverse("decks:detail", args=[old])).status_code == 404
    assert client.get(reverse("decks:detail", args=[unlisted.share_token])).status_code == 200


def test_only_the_owner_may_reset_the_link(client, unlisted):
    old = unlisted.share_token
    assert client.post(reverse("decks:new_share_link", args=[unlisted.pk])).status_code == 404
    client.force_login(UserFactory(username="fan"))
    page = client.get(reverse("decks:detail", args=[old])).content.decode()
    assert "new-link" not in page
    assert client.post(reverse("decks:new_share_link", args=[unlisted.pk])).status_code == 404
    assert client.get(reverse("decks:new_share_link", args=[unlisted.pk])).status_code == 405
    unlisted.refresh_from_db()
    assert unlisted.share_token == old


def test_the_api_resets_the_link_for_the_owner_only(api_client, unlisted):
    old = unlisted.share_token
    path = f"/api/decks/{unlisted.pk}/new-share-link/"
    api_client.force_authenticate(UserFactory(username="fan"))
    assert api_client.post(path).status_code == 404
    api_client.force_authenticate(unlisted.owner)
    before = api_client.get(f"/api/decks/{unlisted.pk}/")
    response = api_client.post(path)
    assert response.status_code == 200
    unlisted.refresh_from_db()
    assert response.json()["share_url"].endswith(f"/decks/s/{unlisted.share_token}/")
    assert unlisted.share_token != old
    assert response["ETag"] != before["ETag"]
    assert api_client.get(f"/api/decks/shared/{old}/").status_code == 404
    assert api_client.get(f"/api/decks/shared/{unlisted.share_token}/").status_code == 200
