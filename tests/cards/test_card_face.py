"""The SVG card face: a pure function of the printed values."""

import re
import xml.etree.ElementTree as ET

import pytest

from cards.card_face import (
    AbilityLine,
    CardFace,
    Traits,
    card_face_of,
    describe_effect,
    render_card_face,
    safe_colour,
)
from tests.factories.cards import AbilityFactory, AvatarFactory, ItemFactory, RealmFactory

SVG = "{http://www.w3.org/2000/svg}"


def face(**changes) -> CardFace:
    values = {
        "name": "Ember Warden",
        "cost": 3,
        "kind": "Avatar",
        "realm_name": "Ember",
        "realm_colour": "#c0392b",
        "realm_symbol": "火",
        "rarity": "Rare",
        "traits": Traits(melee=3, defense=2, ranged=1, movement=2),
    }
    return CardFace(**{**values, **changes})


def texts(svg: str) -> list[str]:
    """Every text element's full text, in document order."""
    root = ET.fromstring(svg)
    return ["".join(element.itertext()) for element in root.iter(f"{SVG}text")]


def test_face_is_well_formed_svg_with_a_card_shaped_viewbox():
    root = ET.fromstring(render_card_face(face()))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 630 880"
    assert root.get("role") == "img"


def test_face_prints_name_and_cost():
    printed = texts(render_card_face(face()))
    assert "Ember Warden" in printed
    assert "3" in printed


def test_avatar_face_prints_trait_bar_and_movement():
    svg = render_card_face(face(traits=Traits(melee=4, defense=5, ranged=6, movement=7)))
    printed = texts(svg)
    assert [t for t in printed if t in {"MEL", "DEF", "RNG", "4", "5", "6"}] == [
        "MEL",
        "4",
        "DEF",
        "5",
        "RNG",
        "6",
    ]
    assert "MOVE" in printed
    assert "7" in printed


def test_item_face_prints_bonuses_instead_of_traits():
    svg = render_card_face(face(kind="Item", traits=None, bonuses=(("melee", 1), ("defense", -1))))
    printed = texts(svg)
    assert "+1 melee  −1 defense" in printed
    assert "MEL" not in printed


def test_face_escapes_every_text():
    svg = render_card_face(
        face(
            name="<script>alert(1)</script>", rules_text='Deal "5" & <b>more</b>', realm_symbol="<"
        )
    )
    assert "<script>" not in svg
    assert "<b>" not in svg
    ET.fromstring(svg)  # still well-formed XML


def test_realm_colour_outside_hex_falls_back_to_grey():
    svg = render_card_face(face(realm_colour='red" onload="alert(1)'))
    assert "onload" not in svg
    assert safe_colour("#abc") == "#abc"
    assert safe_colour("url(x)") == "#6b6b7b"


def test_long_rules_text_wraps_inside_the_text_box():
    svg = render_card_face(face(rules_text="Walk the Spirit Path. " * 20))
    widths = [len(line) for line in texts(svg) if "Walk" in line]
    assert len(widths) > 3
    assert max(widths) < 60


def test_abilities_print_name_cost_timing_and_effect():
    ability = AbilityLine(name="Ember Lash", cost=2, timing="activated", effect="Draw 2 cards.")
    printed = " ".join(texts(render_card_face(face(abilities=(ability,)))))
    assert "Ember Lash (2 · activated): Draw 2 cards." in printed


def test_flavour_text_is_italic():
    svg = render_card_face(face(flavour_text="The stone remembers."))
    assert re.search(r'font-style="italic"[^>]*>The stone remembers\.', svg)


def test_describe_effect_reads_the_vocabulary():
    assert describe_effect([{"verb": "draw_cards", "count": 2}]) == "Draw 2 cards."


def test_describe_effect_says_so_when_unreadable():
    assert describe_effect([{"verb": "explode"}]).startswith("(unreadable effect")


@pytest.mark.django_db
def test_card_face_of_reads_an_avatar_with_abilities():
    realm = RealmFactory(name="Ember", colour="#c0392b", symbol="火")
    card = AvatarFactory(realm=realm, melee=3, defense=2, ranged=1, movement=2, keywords=" swift ")
    AbilityFactory(card=card, name="Surge", effect=[{"verb": "draw_cards", "count": 1}])
    read = card_face_of(card)
    assert read.traits == Traits(melee=3, defense=2, ranged=1, movement=2)
    assert read.realm_symbol == "火"
    assert read.keywords == ("swift",)
    assert read.abilities[0].effect == "Draw 1 card."


@pytest.mark.django_db
def test_card_face_of_reads_item_bonuses_without_zeroes():
    card = ItemFactory(bonus_melee=2, bonus_defense=0, bonus_movement=1)
    assert card_face_of(card).bonuses == (("melee", 2), ("movement", 1))
    assert card_face_of(card).traits is None


def test_ability_named_in_the_rules_text_is_printed_once():
    ability = AbilityLine(name="Ember Lash", cost=2, timing="activated", effect="Draw 2 cards.")
    rules = "Ember Lash (Activate, 2 Shén): Draw two cards."
    printed = " ".join(texts(render_card_face(face(rules_text=rules, abilities=(ability,)))))
    assert printed.count("Ember Lash") == 1
    assert "Draw 2 cards." not in printed


def test_ability_head_in_the_rules_text_is_bold():
    svg = render_card_face(face(rules_text="Ember Lash (Activate, 2 Shén): Draw two cards."))
    assert '<tspan font-weight="bold">Ember Lash (Activate, 2 Shén):</tspan>' in svg
