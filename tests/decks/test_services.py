"""Deck services: each slot change is a version; diff, restore, copy, update, delete."""

import threading

import pytest
from django.db import connection

from decks.decklist import DecklistEntry, deck_entries
from decks.models import MAX_COPIES_PER_SLOT, Board, Deck, DeckVersion, Visibility
from decks.services import (
    DeckChangeError,
    deck_adjust_slot,
    deck_copy,
    deck_create,
    deck_delete,
    deck_move_card,
    deck_replace_slots,
    deck_restore_version,
    deck_set_slot,
    deck_update,
)
from decks.versions import SlotChange, version_diff
from tests.factories.cards import CardFactory
from tests.factories.decks import FormatFactory, UserFactory

# Edits far apart: each one is its own version (tests/decks/test_versions.py groups them).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("edits_far_apart")]


@pytest.fixture
def deck():
    return deck_create(owner=UserFactory(), name="Ember Rush", format=FormatFactory())


def counts(deck) -> dict[tuple[str, str], int]:
    return {(entry.card.slug, entry.board): entry.count for entry in deck_entries(deck)}


def numbers(deck) -> list[int]:
    return sorted(deck.versions.values_list("number", flat=True))


def test_create_starts_the_history_at_version_1(deck):
    [version] = deck.versions.all()
    assert (version.number, version.slots, version.note) == (1, [], "Created")


def test_create_with_entries_writes_slots_and_snapshot():
    card = CardFactory(name="Ember Lance")
    deck = deck_create(
        owner=UserFactory(),
        name="Lances",
        format=FormatFactory(),
        entries=[DecklistEntry(card, 2), DecklistEntry(card, 1)],
    )
    assert counts(deck) == {("ember-lance", "main"): 3}
    assert deck.versions.get().slots == [
        {"card": "ember-lance", "name": "Ember Lance", "board": "main", "count": 3}
    ]


def test_create_refuses_a_blank_name():
    with pytest.raises(DeckChangeError):
        deck_create(owner=UserFactory(), name="  ", format=FormatFactory())
    assert not Deck.objects.exists()


def test_set_slot_records_a_version(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, board=Board.MAIN, count=3)
    assert counts(deck) == {(card.slug, "main"): 3}
    assert numbers(deck) == [1, 2]


def test_set_slot_to_zero_removes_the_card(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=3)
    deck_set_slot(deck=deck, card=card, count=0)
    assert counts(deck) == {}
    assert numbers(deck) == [1, 2, 3]


def test_set_slot_without_a_change_records_no_version(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=2)
    deck_set_slot(deck=deck, card=card, count=2)
    assert numbers(deck) == [1, 2]


@pytest.mark.parametrize(("board", "count"), [("main", -1), ("maybe", 1)])
def test_set_slot_refuses_bad_input_and_changes_nothing(deck, board, count):
    with pytest.raises(DeckChangeError):
        deck_set_slot(deck=deck, card=CardFactory(), board=board, count=count)
    assert counts(deck) == {}
    assert numbers(deck) == [1]


def test_adjust_slot_adds_a_copy_as_a_version(deck):
    card = CardFactory()
    deck_adjust_slot(deck=deck, card=card, board=Board.SIDE, delta=1)
    assert counts(deck) == {(card.slug, "side"): 1}
    assert deck.versions.get(number=2).note == f"{card.name}: 0 → 1 (sideboard)"


def test_two_quick_adds_give_two_copies(deck):
    card = CardFactory()
    # Each click loads its own copy of the deck; the count is read under the lock, not from it.
    first_click, second_click = Deck.objects.get(pk=deck.pk), Deck.objects.get(pk=deck.pk)
    deck_adjust_slot(deck=first_click, card=card, delta=1)
    deck_adjust_slot(deck=second_click, card=card, delta=1)
    assert counts(deck) == {(card.slug, "main"): 2}
    assert numbers(deck) == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_two_adds_at_the_same_moment_give_two_copies():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite locks the whole database; the row lock is PostgreSQL's to prove.")
    deck = deck_create(owner=UserFactory(), name="Ember Rush", format=FormatFactory())
    card = CardFactory()
    both_ready = threading.Barrier(2)
    failures: list[Exception] = []

    def click() -> None:
        try:
            clicked = Deck.objects.get(pk=deck.pk)
            both_ready.wait()
            deck_adjust_slot(deck=clicked, card=card, delta=1)
        except Exception as error:
            failures.append(error)
        finally:
            connection.close()

    clicks = [threading.Thread(target=click) for _ in range(2)]
    for thread in clicks:
        thread.start()
    for thread in clicks:
        thread.join()
    assert failures == []
    assert counts(deck) == {(card.slug, "main"): 2}
    assert numbers(deck) == [1, 2, 3]


def test_adjust_slot_down_to_zero_removes_the_card(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=1)
    deck_adjust_slot(deck=deck, card=card, delta=-1)
    assert counts(deck) == {}
    assert numbers(deck) == [1, 2, 3]


