"""Each format rule and each violation code of decks.validation."""

import datetime

import pytest

from decks.decklist import DecklistEntry
from decks.models import Board, ListStatus
from decks.validation import (
    FormatViolation,
    copy_limit_refusal,
    copy_limits,
    validate_deck,
    validate_decklist,
)
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory
from tests.factories.decks import (
    DeckFactory,
    DeckSlotFactory,
    FormatFactory,
    FormatListEntryFactory,
    StarterFormatFactory,
)

pytestmark = pytest.mark.django_db

TODAY = datetime.date(2026, 11, 29)


@pytest.fixture
def standard():
    return FormatFactory()


@pytest.fixture
def realm():
    return RealmFactory()


def forty(*extra: DecklistEntry) -> list[DecklistEntry]:
    """A legal 40-card Shén Standard main deck (13 × 3 + 1), plus any extra entries."""
    fillers = [DecklistEntry(CardFactory(), 3) for _ in range(13)]
    return [*fillers, DecklistEntry(CardFactory(), 1), *extra]


def check(format, entries, home_realm, on=TODAY) -> list[FormatViolation]:
    return validate_decklist(format=format, entries=entries, home_realm=home_realm, on=on)


def codes(violations) -> list[str]:
    return [violation.code for violation in violations]


def test_a_legal_standard_deck_has_no_violations(standard, realm):
    assert check(standard, forty(), realm) == []


def test_deck_too_small_says_how_many_and_what_is_needed(standard, realm):
    *fillers, last = forty()[:-1]  # 39 cards
    entries = [*fillers, DecklistEntry(last.card, 2)]  # 38 cards
    [violation] = check(standard, entries, realm)
    assert violation.code == "deck_too_small"
    assert violation.message == "Deck has 38 cards; Shén Standard needs 40 to 60."


def test_deck_too_large(standard, realm):
    entries = forty(*[DecklistEntry(CardFactory(), 3) for _ in range(7)])  # 61
    [violation] = check(standard, entries, realm)
    assert violation.code == "deck_too_large"
    assert violation.message == "Deck has 61 cards; Shén Standard needs 40 to 60."


def test_sideboard_cards_do_not_count_towards_the_deck_size(standard, realm):
    entries = forty(DecklistEntry(CardFactory(), 3, Board.SIDE))
    assert check(standard, entries, realm) == []


def test_sideboard_too_large(standard, realm):
    side = [DecklistEntry(CardFactory(), 3, Board.SIDE) for _ in range(6)]  # 18 > 15
    [violation] = check(standard, forty(*side), realm)
    assert violation.code == "sideboard_too_large"
    assert "Sideboard has 18 cards" in violation.message
    assert len(violation.cards) == 6


def test_too_many_copies_by_name_names_the_card(standard, realm):
    card = CardFactory(name="Ember Lance")
    [violation] = check(standard, forty(DecklistEntry(card, 4)), realm)
    assert violation.code == "too_many_copies"
    assert violation.cards == ("ember-lance",)
    assert "4 copies of Ember Lance" in violation.message


def test_copies_count_main_deck_and_sideboard_together_and_the_message_says_so(standard, realm):
    card = CardFactory(name="Ember Lance")
    entries = forty(DecklistEntry(card, 2), DecklistEntry(card, 2, Board.SIDE))
    [violation] = check(standard, entries, realm)
    assert violation.code == "too_many_copies"
    assert violation.message == (
        "Deck has 4 copies of Ember Lance, counting 2 in the sideboard; "
        "Shén Standard allows 3 copies of a card by name."
    )


def test_a_limit_broken_by_the_main_deck_alone_does_not_mention_the_sideboard(standard, realm):
    [violation] = check(standard, forty(DecklistEntry(CardFactory(name="Ash Wall"), 4)), realm)
    assert violation.message == (
        "Deck has 4 copies of Ash Wall; Shén Standard allows 3 copies of a card by name."
    )


