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