def test_adjust_slot_stops_at_zero_and_records_no_version(deck):
    deck_adjust_slot(deck=deck, card=CardFactory(), delta=-1)
    assert counts(deck) == {}
    assert numbers(deck) == [1]


def test_adjust_slot_refuses_more_than_the_maximum_and_changes_nothing(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=MAX_COPIES_PER_SLOT)
    with pytest.raises(DeckChangeError, match=f"at most {MAX_COPIES_PER_SLOT}"):
        deck_adjust_slot(deck=deck, card=card, delta=1)
    assert counts(deck) == {(card.slug, "main"): MAX_COPIES_PER_SLOT}
    assert numbers(deck) == [1, 2]


def test_adjust_slot_refuses_an_unknown_board(deck):
    with pytest.raises(DeckChangeError, match="Unknown board"):
        deck_adjust_slot(deck=deck, card=CardFactory(), board="maybe", delta=1)
    assert numbers(deck) == [1]


def test_move_card_to_the_sideboard(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=3)
    deck_move_card(deck=deck, card=card, from_board=Board.MAIN, to_board=Board.SIDE, count=2)
    assert counts(deck) == {(card.slug, "main"): 1, (card.slug, "side"): 2}
    assert numbers(deck) == [1, 2, 3]


def test_move_card_refuses_more_than_the_board_holds(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=1)
    with pytest.raises(DeckChangeError, match="holds 1"):
        deck_move_card(deck=deck, card=card, from_board=Board.MAIN, to_board=Board.SIDE, count=2)
    assert counts(deck) == {(card.slug, "main"): 1}


def test_replace_slots_is_one_version(deck):
    a, b = CardFactory(), CardFactory()
    deck_replace_slots(
        deck=deck, entries=[DecklistEntry(a, 3), DecklistEntry(b, 1, Board.SIDE)], note="Import"
    )
    assert counts(deck) == {(a.slug, "main"): 3, (b.slug, "side"): 1}
    assert deck.versions.get(number=2).note == "Import"


def test_version_diff_between_any_two_versions(deck):
    a = CardFactory(name="Ash")
    b = CardFactory(name="Bramble")
    deck_set_slot(deck=deck, card=a, count=3)  # v2
    deck_set_slot(deck=deck, card=b, count=2)  # v3
    deck_set_slot(deck=deck, card=a, count=1)  # v4
    v1, v3, v4 = (DeckVersion.objects.get(deck=deck, number=n) for n in (1, 3, 4))
    assert version_diff(v1, v4) == [
        SlotChange("ash", "Ash", "main", 0, 1),
        SlotChange("bramble", "Bramble", "main", 0, 2),
    ]
    [change] = version_diff(v3, v4)
    assert (change.kind, change.delta) == ("changed", -2)
    assert version_diff(v4, v1)[0].kind == "removed"


def test_restore_version_brings_back_its_slots_as_a_new_version(deck):
    a, b = CardFactory(), CardFactory()
    deck_set_slot(deck=deck, card=a, count=3)  # v2
    deck_set_slot(deck=deck, card=b, count=2, board=Board.SIDE)  # v3
    deck_set_slot(deck=deck, card=a, count=0)  # v4
    deck_restore_version(deck=deck, number=2)
    assert counts(deck) == {(a.slug, "main"): 3}
    restored = deck.versions.get(number=5)
    assert restored.note == "Restored version 2"
    assert version_diff(deck.versions.get(number=2), restored) == []


def test_restore_an_unknown_version_is_refused(deck):
    with pytest.raises(DeckChangeError, match="no version 9"):
        deck_restore_version(deck=deck, number=9)


def test_copy_makes_a_private_deck_for_the_new_owner(deck):
    card = CardFactory()
    deck_set_slot(deck=deck, card=card, count=2)
    deck_update(deck=deck, visibility=Visibility.PUBLIC)
    reader = UserFactory()
    copy = deck_copy(deck=deck, owner=reader)
    assert (copy.owner, copy.visibility, copy.name) == (reader, "private", "Ember Rush (copy)")
    assert counts(copy) == counts(deck)
    assert numbers(copy) == [1]


def test_update_changes_only_known_fields(deck):
    deck_update(deck=deck, name=" Ember Control ", description="Slow.")
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("Ember Control", "Slow.")
    with pytest.raises(DeckChangeError, match="owner"):
        deck_update(deck=deck, owner=UserFactory())


def test_update_refuses_an_unknown_visibility(deck):
    with pytest.raises(DeckChangeError, match="visibility"):
        deck_update(deck=deck, visibility="secret")


def test_delete_hides_the_deck_but_keeps_its_history(deck):
    deck_delete(deck=deck)
    assert not Deck.objects.alive().exists()
    assert Deck.objects.deleted().get() == deck
    assert DeckVersion.objects.filter(deck=deck).exists()
