"""Worlds for match tests: the sample catalogue in the database and playable decks from it."""

from __future__ import annotations

from itertools import cycle, islice

from cards.catalogue.loading import catalogue_load
from cards.catalogue.schema import catalogue_parse_text
from cards.management.commands.load_catalogue import SAMPLE_CATALOGUE
from cards.models import Card, Realm
from decks.decklist import DecklistEntry
from decks.models import Deck, Visibility
from decks.services import deck_create
from tests.factories.decks import FormatFactory, StarterFormatFactory

DECK_SIZE = 40
STARTER_SIZE = 4  # F2: a force of exactly 4 Avatar cards, one copy each


def sample_catalogue_load() -> list[str]:
    """Load the sample catalogue (idempotent); the realm slugs, sorted."""
    catalogue_load(catalogue=catalogue_parse_text(SAMPLE_CATALOGUE.read_text(encoding="utf-8")))
    return sorted(
        Realm.objects.filter(cards__isnull=False).distinct().values_list("slug", flat=True)
    )


def playable_deck(
    *, owner, realm: str, name: str | None = None, visibility: str = Visibility.PRIVATE
) -> Deck:
    """A 40-card Shén Standard deck of one realm's sample cards (each card up to 3 times)."""
    home = Realm.objects.get(slug=realm)
    cards = list(Card.objects.filter(realm=home).order_by("slug"))
    picked = list(islice(cycle(cards), DECK_SIZE))
    counts: dict[int, int] = {}
    for card in picked:
        counts[card.pk] = counts.get(card.pk, 0) + 1
    by_pk = {card.pk: card for card in cards}
    return deck_create(
        owner=owner,
        name=name or f"{home.name} test deck",
        format=FormatFactory(),
        home_realm=home,
        visibility=visibility,
        entries=[DecklistEntry(by_pk[pk], count) for pk, count in counts.items()],
    )


def starter_deck(
    *, owner, realm: str, name: str | None = None, visibility: str = Visibility.PRIVATE
) -> Deck:
    """A Shén Starter (F2) deck of one realm's sample cards: its four cheapest Avatars, one
    copy each, the force the simplified-0.1 rules play with."""
    home = Realm.objects.get(slug=realm)
    avatars = Card.objects.filter(realm=home, kind="avatar").order_by("cost", "slug")
    return deck_create(
        owner=owner,
        name=name or f"{home.name} starter",
        format=StarterFormatFactory(),
        visibility=visibility,
        entries=[DecklistEntry(card, 1) for card in avatars[:STARTER_SIZE]],
    )
