"""Factories for users, formats and decks."""

import factory
from django.contrib.auth import get_user_model

from decks.models import Deck, DeckSlot, Format
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
    def saved(user, create, extracted, **kwargs):  # noqa: N805 - factory_boy's signature
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
