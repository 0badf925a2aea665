"""Formats are data: the built-in rows of F1–F2, F3 expressible, admin input checked."""

import pytest
from django.core.exceptions import ValidationError

from decks.decklist import DecklistEntry
from decks.models import Format
from decks.validation import validate_decklist
from tests.factories.cards import AvatarFactory, CardFactory

pytestmark = pytest.mark.django_db


def kalter_constructed() -> Format:
    """F3 as an organiser would type it in the admin."""
    return Format.objects.create(
        name="Kalter Constructed",
        slug="kalter-constructed",
        rulesets=[],  # played under rules this site does not have: deck building only
        min_cards=60,
        max_cards=None,
        copy_limit=4,
        copy_limits_by_rarity={"mythic": 1, "champion": 1},
        requires_home_realm=False,
    )


def codes(violations):
    return sorted(violation.code for violation in violations)


def test_shen_standard_is_built_in_F1():
    standard = Format.objects.get(slug="shen-standard")
    assert (standard.min_cards, standard.max_cards, standard.copy_limit) == (40, 60, 3)
    assert standard.requires_home_realm
    assert standard.allowed_kinds == []


def test_shen_starter_is_built_in_F2():
    starter = Format.objects.get(slug="shen-starter")
    assert (starter.min_cards, starter.max_cards, starter.copy_limit) == (4, 4, 1)
    assert starter.allowed_kinds == ["avatar"]
    assert starter.rulesets == ["simplified-0.1"]
    assert not starter.requires_home_realm


def test_kalter_constructed_is_not_built_in():
    assert not Format.objects.filter(slug="kalter-constructed").exists()


def test_a_format_row_expresses_kalter_constructed_F3():
    kalter = kalter_constructed()
    kalter.full_clean()
    mythic = CardFactory(rarity="mythic")
    champion = CardFactory(rarity="champion")
    common = CardFactory()
    fillers = [DecklistEntry(CardFactory(), 4) for _ in range(14)]

    legal = [
        *fillers,
        DecklistEntry(mythic, 1),
        DecklistEntry(champion, 1),
        DecklistEntry(common, 2),
    ]
    assert validate_decklist(format=kalter, entries=legal, home_realm=None) == []

    illegal = [
        *fillers,
        DecklistEntry(mythic, 2),
        DecklistEntry(champion, 2),
        DecklistEntry(common, 5),
    ]
    assert codes(validate_decklist(format=kalter, entries=illegal, home_realm=None)) == [
        "too_many_copies",
        "too_many_copies_rarity",
        "too_many_copies_rarity",
    ]


def test_kalter_constructed_has_no_maximum_size_F3():
    kalter = kalter_constructed()
    entries = [DecklistEntry(CardFactory(), 4) for _ in range(30)]
    assert validate_decklist(format=kalter, entries=entries, home_realm=None) == []


def test_starter_accepts_four_different_avatars_F2():
    starter = Format.objects.get(slug="shen-starter")
    entries = [DecklistEntry(AvatarFactory(), 1) for _ in range(4)]
    assert validate_decklist(format=starter, entries=entries, home_realm=None) == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("copy_limits_by_rarity", {"legendary": 1}),
        ("copy_limits_by_rarity", {"mythic": -1}),
        ("copy_limits_by_kind", ["avatar"]),
        ("required_kinds", {"creature": 1}),
        ("allowed_kinds", ["spell"]),
        ("allowed_kinds", {"avatar": 1}),
    ],
)
def test_admin_refuses_a_mistyped_format_field(field, value):
    kalter = kalter_constructed()
    setattr(kalter, field, value)
    with pytest.raises(ValidationError) as error:
        kalter.full_clean()
    assert field in error.value.message_dict


def test_admin_refuses_a_maximum_below_the_minimum():
    kalter = kalter_constructed()
    kalter.max_cards = 50
    with pytest.raises(ValidationError) as error:
        kalter.full_clean()
    assert "max_cards" in error.value.message_dict
