"""Factories for users, formats and decks."""

import datetime

import factory
from django.contrib.auth import get_user_model

from decks.models import Deck, DeckSlot, Format, FormatListEntry, ListStatus
from tests.factories.cards import CardFactory


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.test")
    password = factory.PostGenerationMethodCall("set_password", "correct-horse-battery")

    @factory.post_generation
    def saved(user, create, extracted, **kwargs):  # factory_boy passes the object first
        if create:
            user.save()


class FormatFactory(factory.django.DjangoModelFactory):
    """Shén Standard (F1) unless told otherwise."""

    class Meta:
        model = Format
        django_get_or_create = ("slug",)

    name = "Shén Standard"
    slug = "shen-standard"
    min_cards = 40
    max_cards = 60
    copy_limit = 3
    requires_home_realm = True


class StarterFormatFactory(FormatFactory):
    """Shén Starter (F2): exactly 4 Avatar cards, one copy each."""

    name = "Shén Starter"
    slug = "shen-starter"
    rulesets = factory.LazyFunction(lambda: ["simplified-0.1"])
    min_cards = 4
    max_cards = 4
    copy_limit = 1
    allowed_kinds = factory.LazyFunction(lambda: ["avatar"])
    requires_home_realm = False
    sideboard_max = 0
    opening_hand = None  # the simplified rules keep every card in hand: no draw


class FormatListEntryFactory(factory.django.DjangoModelFactory):
    """A card banned from 1 January 2026 unless told otherwise."""

    class Meta:
        model = FormatListEntry

    format = factory.SubFactory(FormatFactory)
    card = factory.SubFactory(CardFactory)
    status = ListStatus.BANNED
    effective_from = datetime.date(2026, 1, 1)


class DeckFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Deck

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Deck {n}")
    format = factory.SubFactory(FormatFactory)


class DeckSlotFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = DeckSlot

    deck = factory.SubFactory(DeckFactory)
    card = factory.SubFactory(CardFactory)
    count = 1


def make_public_deck(*, owner, name: str = "Ember Rush", format=None, **fields) -> Deck:
    """A public deck made the way players make one (`deck_create`, so its history starts),
    in Shén Standard unless told otherwise; `fields` go to `deck_create` (entries, home_realm…)."""
    from decks.models import Visibility
    from decks.services import deck_create

    return deck_create(
        owner=owner,
        name=name,
        format=format or FormatFactory(),
        visibility=Visibility.PUBLIC,
        **fields,
    )
