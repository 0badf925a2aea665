"""Playing matches in tests: legal answers from the match's own position."""

from __future__ import annotations

from games.models import Match
from games.play import GAMES
from games.records import match_position


def legal_json(match: Match) -> list[dict]:
    """Every legal action of the match as it stands, as client JSON."""
    game = GAMES[match.game]
    state = match_position(match).state
    return [game.action_to_json(action) for action in game.legal_actions(state)]


def acting_seat(match: Match) -> int | None:
    return GAMES[match.game].acting_seat(match_position(match).state)
