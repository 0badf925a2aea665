"""Finding the card a person means by what they typed: a card picker's choices, and the
card a typed name or slug names.

A picker offers, for the text typed so far, the cards whose names hold it (those whose
names start with it first); failing that, the cards the text finds in the search syntax
(``kind:avatar cost<=2``); failing that, the cards of its nearest spelling as the
catalogue's search corrects a name ("cindr hound": Cinder Hound, ``did_you_mean``). Each
step looks only among ``cards``, the queryset the picker may offer (a deck's cards, say).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH, SearchSyntaxError, parse_query
from cards.search.did_you_mean import did_you_mean
from shen_site.json_input import unwanted_character

CHOICES = 8  # cards a picker lists at once


@dataclass(frozen=True)
class CardChoices:
    """The cards offered for some text; ``corrected`` is the spelling they were found
    under when the text as typed found none ("" when it found them itself)."""

    cards: tuple[Card, ...]
    corrected: str = ""


def card_choices(text: str, cards: QuerySet[Card], limit: int = CHOICES) -> CardChoices:
    """Up to ``limit`` of ``cards`` for ``text``: by name, else by the search syntax, else
    by the nearest spelling of the name; blank text offers the first of ``cards`` by name.
    Text too long for a search or holding control characters offers none."""
    text = text.strip()
    if len(text) > MAX_QUERY_LENGTH or unwanted_character(text) or limit <= 0:
        return CardChoices(())
    cards = cards.select_related("realm")
    if not text:
        return CardChoices(tuple(cards.order_by("name")[:limit]))
    starting = Case(
        When(name__istartswith=text, then=Value(0)), default=Value(1), output_field=IntegerField()
    )
    named = tuple(cards.filter(name__icontains=text).order_by(starting, "name")[:limit])
    if named:
        return CardChoices(named)
    found = tuple(_searched(cards, text)[:limit])
    if found:
        return CardChoices(found)
    nearest = did_you_mean(text, lambda corrected: _searched(cards, corrected))
    if not nearest.suggestions:
        return CardChoices(())
    suggestion = nearest.suggestions[0]
    return CardChoices(tuple(suggestion.cards[:limit]), corrected=suggestion.label)


def _searched(cards: QuerySet[Card], text: str) -> QuerySet[Card]:
    """``cards`` that ``text`` finds in the search syntax, by name (none when it is no query)."""
    try:
        query = parse_query(text)
    except SearchSyntaxError:
        return cards.none()
    return cards.filter(query.to_q()).order_by("name")


def card_named(text: str, cards: QuerySet[Card] | None = None) -> Card | None:
    """The card of ``cards`` (the catalogue's unless told) whose slug is ``text`` or whose
    name is ``text`` in any case; None when there is none."""
    text = text.strip()
    if not text or len(text) > MAX_QUERY_LENGTH or unwanted_character(text):
        return None
    cards = Card.objects.all() if cards is None else cards
    # A slug is the card's own mark; a name another card's slug spells yields to it.
    by_slug = Case(When(slug=text, then=Value(0)), default=Value(1), output_field=IntegerField())
    matching = cards.filter(Q(slug=text) | Q(name__iexact=text)).select_related("realm")
    return matching.order_by(by_slug, "name").first()
