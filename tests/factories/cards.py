"""Factories for catalogue rows: realms, cards of each kind, abilities."""

import factory
from django.utils import timezone
from django.utils.text import slugify

from cards.api.stored import card_documents_refresh
from cards.models import Ability, Card, CardKind, CardRevision, Realm


class RealmFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Realm
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Realm {n}")
    slug = factory.LazyAttribute(lambda realm: slugify(realm.name))
    colour = "#8e44ad"
    symbol = "◆"


def _document_write(card_id: int) -> None:
    """Write the card's stored API document, as the catalogue's services do."""
    card_documents_refresh(Card.objects.filter(pk=card_id))


class CardFactory(factory.django.DjangoModelFactory):
    """An Action card by default; use AvatarFactory/ItemFactory for the others.

    Cards and abilities made here get their stored API document, as the catalogue's
    services write it (``cards.api.stored``).
    """

    class Meta:
        model = Card

    @classmethod
    def _after_postgeneration(cls, instance: Card, create: bool, results=None) -> None:
        super()._after_postgeneration(instance, create, results)
        if create:
            _document_write(instance.pk)

    name = factory.Sequence(lambda n: f"Card {n}")
    slug = factory.LazyAttribute(lambda card: slugify(card.name))
    kind = CardKind.ACTION
    realm = factory.SubFactory(RealmFactory)
    cost = 1
    rules_text = ""


class AvatarFactory(CardFactory):
    name = factory.Sequence(lambda n: f"Avatar {n}")
    kind = CardKind.AVATAR
    cost = 2
    melee = 2
    defense = 2
    ranged = 0
    movement = 2


class ItemFactory(CardFactory):
    name = factory.Sequence(lambda n: f"Item {n}")
    kind = CardKind.ITEM
    bonus_melee = 1


class RemainsFactory(CardFactory):
    name = factory.Sequence(lambda n: f"Remains {n}")
    kind = CardKind.REMAINS


class AbilityFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Ability

    card = factory.SubFactory(AvatarFactory)
    name = factory.Sequence(lambda n: f"Ability {n}")
    cost = 1
    timing = "activated"
    effect = factory.LazyFunction(lambda: [{"verb": "draw_cards", "count": 1}])

    @classmethod
    def _after_postgeneration(cls, instance: Ability, create: bool, results=None) -> None:
        super()._after_postgeneration(instance, create, results)
        if create:
            _document_write(instance.card_id)


class SpiritAvatarFactory(AvatarFactory):
    """A Spirit Avatar: movement 2 per errata 1, manifests on a vertex."""

    name = factory.Sequence(lambda n: f"Spirit of Test {n}")
    is_spirit = True
    movement = 2


class ActionFactory(CardFactory):
    name = factory.Sequence(lambda n: f"Action {n}")
    kind = CardKind.ACTION


class CardRevisionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CardRevision

    card = factory.SubFactory(AvatarFactory)
    revised_at = factory.LazyFunction(timezone.now)
    note = "Errata"
    previous = factory.LazyFunction(lambda: {"cost": 3})


def two_realm_catalogue() -> None:
    """Five cards in Ember Reach (``ember``) and Tidewater (``tide``) for the search and
    filter tests: one of each kind and of each rarity, costs 0 to 4, one Spirit, the
    keywords flying and swift on two cards each, and traits on the two Avatars only."""
    ember = RealmFactory(name="Ember Reach", slug="ember")
    tide = RealmFactory(name="Tidewater", slug="tide")
    AvatarFactory(
        name="Ember Warden",
        realm=ember,
        cost=2,
        melee=3,
        defense=2,
        ranged=0,
        movement=2,
        is_spirit=True,
        rarity="rare",
        rules_text="Walks the Spirit Path.",
        flavour_text="The stone remembers.",
        keywords=" flying ",
    )
    AvatarFactory(
        name="Tide Caller",
        realm=tide,
        cost=4,
        melee=1,
        defense=4,
        ranged=2,
        movement=3,
        rarity="common",
        rules_text="Draw a card.",
        keywords=" swift ",
    )
    ItemFactory(name="Ember Blade", realm=ember, cost=1, rarity="uncommon", rules_text="+1 melee.")
    RemainsFactory(
        name="Spirit Bridge",
        realm=tide,
        cost=3,
        rarity="mythic",
        rules_text="Target walks the spirit path.",
    )
    CardFactory(
        name="Sudden Fire",
        realm=ember,
        cost=0,
        rarity="champion",
        rules_text="Your opponent loses a card.",
        keywords=" flying swift ",
    )
