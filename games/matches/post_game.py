"""What a match's page says once the match is over: who won and how, in the viewer's words;
how long it went; the cards each side had left; the whole log; the rematch.

The rematch (games.matches.services.match_rematch) is offered to the match's players until
one of them asks for it; then the page names it: the asker goes to it, and a friend sees
the invitation to join it, as for a new match. A friend match's page keeps looking for it
(``REMATCH_POLL_MILLISECONDS``) until it has begun.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.matches.records import match_position
from games.matches.seats import seats_of
from games.matches.whole_log import WholeLog, whole_log_for
from games.models import Match, Mode, Status
from games.play import SEATS, ending_words, seat_name

# How often a friend match's page looks for a rematch its other player may ask for.
REMATCH_POLL_MILLISECONDS = 5000
# The modes a match may be played again in: an imported replay has no players.
REMATCH_MODES = (Mode.HOTSEAT, Mode.BOT, Mode.FRIEND)


@dataclass(frozen=True)
class CardsLeft:
    """One side's cards at the end: how many in each pile, and the hand by name."""

    seat: int
    name: str
    player: str
    hand: tuple[str, ...]
    deck: int
    discard: int


@dataclass(frozen=True)
class PostGame:
    """A match that is over, as one viewer reads it (see the module)."""

    headline: str
    ending: str
    turns: int
    actions: int
    has_deck: bool
    sides: tuple[CardsLeft, ...]
    log: WholeLog
    may_rematch: bool
    rematch: Match | None
    # The viewer is the friend the rematch waits for: the page invites them to join it.
    invited: bool
    # The page keeps looking for the rematch every this many milliseconds (None: it does not).
    poll_ms: int | None


def post_game_for(match: Match, user) -> PostGame:
    """The summary of ``match`` (over) for ``user``; raises RecordMismatch."""
    seats = seats_of(match, user)
    you = seats[0] if len(seats) == 1 else None
    state = match_position(match).state
    rematch = Match.objects.filter(rematch_of=match).select_related("owner").first()
    invited = (
        rematch is not None
        and rematch.status == Status.WAITING
        and bool(seats)
        and rematch.owner_id != getattr(user, "pk", None)
    )
    looking = match.mode == Mode.FRIEND and bool(seats)
    waiting = rematch is None or rematch.status == Status.WAITING
    players = match.players
    return PostGame(
        headline=_headline(match.result, you),
        ending=ending_words(match.result, you),
        turns=state.turn,
        actions=match.number,
        has_deck=state.ruleset.deck,
        sides=tuple(
            CardsLeft(
                seat,
                seat_name(seat),
                players[seat],
                tuple(state.card_name(card) for card in state.hands[seat]),
                len(state.decks[seat]),
                len(state.discards[seat]),
            )
            for seat in SEATS
        ),
        log=whole_log_for(match, user),
        may_rematch=bool(seats) and match.mode in REMATCH_MODES and rematch is None,
        rematch=rematch,
        invited=invited,
        poll_ms=REMATCH_POLL_MILLISECONDS if looking and waiting else None,
    )


def _headline(result: dict, you: int | None) -> str:
    """ "You won", "You lost", "A draw"; for a spectator or a hot-seat player, "Red won"."""
    winner = result.get("winner")
    if winner is None:
        return "A draw"
    if you is None:
        return f"{seat_name(winner)} won"
    return "You won" if winner == you else "You lost"
