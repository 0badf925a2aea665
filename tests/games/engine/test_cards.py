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
