"""Edits close together share a version; a named version is frozen; the history pages."""

import pytest
from django.urls import reverse

from decks.models import Board
from decks.services import (
    deck_adjust_slot,
    deck_create,
    deck_move_card,
    deck_replace_slots,
    deck_restore_version,
)
from decks.versions import EDIT_GROUP_MINUTES, version_label
from decks.views.history import VERSIONS_PER_PAGE
from tests.factories.cards import CardFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner):
    return deck_create(owner=owner, name="Ember Rush", format=FormatFactory())


@pytest.fixture
def lance():
    return CardFactory(name="Ember Lance")


def numbers(deck) -> list[int]:
    return sorted(deck.versions.values_list("number", flat=True))


def test_edits_within_the_window_amend_one_version(deck, lance, clock):
    for _ in range(5):
        deck_adjust_slot(deck=deck, card=lance, delta=1)
        clock.advance(minutes=EDIT_GROUP_MINUTES - 1)
    assert numbers(deck) == [1, 2]
    grouped = deck.versions.get(number=2)
    assert grouped.edits == 5
    [row] = grouped.slots
    assert row == {"card": lance.slug, "name": "Ember Lance", "board": "main", "count": 5}
    assert grouped.note == "5 edits, the last: Ember Lance: 4 → 5 (main deck)"


def test_the_window_counts_from_the_last_edit_and_its_boundary_still_groups(deck, lance, clock):
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    clock.advance(minutes=EDIT_GROUP_MINUTES)  # exactly at the boundary: still the same version
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    assert numbers(deck) == [1, 2]
    clock.advance(minutes=EDIT_GROUP_MINUTES + 0.01)  # just past it: a new version
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    assert numbers(deck) == [1, 2, 3]
    assert deck.versions.get(number=3).slots[0]["count"] == 3


def test_creation_import_and_restore_versions_are_never_amended(deck, lance, clock):
    deck_adjust_slot(deck=deck, card=lance, delta=1)  # v2, not folded into "Created"
    deck_restore_version(deck=deck, number=1)  # v3
    deck_adjust_slot(deck=deck, card=lance, delta=1)  # v4: a restore takes no edits
    deck_replace_slots(deck=deck, entries=[], note="Import")  # v5
    assert numbers(deck) == [1, 2, 3, 4, 5]
    assert deck.versions.get(number=1).note == "Created"


def test_a_move_is_an_edit_too(deck, lance, clock):
    deck_adjust_slot(deck=deck, card=lance, delta=2)
    deck_move_card(deck=deck, card=lance, from_board=Board.MAIN, to_board=Board.SIDE)
    assert numbers(deck) == [1, 2]
    assert {row["board"] for row in deck.versions.get(number=2).slots} == {"main", "side"}


def test_naming_a_version_freezes_it(deck, lance, clock):
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    version_label(deck=deck, number=2, label="  Before   the  tournament ")
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    assert numbers(deck) == [1, 2, 3]
    named = deck.versions.get(number=2)
    assert named.label == "Before the tournament"
    assert named.slots[0]["count"] == 1


def test_naming_an_unknown_version_finds_none(deck):
    assert version_label(deck=deck, number=9, label="x") is None


def test_history_page_names_a_version(client, owner, deck, lance, clock):
    deck_adjust_slot(deck=deck, card=lance, delta=1)
    client.force_login(owner)
    url = reverse("decks:version_label", args=[deck.pk])
    response = client.post(url, {"number": 2, "label": "Testing list"}, follow=True)
    assert "Named version 2 “Testing list”." in response.content.decode()
    assert "“Testing list”" in client.get(reverse("decks:history", args=[deck.pk])).content.decode()
    assert deck.versions.get(number=2).label == "Testing list"


@pytest.mark.parametrize(
    "data", [{"number": "x", "label": "A"}, {"number": 2, "label": "x" * 81}, {"number": 0}]
)
def test_history_page_refuses_a_bad_name_and_changes_nothing(client, owner, deck, data):
    client.force_login(owner)
    client.post(reverse("decks:version_label", args=[deck.pk]), data)
    assert not deck.versions.exclude(label="").exists()


def test_only_the_owner_names_versions(client, deck):
    client.force_login(UserFactory(username="someone-else"))
    response = client.post(reverse("decks:version_label", args=[deck.pk]), {"number": 1})
    assert response.status_code == 404


def test_history_paginates_and_keeps_the_chosen_pair(client, owner, deck, lance, edits_far_apart):
    for _ in range(VERSIONS_PER_PAGE + 4):
        deck_adjust_slot(deck=deck, card=lance, delta=1)
    client.force_login(owner)
    url = reverse("decks:history", args=[deck.pk])
    first = client.get(url).content.decode()
    assert first.count('class="version"') == VERSIONS_PER_PAGE
    assert f'id="version-{VERSIONS_PER_PAGE + 5}"' in first  # newest first
    assert "?page=2" in first
    second = client.get(url, {"page": 2, "a": 1, "b": 3}).content.decode()
    assert second.count('class="version"') == 5
    assert 'id="version-1"' in second
    assert "From version 1 to version 3" in second
    assert "page=1&amp;a=1&amp;b=3" in second  # the pager keeps the pair
