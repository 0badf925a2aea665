"""Matches: a game's record (ruleset, decks by value, seed, actions, digests), its seats
and where it stands; and play-test notes on its actions.

A match row never holds a game state: the state is rebuilt from the record
(``games.matches.records``). Every write names the row's ``revision`` it read, so two
writes racing on one match cannot both land (STYLE.md §4).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from games.play import reason_words, seat_name

# Every DIGEST_EVERY-th state's digest is stored: a replay checks the record against
# them, at a fraction of the cost of a digest per state.
DIGEST_EVERY = 10


def new_invite_token() -> str:
    """An unguessable invitation key (192 random bits)."""
    return secrets.token_urlsafe(24)


class Mode(models.TextChoices):
    HOTSEAT = "hotseat", "Hot-seat (one screen, both sides)"
    BOT = "bot", "Against a bot"
    FRIEND = "friend", "Against a friend"
    IMPORTED = "imported", "Imported replay"


class Status(models.TextChoices):
    WAITING = "waiting_for_friend", "Waiting for a friend to join"
    PLAYING = "playing", "In play"
    FINISHED = "finished", "Finished"
    RESIGNED = "resigned", "Resigned"


class FirstTurn(models.TextChoices):
    DICE = "dice", "The dice decide (R6)"
    ME = "me", "I take the first turn"
    OPPONENT = "opponent", "My opponent takes the first turn"


# What a match's table, its API view and the visibility check read of its people and decks.
PLAY_RELATED_FIELDS = (
    "owner__username",
    "red_user__username",
    "blue_user__username",
    "red_deck__visibility",
    "blue_deck__visibility",
)


class MatchQuerySet(models.QuerySet):
    def of_player(self, user) -> MatchQuerySet:
        """Matches ``user`` created or sits in, newest first."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(Q(owner=user) | Q(red_user=user) | Q(blue_user=user)).order_by(
            "-updated_at", "-pk"
        )

    def of_deck(self, deck) -> MatchQuerySet:
        """Matches played with ``deck`` in either seat, newest first."""
        return self.filter(Q(red_deck=deck) | Q(blue_deck=deck)).order_by("-created_at", "-pk")

    def with_people(self) -> MatchQuerySet:
        """What a list of matches shows, in one query."""
        return self.select_related("owner", "red_user", "blue_user", "red_deck", "blue_deck")

    def for_play(self) -> MatchQuerySet:
        """A match to show or play, in one query: its own fields but its decks by value (tens
        of kilobytes of JSON only a replay reads), and of its people and decks only what a
        table shows and :func:`games.matches.services.may_see` checks. Each column left out is one
        Django no longer compiles into the query nor reads into a row: on the act path,
        building the query cost more than running it."""
        own = [field.name for field in self.model._meta.concrete_fields if field.name != "decks"]
        return self.with_people().only(*own, *PLAY_RELATED_FIELDS)


