"""Template tags for card faces and ability effects."""

from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe

from cards.card_face import card_face_of, describe_effect, render_card_face, safe_colour

register = template.Library()


@register.simple_tag
def card_face(card: Any) -> SafeString:
    """The card's face as inline SVG (render_card_face escapes every text it prints)."""
    return mark_safe(render_card_face(card_face_of(card)))


@register.filter
def effect_text(effect: Any) -> str:
    """An ability's effect JSON in English."""
    return describe_effect(effect)


@register.filter
def realm_colour(colour: str) -> str:
    """A realm colour that is safe inside a style attribute."""
    return safe_colour(colour)
