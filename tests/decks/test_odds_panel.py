"""The odds panel: rows in the stated order, and no opening hand for a format that draws none."""

import pytest
from django.urls import reverse

from decks.decklist import DecklistEntry
from decks.models import Board
from decks.overview import deck_overview, odds_groups
from decks.services import deck_create
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory
from tests.factories.decks import FormatFactory, StarterFormatFactory, make_public_deck

pytestmark = pytest.mark.django_db


def test_odds_rows_go_cheap_avatars_then_kinds_then_cards_in_deck_list_order():
    realm = RealmFactory()
    entries = [
        DecklistEntry(ItemFactory(name="Anvil", cost=0, realm=realm), 2),
        DecklistEntry(AvatarFactory(name="Zealot", cost=1, realm=realm), 3),
        DecklistEntry(AvatarFactory(name="Archer", cost=3, realm=realm), 1),
        DecklistEntry(AvatarFactory(name="Bear", cost=1, realm=realm), 2),
        DecklistEntry(CardFactory(name="Spare", realm=realm), 1, Board.SIDE),
    ]
    assert odds_groups(entries) == [
        ("An Avatar of cost 2 or less", 5),
        ("Any Avatar", 6),
        ("Any Item", 2),
        ("Bear", 2),  # Avatars first, by cost then name
        ("Zealot", 3),
        ("Archer", 1),
        ("Anvil", 2),  # then Items
    ]


def test_the_panel_states_the_row_order(owner):
    deck = make_public_deck(owner=owner)
    overview = deck_overview(deck)
    assert "then each card as the deck list shows it" in overview.odds_order


def test_a_format_with_a_draw_prices_its_opening_hand(client, owner):
    card = CardFactory()
    deck = make_public_deck(owner=owner, entries=[DecklistEntry(card, 3)])
    html = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert "In the opening 7" in html
    assert "Draw 7" in html


def test_a_format_without_a_draw_has_no_opening_hand_odds_or_sample_hand(client, owner):
    avatar = AvatarFactory(name="Lone Squire")
    deck = make_public_deck(
        owner=owner, format=StarterFormatFactory(), entries=[DecklistEntry(avatar, 1)]
    )
    overview = deck_overview(deck)
    assert overview.opening_hand is None and overview.odds == []
    html = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert "opening 7" not in html and "In the opening" not in html
    assert "Draw 7" not in html
    assert "Shén Starter draws no opening hand: every card starts in hand" in html
    odds = client.get(reverse("decks:odds", args=[deck.pk]), {"turn": 3, "played": 2})
    assert "In the opening" not in odds.content.decode()


def test_a_smaller_opening_hand_caps_the_cards_played(owner):
    small = FormatFactory(slug="small-hand", name="Small hand", opening_hand=5)
    deck = deck_create(
        owner=owner, name="S", format=small, entries=[DecklistEntry(CardFactory(), 3)]
    )
    overview = deck_overview(deck, turn=2, played_per_turn=7)
    assert overview.played_per_turn == 5
    assert overview.opening_hand == 5
