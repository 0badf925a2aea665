"""Deck read logic on DeckQuerySet: cards held, searches, the columns of a deck list."""

import pytest

from decks.models import Board, Deck, Visibility
from tests.factories.cards import CardFactory
from tests.factories.decks import DeckFactory, DeckSlotFactory

pytestmark = pytest.mark.django_db


def test_using_card_finds_decks_holding_it_on_either_board():
    lance = CardFactory(name="Ember Lance")
    main, side, other = DeckFactory(), DeckFactory(), DeckFactory()
    DeckSlotFactory(deck=main, card=lance)
    DeckSlotFactory(deck=side, card=lance, board=Board.SIDE)
    DeckSlotFactory(deck=other)
    assert set(Deck.objects.using_card(lance)) == {main, side}


@pytest.mark.parametrize("asked", ["ember lance", "EMBER LANCE", "ember-lance"])
def test_search_by_card_takes_its_name_in_any_case_or_its_slug(asked):
    holding = DeckFactory()
    DeckSlotFactory(deck=holding, card=CardFactory(name="Ember Lance"))
    DeckFactory()
    assert list(Deck.objects.searched(card=asked)) == [holding]


def test_a_blank_search_matches_every_deck():
    decks = {DeckFactory(), DeckFactory()}
    assert set(Deck.objects.searched()) == decks


def test_list_columns_count_the_main_deck_only():
    deck = DeckFactory(visibility=Visibility.PUBLIC)
    DeckSlotFactory(deck=deck, count=3)
    DeckSlotFactory(deck=deck, count=2, board=Board.SIDE)
    assert Deck.objects.listed().with_list_columns().get().main_total == 3
