"""A deck's play-test record: its matches, and wins, losses and draws per deck version and
ruleset (a Standard deck plays beta-2026-07 and beta-2025: their results are not one tally).

The tally counts only the matches the deck's owner played (created, or sat in as the friend
who joined): anyone may play hot-seat with a public deck and resign, and those games must
not rewrite its owner's record. A game watched from a simulation is saved as an imported
match of the viewer's; it is no play-test, so the deck page neither counts nor lists it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Q

from decks.models import Deck
from games.models import Match, Mode, Status

# The deck page lists this many of the deck's latest matches.
MATCHES_LISTED = 20


@dataclass(frozen=True)
class VersionRecord:
    """How a deck version did in finished matches under one ruleset."""

    version: int | None
    ruleset: str
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True)
class DeckMatchRecord:
    matches: list[Match]
    versions: list[VersionRecord]


def deck_match_record(deck: Deck, user) -> DeckMatchRecord:
    """The deck's play-test matches ``user`` may open (newest first) and the record per
    version of the finished ones its owner played (counts reveal no card)."""
    played = Match.objects.of_deck(deck).exclude(mode=Mode.IMPORTED)
    mine = Q(owner=user) | Q(red_user=user) | Q(blue_user=user) if user.is_authenticated else Q()
    public = Q(status__in=[Status.FINISHED, Status.RESIGNED]) & Q(
        red_deck__visibility="public", blue_deck__visibility="public"
    )
    visible = played.filter(mine | public) if user.is_authenticated else played.filter(public)
    # The list shows a few columns: the records by value stay in the database.
    visible = visible.select_related("owner", "red_user", "blue_user").defer(
        "decks", "actions", "digests"
    )
    tally: dict[tuple[int | None, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    owner = deck.owner_id
    by_owner = Q(owner=owner) | Q(red_user=owner) | Q(blue_user=owner)
    over = played.filter(by_owner, status__in=[Status.FINISHED, Status.RESIGNED])
    over = over.exclude(result=None)
    rows = over.values_list(
        "red_deck_id",
        "blue_deck_id",
        "red_version__number",
        "blue_version__number",
        "ruleset",
        "result",
    )
    for red_deck, blue_deck, red_version, blue_version, ruleset, result in rows:
        for seat, (seat_deck, version) in enumerate(
            ((red_deck, red_version), (blue_deck, blue_version))
        ):
            if seat_deck != deck.pk:
                continue
            winner = (result or {}).get("winner")
            column = 2 if winner is None else (0 if winner == seat else 1)
            tally[version, ruleset][column] += 1
    versions = [
        VersionRecord(number, ruleset, *counts)
        for (number, ruleset), counts in sorted(
            tally.items(), key=lambda item: (-(item[0][0] or 0), item[0][1])
        )
    ]
    return DeckMatchRecord(list(visible[:MATCHES_LISTED]), versions)
