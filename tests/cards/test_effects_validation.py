"""The effect vocabulary's validator, alone and as the catalogue uses it (card + field)."""

import pytest

from cards.catalogue.errors import CatalogueInvalid
from cards.catalogue.schema import catalogue_parse
from games.engine.effects import VERBS, EffectError, parse_effect, validate_timing

SAMPLE_STEPS = {
    "draw_cards": {"count": 2},
    "place_counters": {"count": 1},
    "remove_counters": {"count": 1, "range": 2},
    "modify_trait": {"trait": "melee", "amount": -1, "target": "opponent_avatar"},
    "extra_dice": {"count": 1},
    "opponent_loses_cards": {"count": 1},
    "gain_cards_back": {"count": 1},
    "refresh_avatar": {"target": "own_avatar"},
    "exhaust_avatar": {"target": "opponent_avatar"},
    "walk_spirit_path": {"target": "self"},
    "leave_spirit_path": {"target": "self"},
}


def _field_of(raw) -> str:
    with pytest.raises(EffectError) as caught:
        parse_effect(raw)
    return caught.value.field


def test_samples_cover_every_verb():
    assert set(SAMPLE_STEPS) == set(VERBS)


@pytest.mark.parametrize("verb", sorted(SAMPLE_STEPS))
def test_every_verb_is_accepted(verb):
    (step,) = parse_effect([{"verb": verb, **SAMPLE_STEPS[verb]}])

    assert step.verb == verb


def test_defaults_are_filled_in():
    (step,) = parse_effect([{"verb": "modify_trait", "trait": "defense", "amount": 1}])

    assert step.get("target") == "self"
    assert step.get("duration") == "end_of_turn"


def test_unknown_verb_names_the_verb_field():
    assert _field_of([{"verb": "draw_cards", "count": 1}, {"verb": "fireball"}]) == "1.verb"


def test_missing_parameter_is_named():
    assert _field_of([{"verb": "draw_cards"}]) == "0.count"


def test_extra_parameter_is_named():
    assert _field_of([{"verb": "draw_cards", "count": 1, "range": 2}]) == "0.range"


@pytest.mark.parametrize("value", ["2", 1.5, True, None])
def test_ill_typed_count_is_rejected(value):
    assert _field_of([{"verb": "draw_cards", "count": value}]) == "0.count"


@pytest.mark.parametrize("count", [0, 21])
def test_count_out_of_bounds_is_rejected(count):
    assert _field_of([{"verb": "draw_cards", "count": count}]) == "0.count"


def test_trait_outside_the_choices_is_rejected():
    step = {"verb": "modify_trait", "trait": "charisma", "amount": 1}

    assert _field_of([step]) == "0.trait"


def test_target_outside_the_choices_is_rejected():
    assert _field_of([{"verb": "refresh_avatar", "target": "everyone"}]) == "0.target"


@pytest.mark.parametrize("raw", [[], "draw_cards", {"verb": "draw_cards"}, None])
def test_an_effect_must_be_a_non_empty_list(raw):
    assert _field_of(raw) == ""


def test_a_step_must_be_an_object():
    assert _field_of(["draw_cards"]) == "0"


def test_unknown_timing_is_rejected():
    with pytest.raises(EffectError):
        validate_timing("whenever")


def test_catalogue_error_names_card_and_effect_field():
    document = {
        "realms": [{"name": "Ember", "colour": "#c0392b", "symbol": "E"}],
        "cards": [
            {
                "name": "Ember Warden",
                "kind": "avatar",
                "realm": "ember",
                "cost": 1,
                **{"melee": 1, "defense": 1, "ranged": 0, "movement": 1},
                "abilities": [
                    {
                        "name": "Warm",
                        "timing": "activated",
                        "effect": [{"verb": "draw_cards", "count": 0}],
                    }
                ],
            }
        ],
    }

    with pytest.raises(CatalogueInvalid) as caught:
        catalogue_parse(document)

    (error,) = caught.value.errors
    assert (error.card, error.field) == ("Ember Warden", "abilities[0].effect.0.count")
    assert str(error) == (
        "card 'Ember Warden', field 'abilities[0].effect.0.count': must be at least 1, not 0"
    )
