"""Decks, their slots and versions, and formats held as data (F1–F3)."""

from __future__ import annotations

import secrets
import uuid
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q, Sum
from django.utils import timezone

from cards.models import Card, CardKind, Rarity, Realm
from games.rulesets import default_rulesets, format_game, rulesets_refusal

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser


class Format(models.Model):
    """The deck-building rules of an event, as data staff edit in the admin.

    Copy limits: ``copy_limit`` applies to every card by name; the
    ``copy_limits_by_rarity`` / ``copy_limits_by_kind`` mappings
    (``{"mythic": 1, "champion": 1}``) tighten it for some cards.
    """

    name = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    description = models.TextField(blank=True)
    rulesets = models.JSONField(
        default=default_rulesets,
        blank=True,
        help_text='The rulesets it is played under, e.g. ["beta-2026-07", "beta-2025"]; '
        "the first is the default. Empty: for deck building only, not played here",
    )
    min_cards = models.PositiveSmallIntegerField()
    max_cards = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Blank: no maximum"
    )
    copy_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Blank: no limit"
    )
    copy_limits_by_rarity = models.JSONField(default=dict, blank=True)
    copy_limits_by_kind = models.JSONField(default=dict, blank=True)
    allowed_kinds = models.JSONField(default=list, blank=True, help_text="Empty: every kind")
    required_kinds = models.JSONField(
        default=dict, blank=True, help_text='Minimum count per kind, e.g. {"avatar": 1}'
    )
    requires_home_realm = models.BooleanField(default=False)
    sideboard_max = models.PositiveSmallIntegerField(default=15)
    opening_hand = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        default=7,
        help_text="Cards in the opening hand. Blank: no draw, every card starts in hand",
    )
    is_active = models.BooleanField(default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """Catch mistyped kinds, rarities and limits when staff edit a format in the admin."""
        errors: dict[str, str] = {}
        if self.max_cards is not None and self.max_cards < self.min_cards:
            errors["max_cards"] = "The maximum cannot be below the minimum."
        for field, names, known in (
            ("copy_limits_by_rarity", "rarities", Rarity.values),
            ("copy_limits_by_kind", "kinds", CardKind.values),
            ("required_kinds", "kinds", CardKind.values),
        ):
            value = getattr(self, field)
            if not isinstance(value, dict) or not all(
                isinstance(limit, int) and limit >= 0 for limit in value.values()
            ):
                errors[field] = f'Give a mapping of {names} to counts, e.g. {{"{known[0]}": 1}}.'
            elif unknown := sorted(set(value) - set(known)):
                errors[field] = f"Unknown {names}: {', '.join(unknown)}. Use {', '.join(known)}."
        if refusal := rulesets_refusal(self.rulesets, format_game(self)):
            errors["rulesets"] = refusal
        if not isinstance(self.allowed_kinds, list):
            errors["allowed_kinds"] = 'Give a list of kinds, e.g. ["avatar"].'
        elif unknown := sorted(set(self.allowed_kinds) - set(CardKind.values)):
            errors["allowed_kinds"] = (
                f"Unknown kinds: {', '.join(unknown)}. Use {', '.join(CardKind.values)}."
            )
        if errors:
            raise ValidationError(errors)


# The fields that limit copies and kinds: the admin groups them, the API lists them.
FORMAT_COPY_AND_KIND_FIELDS = (
    "copy_limit",
    "copy_limits_by_rarity",
    "copy_limits_by_kind",
    "allowed_kinds",
    "required_kinds",
    "requires_home_realm",
)


class ListStatus(models.TextChoices):
    BANNED = "banned", "Banned"
    RESTRICTED = "restricted", "Restricted"


class FormatListEntry(models.Model):
    """A card banned or restricted in a format from a date on."""

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="list_entries")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="format_entries")
    status = models.CharField(max_length=10, choices=ListStatus.choices)
    limit = models.PositiveSmallIntegerField(default=1, help_text="Copies allowed when restricted")
    effective_from = models.DateField()
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["format", "effective_from"]
        verbose_name_plural = "format list entries"

    def __str__(self) -> str:
        return f"{self.card} {self.status} in {self.format} from {self.effective_from}"


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private"
    UNLISTED = "unlisted", "Unlisted (anyone with the link)"
    PUBLIC = "public", "Public"


# How long a deleted deck waits in "Recently deleted" before `purge_deleted_decks` removes it.
DELETED_DECKS_KEPT = timedelta(days=30)


def new_share_token() -> str:
    """An unguessable key for an unlisted deck's link (128 random bits).

    Never all digits, so a token can never be read as a deck's number in a URL."""
    while (token := secrets.token_urlsafe(16)).isdigit():
        pass  # pragma: no cover - a one in 10**17 event
    return token