@pytest.mark.parametrize(
    ("main", "side", "refusal"),
    [
        (2, 0, ""),
        (1, 1, ""),
        (
            3,
            0,
            "No more Ember Lance: Shén Standard allows 3 copies of a card by name, "
            "main deck and sideboard together, and the deck has 3.",
        ),
        (
            2,
            1,
            "No more Ember Lance: Shén Standard allows 3 copies of a card by name, "
            "main deck and sideboard together, and the deck has 3, counting 1 in the sideboard.",
        ),
    ],
)
def test_one_more_copy_is_refused_at_the_limit(standard, main, side, refusal):
    card = CardFactory(name="Ember Lance")
    assert copy_limit_refusal(format=standard, card=card, main=main, side=side) == refusal


def test_one_more_copy_agrees_with_validation_for_every_count(standard, realm):
    """The builder's refusal and the validation verdict are one rule: they never disagree."""
    card = CardFactory()
    FormatListEntryFactory(
        format=standard, card=card, status=ListStatus.RESTRICTED, limit=2, effective_from=TODAY
    )
    for main in range(4):
        for side in range(3):
            refused = bool(copy_limit_refusal(format=standard, card=card, main=main, side=side))
            entries = [DecklistEntry(card, main), DecklistEntry(card, side, Board.SIDE)]
            after_one_more = [DecklistEntry(card, main + 1), DecklistEntry(card, side, Board.SIDE)]
            broken = "card_restricted" in codes(check(standard, after_one_more, realm))
            assert refused == broken, (main, side, entries)


def test_a_banned_card_is_refused_with_the_ban(standard):
    card = CardFactory(name="Ember Lance")
    FormatListEntryFactory(format=standard, card=card, effective_from=datetime.date(2026, 1, 1))
    assert copy_limit_refusal(format=standard, card=card, main=0, side=0) == (
        "Ember Lance is banned in Shén Standard since 01 January 2026."
    )


def test_copy_limits_cost_one_query_for_many_cards(standard, django_assert_num_queries):
    cards = [CardFactory() for _ in range(10)]
    with django_assert_num_queries(1):
        limits = copy_limits(standard, cards)
    assert {limit.maximum for limit in limits.values()} == {3}


def test_too_many_copies_by_rarity(realm):
    format = FormatFactory(slug="mythic-1", name="Mythic 1", copy_limits_by_rarity={"mythic": 1})
    mythic = CardFactory(rarity="mythic")
    [violation] = check(format, forty(DecklistEntry(mythic, 2)), realm)
    assert violation.code == "too_many_copies_rarity"
    assert "1 copy of any Mythic card" in violation.message


def test_too_many_copies_by_kind(realm):
    format = FormatFactory(slug="item-2", name="Item 2", copy_limits_by_kind={"item": 2})
    item = ItemFactory()
    [violation] = check(format, forty(DecklistEntry(item, 3)), realm)
    assert violation.code == "too_many_copies_kind"
    assert violation.cards == (item.slug,)


def test_the_strictest_copy_limit_is_the_one_reported(realm):
    format = FormatFactory(slug="mythic-1", name="Mythic 1", copy_limits_by_rarity={"mythic": 1})
    mythic = CardFactory(rarity="mythic")
    assert codes(check(format, forty(DecklistEntry(mythic, 4)), realm)) == [
        "too_many_copies_rarity"
    ]


def test_kind_not_allowed_lists_every_card_of_that_kind():
    starter = StarterFormatFactory()
    action, item = CardFactory(), ItemFactory()
    entries = [DecklistEntry(AvatarFactory(), 1) for _ in range(2)]
    entries += [DecklistEntry(action, 1), DecklistEntry(item, 1)]
    violations = check(starter, entries, None)
    assert codes(violations) == ["kind_not_allowed", "kind_not_allowed"]
    assert {violation.cards for violation in violations} == {(action.slug,), (item.slug,)}
    assert "Shén Starter allows only Avatar cards" in violations[0].message


