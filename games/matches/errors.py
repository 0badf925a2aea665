"""Why a match change cannot be made: a :class:`MatchError` and its kinds, each with the
HTTP answer (``status``) a page or the API gives for it. Nothing was changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from decks.validation import FormatViolation

if TYPE_CHECKING:
    from decks.models import Deck
    from games.models import Match


class MatchError(ValueError):
    """A match change that cannot be made, with a sentence saying why; nothing changed."""

    status = 400


class MatchForbidden(MatchError):
    """The user may not do this in this match (not their seat, not their match)."""

    status = 403


class MatchConflict(MatchError):
    """The match is not in a state that allows this (over, waiting, no undo asked)."""

    status = 409


class MatchStale(MatchConflict):
    """The action was chosen on a state the match has moved on from."""

    def __init__(self, match: Match) -> None:
        super().__init__(
            f"The match has moved on to state {match.number}; nothing was applied. "
            "Here is the match as it stands."
        )
        self.match = match


class DeckNotValid(MatchError):
    """A deck breaks its format: the violations say how."""

    def __init__(self, deck: Deck, violations: Sequence[FormatViolation]) -> None:
        super().__init__(f"{deck.name} is not valid for {deck.format.name}.")
        self.deck = deck
        self.violations = list(violations)