class DeckQuerySet(models.QuerySet):
    def alive(self) -> DeckQuerySet:
        """Decks not deleted: every page, list and API answer starts from these."""
        return self.filter(deleted_at__isnull=True)

    def deleted(self) -> DeckQuerySet:
        """Deleted decks still waiting out their 30 days, most recently deleted first."""
        return self.filter(deleted_at__isnull=False).order_by("-deleted_at", "-pk")

    def due_for_purge(self, *, now: datetime | None = None) -> DeckQuerySet:
        """Deleted decks whose 30 days are over."""
        return self.filter(deleted_at__lt=(now or timezone.now()) - DELETED_DECKS_KEPT)

    def owned_by(self, user: AbstractBaseUser | AnonymousUser) -> DeckQuerySet:
        """The user's own decks that are not deleted (none for a visitor)."""
        if not user.is_authenticated:
            return self.none()
        return self.alive().filter(owner=user)

    def visible_to(self, user: AbstractBaseUser | AnonymousUser) -> DeckQuerySet:
        """Decks a user may open by number and find in lists: their own and public ones.

        Unlisted decks of others open only through their share token (`shared`)."""
        if user.is_authenticated:
            return self.alive().filter(Q(owner=user) | Q(visibility=Visibility.PUBLIC))
        return self.listed()

    def listed_for(self, user: AbstractBaseUser | AnonymousUser) -> DeckQuerySet:
        """Decks a user's lists show: the same as `visible_to`, since unlisted decks of
        others no longer open by number either."""
        return self.visible_to(user)

    def shared(self, token: str) -> DeckQuerySet:
        """The deck a share link names, unless it went private or was deleted."""
        return self.alive().filter(share_token=token).exclude(visibility=Visibility.PRIVATE)

    def listed(self) -> DeckQuerySet:
        """Decks that appear in public browsing and search."""
        return self.alive().filter(visibility=Visibility.PUBLIC)

    def using_card(self, card: Card) -> DeckQuerySet:
        """Decks holding the card, in the main deck or the sideboard."""
        return self.filter(pk__in=card.deck_slots.values("deck_id"))

    def using_card_named(self, name_or_slug: str) -> DeckQuerySet:
        """Decks holding a card given by its name (in any case) or its slug."""
        holding = DeckSlot.objects.filter(
            Q(card__name__iexact=name_or_slug) | Q(card__slug=name_or_slug)
        )
        return self.filter(pk__in=holding.values("deck_id"))

    def searched(
        self,
        *,
        name: str = "",
        realm: Realm | None = None,
        format: Format | None = None,
        card: str = "",
    ) -> DeckQuerySet:
        """Decks matching a search: part of the name, Home Realm, format, a card held.

        Blank criteria match every deck."""
        decks = self
        if name:
            decks = decks.filter(name__icontains=name)
        if realm:
            decks = decks.filter(home_realm=realm)
        if format:
            decks = decks.filter(format=format)
        if card:
            decks = decks.using_card_named(card)
        return decks

    def with_list_columns(self) -> DeckQuerySet:
        """What a deck list row shows, in one query: owner, format, realm, main-deck size."""
        return (
            self.select_related("owner", "format", "home_realm")
            .annotate(main_total=Sum("slots__count", filter=Q(slots__board=Board.MAIN)))
            # An aggregate drops Meta.ordering, and paging needs a stable order.
            .order_by("-updated_at", "-pk")
        )

    def with_slots(self) -> DeckQuerySet:
        """Decks with owner, format, Home Realm and slot cards, in a constant number of queries."""
        return self.select_related("owner", "format", "home_realm").prefetch_related(
            models.Prefetch("slots", DeckSlot.objects.select_related("card"))
        )


class Deck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    home_realm = models.ForeignKey(Realm, on_delete=models.PROTECT, null=True, blank=True)
    format = models.ForeignKey(Format, on_delete=models.PROTECT, related_name="decks")
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Bumped by every write (settings or slots): an edit names the revision it was based
    # on, and a stale one is refused instead of silently undoing another tab's change.
    revision = models.PositiveIntegerField(default=1)
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True)

    objects = DeckQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def link_key(self) -> int | str:
        """What the deck's page URLs carry: the share token for an unlisted deck, else its id."""
        return self.share_token if self.visibility == Visibility.UNLISTED else self.pk

    @property
    def etag(self) -> str:
        """The HTTP entity tag of the deck's current revision."""
        return f'"{self.pk}-{self.revision}"'

    @property
    def purge_on(self) -> datetime | None:
        """When `purge_deleted_decks` removes a deleted deck for good."""
        return self.deleted_at + DELETED_DECKS_KEPT if self.deleted_at else None


class Board(models.TextChoices):
    MAIN = "main", "Main deck"
    SIDE = "side", "Sideboard"


# The most copies of one card a board may hold: the builder, the API and imports agree.
MAX_COPIES_PER_SLOT = 99


class DeckSlot(models.Model):
    """A card and how many copies, in the main deck or the sideboard."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="slots")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_slots")
    board = models.CharField(max_length=4, choices=Board.choices, default=Board.MAIN)
    count = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["board", "card__cost", "card__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "board"], name="one_slot_per_card_and_board"
            ),
            models.CheckConstraint(condition=Q(count__gte=1), name="slot_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name} ({self.board})"


class DeckVersion(models.Model):
    """The slots after one change, so a history can diff and restore them.

    Builder edits made close together share one version (see decks/versions.py):
    `edits` counts them and `updated_at` is the last one. A `label` the player
    gives a version freezes it: later edits start a new one.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(default=timezone.now)
    note = models.CharField(max_length=200, blank=True)
    label = models.CharField(max_length=80, blank=True)
    # True for versions made by single-card edits, which later edits may amend.
    from_edits = models.BooleanField(default=False)
    edits = models.PositiveIntegerField(default=1)
    # [{"card": slug, "board": "main"|"side", "count": n}, ...] sorted by board, slug.
    slots = models.JSONField()

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="one_version_number_per_deck"),
        ]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"