def test_kind_required(realm):
    format = FormatFactory(slug="one-avatar", name="One Avatar", required_kinds={"avatar": 1})
    [violation] = check(format, forty(), realm)
    assert violation.code == "kind_required"
    assert (
        violation.message == "One Avatar needs at least 1 Avatar card in the main deck; deck has 0."
    )


def test_required_kind_is_satisfied_by_the_main_deck(realm):
    format = FormatFactory(slug="one-avatar", name="One Avatar", required_kinds={"avatar": 1})
    assert check(format, forty(DecklistEntry(AvatarFactory(), 1)), realm) == []


def test_home_realm_required(standard):
    [violation] = check(standard, forty(), None)
    assert violation.code == "home_realm_required"


def test_card_banned_from_its_date(standard, realm):
    card = CardFactory()
    FormatListEntryFactory(format=standard, card=card, effective_from=TODAY)
    [violation] = check(standard, forty(DecklistEntry(card, 1)), realm)
    assert violation.code == "card_banned"
    assert violation.cards == (card.slug,)


def test_a_ban_not_yet_in_force_is_ignored(standard, realm):
    card = CardFactory()
    FormatListEntryFactory(format=standard, card=card, effective_from=TODAY + datetime.timedelta(1))
    assert check(standard, forty(DecklistEntry(card, 1)), realm) == []


def test_card_restricted_limits_copies_from_its_date(standard, realm):
    card = CardFactory()
    FormatListEntryFactory(
        format=standard, card=card, status=ListStatus.RESTRICTED, limit=1, effective_from=TODAY
    )
    [violation] = check(standard, forty(DecklistEntry(card, 2)), realm)
    assert violation.code == "card_restricted"
    assert (
        check(standard, forty(DecklistEntry(card, 2)), realm, on=TODAY - datetime.timedelta(1))
        == []
    )


def test_a_later_list_entry_overrides_an_earlier_one(standard, realm):
    card = CardFactory()
    FormatListEntryFactory(format=standard, card=card, effective_from=datetime.date(2026, 1, 1))
    FormatListEntryFactory(
        format=standard,
        card=card,
        status=ListStatus.RESTRICTED,
        limit=2,
        effective_from=datetime.date(2026, 6, 1),
    )
    assert check(standard, forty(DecklistEntry(card, 2)), realm) == []
    assert codes(
        check(standard, forty(DecklistEntry(card, 2)), realm, datetime.date(2026, 3, 1))
    ) == ["card_banned"]


def test_every_violation_is_returned_not_only_the_first(standard):
    banned, hoarded = CardFactory(), CardFactory()
    FormatListEntryFactory(format=standard, card=banned)
    entries = [DecklistEntry(banned, 1), DecklistEntry(hoarded, 5)]
    side = [DecklistEntry(CardFactory(), 3, Board.SIDE) for _ in range(6)]
    assert sorted(codes(check(standard, entries + side, None))) == [
        "card_banned",
        "deck_too_small",
        "home_realm_required",
        "sideboard_too_large",
        "too_many_copies",
    ]


def test_validate_deck_reads_the_saved_slots(realm):
    deck = DeckFactory(home_realm=realm)
    DeckSlotFactory(deck=deck, count=3)
    assert codes(validate_deck(deck, on=TODAY)) == ["deck_too_small"]


def test_validate_deck_queries_stay_constant_whatever_the_size(
    realm, django_assert_max_num_queries
):
    small, large = DeckFactory(home_realm=realm), DeckFactory(home_realm=realm)
    DeckSlotFactory(deck=small, count=3)
    for _ in range(40):
        DeckSlotFactory(deck=large, count=3)
    for deck, problem in ((small, "deck_too_small"), (large, "deck_too_large")):
        fresh = type(deck).objects.get(pk=deck.pk)
        with django_assert_max_num_queries(3):
            result = validate_deck(fresh, on=TODAY)
        assert codes(result) == [problem]  # its slots were read: 3 cards, then 120
