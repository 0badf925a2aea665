"""Template tags for card faces and ability effects."""

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from cards.card_face import card_face_of, describe_effect, render_card_face, safe_colour
from cards.emblems import emblem_badge_svg

register = template.Library()


@register.simple_tag
def card_face(card: Any) -> SafeString:
    """The card's face as inline SVG (render_card_face escapes every text it prints)."""
    return mark_safe(render_card_face(card_face_of(card)))


@register.simple_tag
def realm_emblem(realm: Any) -> SafeString:
    """The realm's emblem on a disc of its colour, as inline SVG (escaped by emblem_badge_svg)."""
    return mark_safe(emblem_badge_svg(realm.symbol, safe_colour(realm.colour)))


@register.filter
def effect_text(effect: Any) -> str:
    """An ability's effect JSON in English."""
    return describe_effect(effect)
