"""The card catalogue: realms, cards, their abilities and their errata history."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models

from cards.validation import (
    BONUS_FIELDS,
    TRAIT_FIELDS,
    ability_faults,
    card_validate,
    faults_raise,
)
from games.engine import TIMINGS


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


def keywords_join(words: Iterable[str]) -> str:
    """Keywords as stored: lower-case, space-padded (`" flying swift "`), empty for none."""
    cleaned = [word.strip().lower() for word in words if word.strip()]
    return f" {' '.join(cleaned)} " if cleaned else ""


class Card(models.Model):
    """One card by name. Avatar traits and Item bonuses are null/zero on other kinds.

    What a card *does* is always in its abilities, in the effect vocabulary of
    ``games.engine.effects``; there is no separate effect field:

    - Avatar: the trait bar (``melee``, ``defense``, ``ranged``) and ``movement``;
      Spirits (``is_spirit``) manifest on a vertex and walk the Spirit Path.
      Abilities are ``activated``, ``on_manifest``, ``in_combat``, ``after_combat``
      or ``passive``.
    - Item: ``bonus_*`` for its bearer, and/or abilities (``while_attached``...).
    - Remains in Play: attached to ``target`` (or beside the board when it has
      none); its ability is ``while_attached`` (in force while attached; removing the
      card reverses it, so ``walk_spirit_path`` / ``leave_spirit_path`` live here,
      errata 2) or ``on_play``/``passive``.
    - Action: resolves and goes to the discard pile; its ability is ``on_play``
      or ``in_combat`` (a combat trick played in the one card window of R22).

    ``card_validate`` (``cards.validation``) holds these rules; ``clean()`` runs
    the ones a form can check, and the loader and ``card_revise`` run them all.
    """

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
            # A page of one kind or realm, in name order (the default): read off the
            # index in order, cost checked there, stopping at the page's end. Indexed
            # by cost instead, every match was sorted to keep fifty (SQLite, 10,000
            # cards: 4.7 ms where this takes 0.2 ms).
            models.Index(fields=["kind", "name", "cost"]),
            models.Index(fields=["realm", "name", "cost"]),
            models.Index(fields=["cost"]),
            # The catalogue's version (conditional GETs, the API's response cache)
            # reads the newest change on every request.
            models.Index(fields=["updated_at"]),
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

    @property
    def is_avatar(self) -> bool:
        return self.kind == CardKind.AVATAR

    def rules_values(self) -> dict[str, Any]:
        """The field values ``card_validate`` reads (abilities aside)."""
        fields = ("name", "kind", "cost", "is_spirit", "target", *TRAIT_FIELDS, *BONUS_FIELDS)
        return {field: getattr(self, field) for field in fields}

    def clean(self) -> None:
        # Abilities come from inlines or the loader, which check them with the card.
        card_validate(self.rules_values())


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
        ordering = ["card", "order", "id"]  # id breaks ties: abilities keep their written order
        verbose_name_plural = "abilities"

    def __str__(self) -> str:
        return f"{self.card.name}: {self.name}"

    def clean(self) -> None:
        values = self.card.rules_values() if self.card_id else {}
        ability = {
            "name": self.name,
            "cost": self.cost,
            "timing": self.timing,
            "effect": self.effect,
        }
        faults_raise(ability_faults(values.get("kind"), values, ability, ""))


class CardRevision(models.Model):
    """An earlier version of a card, kept when errata change its rules-relevant fields.

    ``previous`` maps each rules-relevant field the revision changed
    (``cards.revisions.RULES_FIELDS``) to its value before: ``{"movement": 3}``;
    ``realm`` is a realm slug and ``abilities`` a list of ability mappings as in
    the catalogue file. Walking the revisions newest first from the current card
    rebuilds every earlier version. Written by ``cards.revisions.card_revise``.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    revised_at = models.DateTimeField()
    note = models.CharField(max_length=200)
    previous = models.JSONField(help_text="The rules-relevant fields before this revision")

    class Meta:
        ordering = ["-revised_at", "-id"]

    def __str__(self) -> str:
        return f"{self.card.name} ({self.revised_at:%Y-%m-%d}): {self.note}"


class CardDocument(models.Model):
    """A card's JSON as the API shows it, written ahead so a catalogue read joins ready text.

    ``shape`` names the JSON's form (``cards.api.stored.document_shape``): a document
    of another shape (an older release's) is never shown. Database triggers
    (migration 0004) delete a card's document whenever its row, its abilities or its
    realm's slug change, in the writing statement itself, so a document on file is
    always that of the card as it is; a card without one is put together from its
    rows. ``cards.api.stored.card_documents_refresh`` writes the missing ones.
    """

    card = models.OneToOneField(
        Card, on_delete=models.CASCADE, primary_key=True, related_name="stored_document"
    )
    shape = models.CharField(max_length=64)
    text = models.TextField()

    def __str__(self) -> str:
        return f"{self.card_id}: {self.text[:40]}"