class Match(models.Model):
    game = models.CharField(max_length=20, default="shen")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="matches_created"
    )
    mode = models.CharField(max_length=10, choices=Mode.choices)
    bot_name = models.CharField(max_length=40, blank=True)
    ruleset = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    # The owner chose the seed (hot-seat or bot; never a friend match): false when drawn.
    seed_chosen = models.BooleanField(default=False)
    first_turn = models.CharField(max_length=10, choices=FirstTurn.choices, default=FirstTurn.DICE)
    # Engine deck data per seat ([red, blue]); a friend's seat is null until they join.
    decks = models.JSONField()
    red_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    blue_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    # For records only: the play is in ``decks``, by value.
    red_deck = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    blue_deck = models.ForeignKey(
        "decks.Deck", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    red_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    blue_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    format = models.ForeignKey(
        "decks.Format", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    invite_token = models.CharField(max_length=40, unique=True, null=True, blank=True)
    # The state number: how many actions have been applied.
    number = models.PositiveIntegerField(default=0)
    # Bumped by every write (an action, an undo, a resignation, an undo request): the
    # page's ETag, and the guard of the race-safe update.
    revision = models.PositiveIntegerField(default=0)
    actions = models.JSONField(default=list, blank=True)
    digests = models.JSONField(default=list, blank=True)
    digest_every = models.PositiveSmallIntegerField(default=DIGEST_EVERY)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PLAYING)
    # {"winner": seat or null, "reason": "anchors" | "out_of_cards" | ... | "resigned"}
    result = models.JSONField(null=True, blank=True)
    # A friend match: the seat that asked to take back its last decision, until answered.
    undo_requested_by = models.SmallIntegerField(null=True, blank=True)
    # The match this one plays again (games.matches.services.match_rematch): one rematch each.
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = MatchQuerySet.as_manager()

    class Meta:
        ordering = ["-updated_at", "-pk"]
        verbose_name_plural = "matches"
        constraints = [
            models.CheckConstraint(condition=Q(seed__gte=0), name="match_seed_not_negative"),
        ]

    def __str__(self) -> str:
        return f"Match {self.pk} ({self.get_mode_display()})"

    @property
    def etag(self) -> str:
        """The HTTP entity tag of the match as it stands: state number and revision."""
        return f'"{self.number}-{self.revision}"'

    @property
    def users(self) -> tuple:
        """The user in each seat (None: a bot, the hot-seat's second side, a friend to come)."""
        return (self.red_user, self.blue_user)

    @property
    def decks_of_seats(self) -> tuple:
        return (self.red_deck, self.blue_deck)

    @property
    def is_over(self) -> bool:
        return self.status in (Status.FINISHED, Status.RESIGNED)

    @property
    def seed_is_shown(self) -> bool:
        """Whether pages may show the seed: with the replay once the match is over, or an
        imported record's (its file holds it). While a match runs only the server knows
        it: with the open engine it foretells every draw, shuffle and die."""
        return self.is_over or self.mode == Mode.IMPORTED

    @property
    def bot_cards_predictable(self) -> bool:
        """A bot match in play on a seed its owner chose: the bot's cards can be foreseen."""
        return self.mode == Mode.BOT and self.seed_chosen and not self.is_over

    @property
    def players(self) -> tuple[str, str]:
        """Who plays Red and Blue, in words: a user's name, "bot (random)", the owner on
        both sides of a hot-seat match, "—" for a seat nobody holds yet."""

        def name(user) -> str:
            if user is not None:
                return user.username
            if self.mode == Mode.BOT:
                return f"bot ({self.bot_name})"
            if self.mode == Mode.HOTSEAT:
                return self.owner.username
            return "—"

        return (name(self.red_user), name(self.blue_user))

    def deck_names_seen_by(self, user) -> tuple[str, str]:
        """Each seat's deck name as ``user`` may read it: a public deck's, or their own
        deck's; another player's private or unlisted deck only says it is theirs ("" for
        a seat without a deck)."""

        def name(deck) -> str:
            if deck is None:
                return ""
            if deck.visibility == "public" or deck.owner_id == getattr(user, "pk", None):
                return deck.name
            return "their own deck"

        return (name(self.red_deck), name(self.blue_deck))

    @property
    def replay_is_public(self) -> bool:
        """A finished match between public decks: anyone may watch its replay by its link."""
        return self.is_over and all(
            deck is not None and deck.visibility == "public" for deck in self.decks_of_seats
        )

    def winner_name(self) -> str:
        """Who won, in words ("Red", "Blue", "Nobody (a draw)"), or "" while in play."""
        if not self.result:
            return ""
        winner = self.result.get("winner")
        return "Nobody (a draw)" if winner is None else seat_name(winner)

    def reason_words(self) -> str:
        """Why the match ended, in words with its rule, or "" while in play."""
        return reason_words(self.result.get("reason", "")) if self.result else ""


class MatchNote(models.Model):
    """A play-test note a player attached to an action of a match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="match_notes"
    )
    number = models.PositiveIntegerField(help_text="The state number the note is about")
    text = models.TextField(max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "number", "created_at", "pk"]

    def __str__(self) -> str:
        return f"Note on match {self.match_id} at {self.number}"
