"""The card catalogue: realms, cards, their abilities and their errata history."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models

from games.engine.effects import TIMINGS, EffectError, parse_effect


class Realm(models.Model):
    """A Realm of the shattered World Stone; a deck's Home Realm is one of these."""

    name = models.CharField(max_length=60, unique=True)
    slug = models.SlugField(max_length=60, unique=True)
    colour = models.CharField(max_length=7, help_text="Hex colour, e.g. #c0392b")
    symbol = models.CharField(max_length=8, help_text="A short glyph shown on card faces")
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class CardKind(models.TextChoices):
    AVATAR = "avatar", "Avatar"
    ITEM = "item", "Item"
    REMAINS = "remains", "Remains in Play"
    ACTION = "action", "Action"


class Rarity(models.TextChoices):
    COMMON = "common", "Common"
    UNCOMMON = "uncommon", "Uncommon"
    RARE = "rare", "Rare"
    MYTHIC = "mythic", "Mythic"
    CHAMPION = "champion", "Champion"


class CardTarget(models.TextChoices):
    """What a Remains-in-Play or Action card is played onto (R16)."""

    NONE = "none", "No target"
    OWN_AVATAR = "own_avatar", "One of your Avatars"
    OPPONENT_AVATAR = "opponent_avatar", "An opponent's Avatar"
    ANY_AVATAR = "any_avatar", "Any Avatar"


class CardQuerySet(models.QuerySet):
    def with_catalogue_relations(self) -> CardQuerySet:
        """Everything a list of cards shows, in a constant number of queries."""
        return self.select_related("realm").prefetch_related("abilities")


class Card(models.Model):
    """One card by name. Avatar traits and Item bonuses are null/zero on other kinds."""

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    kind = models.CharField(max_length=10, choices=CardKind.choices)
    realm = models.ForeignKey(Realm, on_delete=models.PROTECT, related_name="cards")
    cost = models.PositiveSmallIntegerField(help_text="Power cost in Shén (top right)")
    rarity = models.CharField(max_length=10, choices=Rarity.choices, default=Rarity.COMMON)
    rules_text = models.TextField(blank=True)
    flavour_text = models.TextField(blank=True)
    # Space-padded, lower-case words (" flying swift "): `kw:` matches a whole
    # word with one portable `contains`, on SQLite and PostgreSQL alike.
    keywords = models.CharField(max_length=200, blank=True)

    # Avatars: the trait bar and movement.
    melee = models.PositiveSmallIntegerField(null=True, blank=True)
    defense = models.PositiveSmallIntegerField(null=True, blank=True)
    ranged = models.PositiveSmallIntegerField(null=True, blank=True)
    movement = models.PositiveSmallIntegerField(null=True, blank=True)
    is_spirit = models.BooleanField(
        default=False, help_text="Spirit Avatars manifest on a vertex and walk the Spirit Path"
    )

    # Items: what the bearer gains.
    bonus_melee = models.SmallIntegerField(default=0)
    bonus_defense = models.SmallIntegerField(default=0)
    bonus_ranged = models.SmallIntegerField(default=0)
    bonus_movement = models.SmallIntegerField(default=0)

    # Remains in Play and Actions: what the card is played onto.
    target = models.CharField(max_length=16, choices=CardTarget.choices, default=CardTarget.NONE)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        indexes = [
            models.Index(fields=["kind", "cost"]),
            models.Index(fields=["realm", "cost"]),
            models.Index(fields=["cost"]),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(kind="avatar")
                | (
                    models.Q(melee__isnull=False)
                    & models.Q(defense__isnull=False)
                    & models.Q(ranged__isnull=False)
                    & models.Q(movement__isnull=False)
                ),
                name="avatar_has_traits",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def keyword_list(self) -> list[str]:
        return self.keywords.split()


class Ability(models.Model):
    """An ability printed on a card; `effect` is in the vocabulary of games.engine.effects."""

    TIMING_CHOICES = [(timing, timing.replace("_", " ")) for timing in TIMINGS]

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    order = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=80)
    cost = models.PositiveSmallIntegerField(default=0)
    timing = models.CharField(max_length=16, choices=TIMING_CHOICES)
    effect = models.JSONField()
    text = models.TextField(blank=True)

    class Meta:
        ordering = ["card", "order"]
        verbose_name_plural = "abilities"

    def __str__(self) -> str:
        return f"{self.card.name}: {self.name}"

    def clean(self) -> None:
        try:
            parse_effect(self.effect)
        except EffectError as error:
            raise ValidationError({"effect": error.args[0]}) from None


class CardRevision(models.Model):
    """An earlier version of a card's rules-relevant fields, kept when errata change it."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    revised_at = models.DateTimeField()
    note = models.CharField(max_length=200)
    previous = models.JSONField(help_text="The rules-relevant fields before this revision")

    class Meta:
        ordering = ["-revised_at", "-id"]

    def __str__(self) -> str:
        return f"{self.card.name} ({self.revised_at:%Y-%m-%d}): {self.note}"
