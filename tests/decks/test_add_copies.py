"""Several copies in one gesture: up to a count or up to the format's copy limit ("+ max")."""

import pytest

from decks.decklist import deck_entries
from decks.models import Board, ListStatus
from decks.services import DeckChangeError, deck_add_copies, deck_create, deck_set_slot
from tests.factories.cards import CardFactory
from tests.factories.decks import FormatFactory, FormatListEntryFactory, UserFactory

pytestmark = pytest.mark.django_db

LIMIT = "Shén Standard allows 3 copies of a card by name, main deck and sideboard together"


@pytest.fixture
def deck():
    return deck_create(owner=UserFactory(), name="Ember Rush", format=FormatFactory())


@pytest.fixture
def hound():
    return CardFactory(name="Cinder Hound")


def counts(deck) -> dict[tuple[str, str], int]:
    return {(entry.card.name, entry.board): entry.count for entry in deck_entries(deck)}


def test_add_copies_adds_the_count_asked(deck, hound):
    added = deck_add_copies(deck=deck, card=hound, count=2)
    assert (added.added, added.summary) == (2, "Added 2 Cinder Hound.")
    assert counts(deck) == {("Cinder Hound", "main"): 2}


def test_add_copies_stops_at_the_copy_limit_and_says_so(deck, hound):
    deck_set_slot(deck=deck, card=hound, count=1)
    added = deck_add_copies(deck=deck, card=hound, count=5)
    assert added.added == 2
    assert added.summary == f"Added 2 Cinder Hound, not 5: {LIMIT}."
    assert counts(deck) == {("Cinder Hound", "main"): 3}


def test_sideboard_copies_count_toward_the_limit(deck, hound):
    deck_set_slot(deck=deck, card=hound, board=Board.SIDE, count=2)
    assert deck_add_copies(deck=deck, card=hound, count=3).added == 1
    assert counts(deck) == {("Cinder Hound", "main"): 1, ("Cinder Hound", "side"): 2}


def test_max_fills_up_to_the_limit_in_one_version(deck, hound):
    added = deck_add_copies(deck=deck, card=hound, count=None)
    assert added.summary == f"Added 3 Cinder Hound, up to the limit: {LIMIT}."
    assert counts(deck) == {("Cinder Hound", "main"): 3}
    assert deck.versions.count() == 2


def test_max_follows_a_restriction_tighter_than_the_format(deck, hound):
    FormatListEntryFactory(format=deck.format, card=hound, status=ListStatus.RESTRICTED, limit=1)
    assert deck_add_copies(deck=deck, card=hound, count=None).added == 1


def test_adding_at_the_limit_is_refused_with_validations_words(deck, hound):
    deck_set_slot(deck=deck, card=hound, count=3)
    with pytest.raises(DeckChangeError, match=r"^No more Cinder Hound: Shén Standard allows 3"):
        deck_add_copies(deck=deck, card=hound, count=None)
    assert deck.versions.count() == 2


def test_a_banned_card_is_refused(deck, hound):
    FormatListEntryFactory(format=deck.format, card=hound)
    with pytest.raises(DeckChangeError, match="Cinder Hound is banned in Shén Standard"):
        deck_add_copies(deck=deck, card=hound, count=2)
    assert counts(deck) == {}


def test_max_without_a_copy_limit_is_refused(hound):
    open_format = FormatFactory(name="Open", slug="open", copy_limit=None)
    deck = deck_create(owner=UserFactory(), name="Pile", format=open_format)
    with pytest.raises(DeckChangeError, match="Open has no copy limit to fill"):
        deck_add_copies(deck=deck, card=hound, count=None)
    assert deck_add_copies(deck=deck, card=hound, count=7).summary == "Added 7 Cinder Hound."


def test_a_count_below_one_is_refused(deck, hound):
    with pytest.raises(DeckChangeError, match="at least one"):
        deck_add_copies(deck=deck, card=hound, count=0)
