"""Card specs from plain data, as the catalogue hands them over."""

import pytest

from games.engine import AbilitySpec, CardSpec
from games.engine.effects import EffectError


def test_card_spec_from_plain_data():
    spec = CardSpec.from_data(
        {
            "name": "Flame Spirit",
            "slug": "flame-spirit",
            "kind": "avatar",
            "realm": "fire",
            "cost": 2,
            "melee": 2,
            "defense": 1,
            "ranged": None,
            "movement": 2,
            "is_spirit": True,
            "abilities": [
                {
                    "name": "Flare",
                    "cost": 1,
                    "timing": "activated",
                    "effect": [{"verb": "draw_cards", "count": 1}],
                }
            ],
        }
    )
    assert spec.is_spirit and spec.ranged == 0
    assert spec.abilities[0] == AbilitySpec("Flare", 1, "activated", spec.abilities[0].effect)
    assert spec.abilities[0].effect[0].verb == "draw_cards"


def test_bad_ability_names_the_card():
    with pytest.raises(EffectError, match="Bad Card"):
        CardSpec.from_data(
            {
                "name": "Bad Card",
                "kind": "action",
                "realm": "fire",
                "cost": 0,
                "abilities": [{"name": "X", "timing": "on_play", "effect": [{"verb": "fly"}]}],
            }
        )


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="kind"):
        CardSpec.from_data({"name": "Odd", "kind": "land", "realm": "fire", "cost": 0})


def test_item_is_played_onto_own_avatar():
    spec = CardSpec.from_data(
        {"name": "Blade", "kind": "item", "realm": "fire", "cost": 1, "bonus_melee": 1}
    )
    assert spec.play_target_kind() == "own_avatar"
    assert spec.bonus("melee") == 1


AVATAR = {"name": "Big", "kind": "avatar", "realm": "fire", "cost": 1, "melee": 1}


@pytest.mark.parametrize(
    "field, value",
    [
        ("movement", 1_000_000_000),
        ("melee", 11),
        ("defense", -1),
        ("ranged", 2**63),
        ("cost", 5),  # a space's Avatar costs at most 4 (R15)
        ("bonus_movement", 6),
        ("bonus_melee", -6),
    ],
)
def test_a_spec_from_data_outside_the_catalogues_bounds_is_refused_naming_card_and_field(
    field, value
):
    with pytest.raises(ValueError, match=rf"^Big: {field} must be a whole number from"):
        CardSpec.from_data({**AVATAR, field: value})


def test_an_ability_costing_more_than_any_vertex_holds_is_refused():
    ability = {"name": "Dear", "cost": 6, "timing": "activated", "effect": []}
    with pytest.raises(ValueError, match="Big: cost must be a whole number from 0 to 5"):
        CardSpec.from_data({**AVATAR, "abilities": [ability]})


def test_the_catalogue_checks_the_engines_bounds():
    """One source of truth: a card the catalogue accepts at every bound is a spec, one step
    past any bound is refused by both."""
    from cards.validation import card_faults

    top = {**AVATAR, "name": "Top Spirit", "is_spirit": True, "cost": 5}
    top |= {trait: 10 for trait in ("melee", "defense", "ranged", "movement")}
    assert not card_faults(top) and CardSpec.from_data(top).movement == 10
    past = {**top, "movement": 11}
    assert card_faults(past)
    with pytest.raises(ValueError, match="movement"):
        CardSpec.from_data(past)
