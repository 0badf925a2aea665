"""A deck's Home Realm by default: the realm its first cards imply, never over a declared one.

The rule: when a change puts the first cards into an empty main deck of a deck that
declares no Home Realm, the deck declares the realm those cards come from (most copies;
a tie to the realm first in alphabetical order), as the engine would play it anyway.
Later changes leave it alone, so a player who clears it keeps it cleared.
"""

import pytest

from decks.decklist import DecklistEntry, most_common_realm
from decks.models import Board, Deck
from decks.services import (
    deck_add_copies,
    deck_adjust_slot,
    deck_create,
    deck_move_card,
    deck_replace_slots,
    deck_set_slot,
    deck_update,
)
from tests.factories.cards import CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def realms():
    return RealmFactory(name="Cinderfall", slug="cinderfall"), RealmFactory(
        name="Tidewell", slug="tidewell"
    )


@pytest.fixture
def deck():
    return deck_create(owner=UserFactory(), name="Fresh", format=FormatFactory())


def home(deck) -> str | None:
    realm = Deck.objects.get(pk=deck.pk).home_realm
    return realm.slug if realm else None


def test_the_first_card_added_declares_its_realm(deck, realms):
    _, tide = realms
    deck_adjust_slot(deck=deck, card=CardFactory(realm=tide), delta=1)
    assert home(deck) == "tidewell"
    assert deck.home_realm.slug == "tidewell"  # the deck in hand says so too


def test_later_cards_from_another_realm_leave_it_alone(deck, realms):
    cinder, tide = realms
    deck_adjust_slot(deck=deck, card=CardFactory(realm=tide), delta=1)
    deck_add_copies(deck=deck, card=CardFactory(realm=cinder), count=3)
    assert home(deck) == "tidewell"


def test_a_cleared_home_realm_stays_cleared(deck, realms):
    cinder, _ = realms
    deck_adjust_slot(deck=deck, card=CardFactory(realm=cinder), delta=1)
    deck_update(deck=deck, home_realm=None)
    deck_adjust_slot(deck=deck, card=CardFactory(realm=cinder), delta=1)
    assert home(deck) is None


def test_a_declared_home_realm_is_never_replaced(realms):
    cinder, tide = realms
    deck = deck_create(owner=UserFactory(), name="Set", format=FormatFactory(), home_realm=cinder)
    deck_adjust_slot(deck=deck, card=CardFactory(realm=tide), delta=1)
    assert home(deck) == "cinderfall"


def test_a_home_realm_declared_in_another_tab_is_kept(deck, realms):
    cinder, tide = realms
    other_tab = Deck.objects.get(pk=deck.pk)
    deck_update(deck=other_tab, home_realm=cinder)
    deck_adjust_slot(deck=deck, card=CardFactory(realm=tide), delta=1)
    assert home(deck) == "cinderfall"


def test_a_sideboard_card_declares_nothing_and_its_move_to_the_main_deck_does(deck, realms):
    _, tide = realms
    card = CardFactory(realm=tide)
    deck_set_slot(deck=deck, card=card, board=Board.SIDE, count=2)
    assert home(deck) is None
    deck_move_card(deck=deck, card=card, from_board=Board.SIDE, to_board=Board.MAIN)
    assert home(deck) == "tidewell"


def test_a_new_deck_given_cards_declares_the_realm_of_most_copies(realms):
    cinder, tide = realms
    entries = [
        DecklistEntry(CardFactory(realm=cinder), 2),
        DecklistEntry(CardFactory(realm=tide), 3),
        DecklistEntry(CardFactory(realm=cinder), 4, Board.SIDE),  # the sideboard is not counted
    ]
    deck = deck_create(owner=UserFactory(), name="Import", format=FormatFactory(), entries=entries)
    assert home(deck) == "tidewell"


def test_replacing_the_slots_of_an_empty_deck_declares_the_realm_of_most_copies(deck, realms):
    cinder, tide = realms
    entries = [
        DecklistEntry(CardFactory(realm=tide), 1),
        DecklistEntry(CardFactory(realm=cinder), 2),
    ]
    deck_replace_slots(deck=deck, entries=entries, note="Pasted")
    assert home(deck) == "cinderfall"


def test_declaring_it_is_a_settings_change(deck, realms):
    revision = deck.revision
    deck_adjust_slot(deck=deck, card=CardFactory(realm=realms[0]), delta=1)
    assert Deck.objects.get(pk=deck.pk).revision == revision + 1


def test_a_tie_goes_to_the_realm_first_in_alphabetical_order():
    assert most_common_realm(["tidewell", "cinderfall", "tidewell", "cinderfall"]) == "cinderfall"
    assert most_common_realm([]) == ""
