"""The card picker of the simulation forms: one widget for every card field (card impact's
card and substitute, an errata's card), its field, and the cards it offers.

Without a script the widget is a plain text box: the card's name (any case) or slug, as
the designer types it; the field cleans either to the catalogue's card, or says that no
card is called so and which names are near. With static/js/card-picker.js the box lists
the cards ``simulation_cards`` offers for what is typed (``cards.search.picking``: by
name, the search syntax, or the nearest spelling), among the cards of the decks chosen
in the form when the field names deck fields (``decks``); a card picked fills in its
name, and static/js/card-preview.js shows its face.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_safe

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH
from cards.search.picking import CHOICES, card_choices, card_named
from decks.models import Board, Deck
from games.decklists import DeckNotPlayable, latest_version
from shen_site.record_numbers import record_number

# How many decks a picker's choices may come from (an errata's: deck A's and deck B's).
PICKER_DECKS = 2
# Cards listed from the decks chosen: all of two decks' distinct cards, in one list that
# scrolls (the catalogue's are CHOICES at a time, for what is typed).
DECK_CHOICES = 80
# Near names an unknown card's error offers.
NEAR_NAMES = 3


class CardPicker(forms.TextInput):
    """A text box for a card's name, with a list of cards to pick from (card-picker.js);
    ``decks`` names the form's deck fields whose cards it offers, once one is chosen."""

    template_name = "games/widgets/card_picker.html"

    def __init__(self, *, decks: Sequence[str] = (), attrs: dict[str, Any] | None = None):
        # Browsers' own completions would cover the picker's list.
        super().__init__(attrs={"autocomplete": "off", "spellcheck": "false", **(attrs or {})})
        self.decks = tuple(decks)

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        widget = context["widget"]
        base = widget["attrs"].get("id") or f"id_{name}"
        widget["search_url"] = reverse("simulations:cards")
        widget["decks"] = " ".join(self.decks)
        widget["options_id"] = f"{base}-options"
        widget["status_id"] = f"{base}-status"
        widget["picked"] = card_named(value) if isinstance(value, str) else None
        return context


class CatalogueCardField(forms.CharField):
    """A card of the catalogue by its name or slug; cleans to the Card (None when blank)."""

    def __init__(self, *, decks: Sequence[str] = (), **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 200)
        super().__init__(widget=CardPicker(decks=decks), **kwargs)

    def clean(self, value: Any) -> Card | None:
        text = super().clean(value)
        if not text:
            return None
        card = card_named(text)
        if card is None:
            raise forms.ValidationError(unknown_card_words(text), code="unknown_card")
        return card


def unknown_card_words(text: str) -> str:
    """What the form says of a name no card has, with the nearest names if any."""
    said = f"No card of the catalogue is called “{text}”."
    near = [card.name for card in card_choices(text, Card.objects.all(), NEAR_NAMES).cards]
    if not near:
        return said
    named = near[0] if len(near) == 1 else f"{', '.join(near[:-1])} or {near[-1]}"
    return f"{said} Did you mean {named}?"


def deck_cards(user: Any, numbers: Sequence[Any]) -> Any:
    """The catalogue's cards in the main decks of the decks ``numbers`` names (as played:
    their latest versions) that ``user`` may see; all the catalogue's when none is named."""
    picked = [number for number in map(record_number, numbers[:PICKER_DECKS]) if number]
    if not picked:
        return Card.objects.all()
    slugs = set()
    for deck in Deck.objects.visible_to(user).filter(pk__in=picked):
        try:
            version = latest_version(deck)
        except DeckNotPlayable:
            continue
        slugs |= {row["card"] for row in version.slots if row.get("board") == Board.MAIN}
    return Card.objects.filter(slug__in=slugs)


def card_json(card: Card) -> dict[str, Any]:
    """A card as a picker lists it: its name, slug, kind, realm, cost, face and page."""
    return {
        "name": card.name,
        "slug": card.slug,
        "kind": card.get_kind_display(),
        "realm": card.realm.name,
        "cost": card.cost,
        "preview": reverse("cards:card_svg", args=[card.slug]),
        "page": reverse("cards:card", args=[card.slug]),
    }


def choices_note(count: int, text: str, corrected: str) -> str:
    """What a picker's list holds, in a sentence for its status line."""
    if corrected:
        return f"No card is called “{text.strip()}”: the nearest is {corrected}."
    if not count:
        return "No card found."
    return f"{count} card{'s' * (count != 1)}."


@require_safe
@login_required
def simulation_cards(request: HttpRequest) -> JsonResponse:
    """``{"cards": [...], "note"}``: the cards a picker offers for ``q``, among those of the
    decks ``deck`` names (repeatable; up to two) or else the catalogue's."""
    text = request.GET.get("q", "")
    if len(text) > MAX_QUERY_LENGTH:
        message = f"Too long: a card's name or a search is at most {MAX_QUERY_LENGTH} characters"
        return JsonResponse({"error": message}, status=400)
    decks = request.GET.getlist("deck")
    limit = DECK_CHOICES if any(map(record_number, decks[:PICKER_DECKS])) else CHOICES
    found = card_choices(text, deck_cards(request.user, decks), limit)
    response = JsonResponse(
        {
            "cards": [card_json(card) for card in found.cards],
            "note": choices_note(len(found.cards), text, found.corrected),
        }
    )
    response["Cache-Control"] = "private, max-age=10"
    return response
