"""A card's own page and its face as an SVG file."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from cards.card_face import card_face_of, render_card_face
from cards.models import Card, CardRevision
from cards.revision_words import field_words, value_words
from cards.revisions import RULES_FIELDS, card_rules_data


@dataclass(frozen=True)
class FieldChange:
    """One field a revision changed: its value before, after, and today."""

    field: str
    before: str
    after: str
    now: str


@dataclass(frozen=True)
class RevisionEntry:
    """A revision with what it changed."""

    revision: CardRevision
    changes: tuple[FieldChange, ...]


def revision_history(card: Card) -> list[RevisionEntry]:
    """Each revision, newest first, with before → after for the fields it changed.

    A revision stores the values before it; the values after it are the ones the
    next newer revision stored, or the card's current values for the newest.
    """
    current = card_rules_data(card)
    after = dict(current)
    entries = []
    for revision in card.revisions.all():
        previous = revision.previous if isinstance(revision.previous, dict) else {}
        fields = [f for f in RULES_FIELDS if f in previous]
        fields += sorted(f for f in previous if f not in RULES_FIELDS)
        changes = tuple(
            FieldChange(
                field=field_words(field),
                before=value_words(field, previous[field]),
                after=value_words(field, after.get(field)),
                now=value_words(field, current.get(field)),
            )
            for field in fields
            if previous[field] != after.get(field)
        )
        entries.append(RevisionEntry(revision=revision, changes=changes))
        after.update(previous)
    return entries


@require_safe
def card_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The card's face, stats, abilities and revision history."""
    cards = Card.objects.with_catalogue_relations().prefetch_related("revisions")
    card = get_object_or_404(cards, slug=slug)
    context = {"card": card, "revisions": revision_history(card)}
    return render(request, "cards/card_detail.html", context)


@require_safe
def card_svg(request: HttpRequest, slug: str) -> HttpResponse:
    """The card face alone, as an SVG image."""
    card = get_object_or_404(Card.objects.with_catalogue_relations(), slug=slug)
    response = HttpResponse(render_card_face(card_face_of(card)), content_type="image/svg+xml")
    response["Content-Disposition"] = f'inline; filename="{card.slug}.svg"'
    return response
