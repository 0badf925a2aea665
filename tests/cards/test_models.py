"""Card rules as the model and card_validate enforce them."""

import pytest
from django.core.exceptions import ValidationError

from cards.models import Card, keywords_join
from cards.validation import card_faults
from tests.factories.cards import (
    AbilityFactory,
    ActionFactory,
    AvatarFactory,
    ItemFactory,
    RemainsFactory,
    SpiritAvatarFactory,
)

pytestmark = pytest.mark.django_db

DRAW = [{"verb": "draw_cards", "count": 1}]
WALK = [{"verb": "walk_spirit_path", "target": "self"}]


def _fields(faults) -> set[str]:
    return {fault.field for fault in faults}


def _ability(timing="activated", effect=DRAW, **extra):
    return {"name": "Test", "cost": 0, "timing": timing, "effect": effect, **extra}


def test_keywords_are_stored_space_padded_and_lower_case():
    assert keywords_join(["Flying", " swift "]) == " flying swift "


def test_no_keywords_are_stored_as_empty_text():
    assert keywords_join([]) == ""


def test_keyword_list_reads_the_words_back():
    assert AvatarFactory.build(keywords=" flying swift ").keyword_list == ["flying", "swift"]


def test_avatar_without_a_trait_fails_clean():
    avatar = AvatarFactory.build(ranged=None)

    with pytest.raises(ValidationError) as caught:
        avatar.clean()

    assert "ranged" in caught.value.message_dict


def test_item_with_traits_fails_clean():
    with pytest.raises(ValidationError) as caught:
        ItemFactory.build(melee=2).clean()

    assert "melee" in caught.value.message_dict


def test_only_avatars_are_spirits():
    faults = card_faults(ItemFactory.build(is_spirit=True).rules_values(), None)

    assert "is_spirit" in _fields(faults)


def test_avatar_bonuses_are_rejected():
    faults = card_faults(AvatarFactory.build(bonus_melee=1).rules_values(), None)

    assert "bonus_melee" in _fields(faults)


def test_item_needs_a_bonus_or_an_ability():
    item = ItemFactory.build(bonus_melee=0)

    assert "abilities" in _fields(card_faults(item.rules_values(), []))
    assert not card_faults(item.rules_values(), [_ability()])


def test_action_needs_an_ability():
    assert "abilities" in _fields(card_faults(ActionFactory.build().rules_values(), []))


def test_avatar_cost_above_four_cannot_be_paid_at_a_space():
    assert "cost" in _fields(card_faults(AvatarFactory.build(cost=5).rules_values()))


def test_spirit_may_cost_five_paid_on_and_next_to_a_vertex():
    assert not card_faults(SpiritAvatarFactory.build(cost=5).rules_values())


def test_action_abilities_resolve_on_play_or_in_combat():
    faults = card_faults(ActionFactory.build().rules_values(), [_ability("passive")])

    assert _fields(faults) == {"abilities[0].timing"}


def test_walking_the_spirit_path_belongs_on_remains_errata_2():
    action = ActionFactory.build(target="own_avatar")

    faults = card_faults(action.rules_values(), [_ability("on_play", WALK)])

    assert _fields(faults) == {"abilities[0].effect.0.verb"}


def test_spirit_path_remains_needs_a_target():
    remains = RemainsFactory.build(target="none")

    faults = card_faults(remains.rules_values(), [_ability("while_attached", WALK)])

    assert _fields(faults) == {"target"}


def test_spirit_path_remains_with_own_avatar_target_is_valid():
    remains = RemainsFactory.build(target="own_avatar")

    assert not card_faults(remains.rules_values(), [_ability("while_attached", WALK)])


def test_ability_clean_puts_effect_path_under_the_effect_field():
    ability = AbilityFactory.build(
        card=AvatarFactory(), effect=[{"verb": "draw_cards", "count": 0}]
    )

    with pytest.raises(ValidationError) as caught:
        ability.clean()

    assert caught.value.message_dict == {"effect": ["effect.0.count: must be at least 1, not 0"]}


def test_ability_clean_checks_timing_against_the_card_kind():
    ability = AbilityFactory.build(card=AvatarFactory(), timing="on_play")

    with pytest.raises(ValidationError) as caught:
        ability.clean()

    assert "timing" in caught.value.message_dict


def test_catalogue_relations_load_in_constant_queries(django_assert_num_queries):
    for card in AvatarFactory.create_batch(3):
        AbilityFactory(card=card)

    with django_assert_num_queries(2):
        names = [
            (card.realm.name, [a.name for a in card.abilities.all()])
            for card in Card.objects.with_catalogue_relations()
        ]

    assert len(names) == 3


def test_spirit_avatar_needs_spirit_in_its_name():
    faults = card_faults(SpiritAvatarFactory.build(name="Ember Wisp").rules_values())

    assert _fields(faults) == {"is_spirit"}


def test_avatar_named_spirit_must_be_a_spirit():
    faults = card_faults(AvatarFactory.build(name="Spirit of the Kiln").rules_values())

    assert _fields(faults) == {"is_spirit"}
