"""What one person sees of a match: only their view of the state and of the events.

Every page and endpoint that shows a match builds a :class:`Screen` here, so
hidden information is decided in one place: the state is always the game's
``view`` for the viewer's seat, the log always the events ``events_for`` that
seat, and the decision (whose options name the cards in a hand) only reaches
the person who controls the seat that must decide.

Hot-seat (two friends, one device; ``revealed``: the seat known to hold the device now):

- A hand is on the screen only while its seat holds the device: the seat answered the
  last decision on this device, or took it at this state with "I am Blue: show my side".
- A decision answered with the hand (``Game.private``: play a card, which cards to lose,
  a combat window) for a seat that does not hold the device shows the hand-over screen
  first: the board and both sides as a spectator sees them, the last lines of the log in
  a spectator's words, and the button. So the device is handed over once per change of
  player, and only when a hand is at stake; never once the match is over.
- A decision answered from the board alone (a Realm Stone or a Shén counter to place, which
  alternate between the players in the Set-Up and the Recovery) for a seat that does not
  hold the device is offered at once, on a table with no hand on it: no hand-over per
  placement, and neither hand shown. Its seat may still take the device to see its hand.
- The board faces the seat whose hand is on the screen, else the seat whose turn it is,
  so it turns at a hand-over, not with every placement; ``turned=False`` (the device's
  setting, kept in a cookie) keeps it on Red's side.

A replay shows a player their own seat's side, and anyone else, the owner of a hot-seat
match included, a spectator's (whoever holds the device may be either player). Once the
match is over it shows both hands: the hands not on the table are ``shown_hands``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.matches.records import (
    Position,
    game_of,
    match_position,
    replay_position,
    replay_positions,
)
from games.matches.seats import seats_of
from games.matches.table.drawing import Ending, Table, build_table
from games.models import FirstTurn, Match, Mode, Status
from games.play import SEATS, ending_words, seat_name


@dataclass(frozen=True)
class ShownHand:
    """A hand shown in the replay of a match that is over: its seat, whose it is, the cards."""

    seat: int
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Screen:
    """A match as one viewer sees it at state ``number``.

    ``view``: the viewer's view of the state; ``decision``: the waiting decision when
    the viewer is the one to answer it (else None); ``handover``: hot-seat only, the
    seat the device must be handed to before its hand is shown; ``hand_hidden``: hot-seat
    only, the seat answering a decision from the board while its hand stays off the table.
    """

    match: Match
    number: int
    seat: int | None
    acting: int | None
    view: Any
    decision: Any
    decision_json: dict[str, Any] | None
    log: tuple[tuple[int, tuple[str, ...]], ...]
    hand: tuple[tuple[int, str], ...]
    handover: int | None = None
    hand_hidden: int | None = None
    # The table drawn for this viewer (games.matches.table): board, sides, hand, decision, log.
    table: Table | None = None
    # How the match ended in the viewer's words ("You resigned: Blue wins"), "" in play.
    ending: str = ""
    # A replay of a match that is over: the hands not on the table.
    shown_hands: tuple[ShownHand, ...] = ()

    @property
    def seat_name(self) -> str:
        return seat_name(self.seat)

    @property
    def acting_name(self) -> str:
        return seat_name(self.acting) if self.acting is not None else ""

    @property
    def is_mine_to_decide(self) -> bool:
        return self.decision is not None


def screen_for(
    match: Match,
    user,
    *,
    revealed: int | None = None,
    drawn: bool = True,
    turned: bool = True,
) -> Screen:
    """The table as ``user`` sees it now. In a hot-seat match ``revealed`` is the seat
    known to hold the device at this state (None: nobody known); ``turned=False`` keeps the
    board on Red's side (see the module's docstring). A friend match still waiting for its
    second deck has no game yet: nothing to show but seats. ``drawn=False``: no
    :class:`Table` (the API answers the view and decision as data; the drawing was a
    seventh of an action's cost)."""
    if match.status == Status.WAITING:
        seats = seats_of(match, user)
        return Screen(
            match=match,
            number=0,
            seat=seats[0] if seats else None,
            acting=None,
            view=None,
            decision=None,
            decision_json=None,
            log=(),
            hand=(),
        )
    position = match_position(match)
    return _screen(match, user, position, revealed=revealed, live=True, drawn=drawn, turned=turned)


def replay_screen_for(match: Match, user, number: int) -> Screen:
    """State ``number`` of the match (0 … its number) as ``user`` may see it in the replay:
    at bounded cost, from the match's checkpoints (``games.matches.records.replay_position``)."""
    position = replay_position(match, number)
    return _screen(match, user, position, revealed=None, live=False)


def replay_screens_for(match: Match, user, first: int, last: int) -> tuple[Screen, ...]:
    """States ``first`` to ``last`` of the match as ``user`` may see them in the replay:
    one walk through the record (``games.matches.records.replay_positions``)."""
    return tuple(
        _screen(match, user, position, revealed=None, live=False)
        for position in replay_positions(match, first, last)
    )


def _screen(
    match: Match,
    user,
    position: Position,
    *,
    revealed,
    live: bool,
    drawn: bool = True,
    turned: bool = True,
) -> Screen:
    game = game_of(match)
    # The match's last state once it is over, live or in the replay. A resigned match's
    # last state still waits for a decision: nobody acts on it now.
    over = match.is_over and position.number == match.number
    acting = None if over else game.acting_seat(position.state)
    seats = seats_of(match, user)
    you = seats[0] if len(seats) == 1 else None  # hot-seat: both sides read one result
    ending = ending_words(match.result, you) if over and match.result else ""
    # Ended by the players, not the rules: the table says so, and the log's last line too.
    resigned = (
        Ending(ending, ending_words(match.result))
        if ending and game.result(position.state) is None
        else None
    )
    hotseat = live and match.mode == Mode.HOTSEAT and len(seats) == 2 and acting is not None
    handover = hand_hidden = None
    if hotseat:
        # The hand on the screen: only that of the seat holding the device.
        seat = acting if revealed == acting else None
        if seat is None and game.private(position.state):
            handover = acting
        elif seat is None:
            hand_hidden = acting
    else:
        seat = _seat(match, seats, acting, live=live)
    view = game.view(position.state, seat)
    deciding = live and match.status == Status.PLAYING and acting in seats and handover is None
    first_chosen = match.first_turn != FirstTurn.DICE
    log = tuple(
        (
            number,
            tuple(
                game.log_line(event, first_chosen=first_chosen)
                for event in game.events_for(events, seat)
            ),
        )
        for number, events in position.log
    )
    hand = () if seat is None else tuple((card, view.card_name(card)) for card in view.hands[seat])
    decision = game.decision(position.state) if deciding else None
    events = tuple(event for _, batch in position.log for event in batch)
    table = (
        None
        if not drawn
        else build_table(
            view,
            seat,
            decision,
            events,
            position.number,
            flipped=_flipped(match, seats, view, seat, live=live, turned=turned),
            ending=resigned,
            first_chosen=first_chosen,
            decider=acting if hotseat else None,
        )
    )
    return Screen(
        match=match,
        number=position.number,
        seat=seat,
        acting=acting,
        view=view,
        decision=decision,
        # The decision worked out above, not a second time: listing its legal actions is
        # most of an answer's engine work.
        decision_json=None if decision is None else game.decision_to_json(decision),
        log=log,
        hand=hand,
        handover=handover,
        hand_hidden=hand_hidden,
        table=table,
        ending=ending,
        shown_hands=() if live or not match.is_over else _hands(position.state, seat),
    )


def _hands(state, seat: int | None) -> tuple[ShownHand, ...]:
    """The hands of the seats other than ``seat``'s, by card name, in seat order."""
    return tuple(
        ShownHand(other, seat_name(other), tuple(state.card_name(c) for c in state.hands[other]))
        for other in SEATS
        if other != seat
    )


def _flipped(
    match: Match, seats: tuple[int, ...], view, seat: int | None, *, live: bool, turned: bool
) -> bool | None:
    """Whether the board is seen from Blue's side (None: from the viewer's own)."""
    if len(seats) != 2:
        return None
    # A replay of a hot-seat match keeps one side of the table: the board would otherwise
    # turn half a turn whenever the side to decide changes while someone steps through it.
    if not live or not turned:
        return False
    # The hand on the screen faces its player; with none, the board stays with the player
    # whose turn it is rather than turning with each placement of the Set-Up.
    return (seat if seat is not None else view.turn_player) == 1


def _seat(match: Match, seats: tuple[int, ...], acting: int | None, *, live: bool) -> int | None:
    if len(seats) == 1:
        return seats[0]
    if len(seats) == 2 and live:  # hot-seat: the side to act (none once the game is over)
        return acting
    return None  # a spectator, and a hot-seat match's replay (see the module's docstring)
