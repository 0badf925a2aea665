"""Deck statistics over (card, count) pairs, on unsaved cards: no database."""

from fractions import Fraction

from cards.models import Card, CardKind, Realm
from decks.statistics import (
    avatar_trait_averages,
    cost_curve,
    deck_statistics,
    kind_counts,
    off_realm_share,
    realm_counts,
)

EMBER = Realm(pk=1, name="Ember", slug="ember")
TIDE = Realm(pk=2, name="Tide", slug="tide")


def avatar(cost: int, melee: int, defense: int, ranged: int, movement: int, realm=EMBER) -> Card:
    return Card(
        name=f"Avatar {cost}{melee}{defense}",
        kind=CardKind.AVATAR,
        cost=cost,
        realm=realm,
        melee=melee,
        defense=defense,
        ranged=ranged,
        movement=movement,
    )


def action(cost: int, realm=EMBER) -> Card:
    return Card(name=f"Action {cost}", kind=CardKind.ACTION, cost=cost, realm=realm)


def test_cost_curve_fills_gaps_with_zero():
    assert cost_curve([(action(1), 3), (action(3), 2)]) == {0: 0, 1: 3, 2: 0, 3: 2}


def test_cost_curve_of_no_cards_is_empty():
    assert cost_curve([]) == {}


def test_kind_counts_use_labels_in_catalogue_order():
    entries = [(action(1), 2), (avatar(2, 1, 1, 0, 2), 3)]
    assert list(kind_counts(entries).items()) == [("Avatar", 3), ("Action", 2)]


def test_realm_counts_put_the_largest_realm_first():
    entries = [(action(1, EMBER), 1), (action(2, TIDE), 4)]
    assert list(realm_counts(entries)) == ["Tide", "Ember"]


def test_avatar_trait_averages_weight_by_count():
    entries = [(avatar(2, 3, 1, 0, 2), 2), (avatar(3, 0, 4, 3, 1), 1), (action(1), 5)]
    averages = avatar_trait_averages(entries)
    assert averages.avatars == 3
    assert averages.melee == Fraction(6, 3)
    assert averages.defense == Fraction(6, 3)
    assert averages.ranged == Fraction(3, 3)
    assert averages.movement == Fraction(5, 3)


def test_avatar_trait_averages_without_avatars_is_none():
    assert avatar_trait_averages([(action(1), 4)]) is None


def test_off_realm_share_counts_copies_outside_home_realm():
    entries = [(action(1, EMBER), 3), (action(2, TIDE), 1)]
    assert off_realm_share(entries, EMBER) == Fraction(1, 4)


def test_off_realm_share_without_home_realm_is_none():
    assert off_realm_share([(action(1), 3)], None) is None


def test_deck_statistics_totals_every_copy():
    stats = deck_statistics([(action(1), 3), (avatar(2, 1, 1, 1, 1, TIDE), 2)], EMBER)
    assert stats.total == 5
    assert stats.off_realm_share == Fraction(2, 5)
