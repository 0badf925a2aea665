"""The table as one player sees it: a drawing model of one moment of a game.

``table_for(state, player, events, number)`` is what a page calls: it takes the
player's view (``view_for``), their redacted events and, only when the decision
is theirs, the waiting decision, and returns a ``Table`` of plain frozen data
the table templates draw: the board in SVG units (``games.matches.table.board``), both
players' sides, the hand, the decision (``games.matches.table.decision``), the last
combat's dice and the log (``games.matches.table.log``). No database and no request:
the same input always draws the same table.

Board positions are keyed ``s<index>`` (spaces) and ``v<index>`` (vertices);
the SVG carries the keys as ``data-place`` and the decision's options name
them, so a click on the board finds its option without knowing the rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.engine import (
    ACTIVATION,
    HIDDEN,
    DecisionView,
    Event,
    GameState,
    describe_decision,
    is_in,
    player_name,
    redact_events,
    seat_count,
    team_of,
    turn_order,
    view_for,
)
from games.matches.table.board import (
    COUNTER_MARK_WORDS,
    TRAITS,
    Board,
    colour,
    counter_mark,
    draw_board,
)
from games.matches.table.decision import Panel, decision_panel
from games.matches.table.log import CombatDice, LogLine, last_combat, log_line, rulebook_rules
from games.play import ending_words

LOG_LINES = 40


@dataclass(frozen=True, slots=True)
class HandCard:
    """A card in the player's own hand."""

    card: int
    name: str
    slug: str
    kind: str
    realm: str
    cost: int
    traits: str
    sources: str


@dataclass(frozen=True, slots=True)
class Side:
    """One player's counts: what every player may know about them."""

    player: int
    name: str
    colour: str
    home_realm: str
    is_you: bool
    deciding: bool
    hand: int
    deck: int
    discard: tuple[str, ...]
    out: int
    counters: int
    anchors: int
    stone: str
    # With teams (M4): "Team 2" and the team-mates' names; whether the viewer is one.
    team: str = ""
    team_mates: tuple[str, ...] = ()
    your_team_mate: bool = False
    # Out of the game (R25, M7): skipped by every round, nobody's opponent.
    is_out: bool = False
    # Whose turn it is.
    in_turn: bool = False
    # The white mark on the player's counters, as a path and in words (the key).
    mark: str = ""
    mark_words: str = ""


@dataclass(frozen=True, slots=True)
class Ending:
    """A match over by its players, not by the rules (a resignation): ``result`` as the
    viewer reads it ("You resigned: Blue wins") and ``line``, the log's last line."""

    result: str
    line: str


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the table templates draw for one player (None: a spectator)."""

    player: int | None
    number: int
    ruleset: str
    has_deck: bool
    turn: int
    turn_player: str
    phase: str
    result: str
    deciding: str
    board: Board
    sides: tuple[Side, ...]
    # The turn order from the turn's player, of those still in (M2, M3): with more than
    # two seats, who comes after whom is worth saying.
    round_order: tuple[str, ...]
    hand: tuple[HandCard, ...]
    panel: Panel | None
    dice: CombatDice | None
    log: tuple[LogLine, ...]

    @property
    def waiting_for(self) -> str:
        """Whose decision the game waits for, in words."""
        return f"Waiting for {self.deciding}" if self.deciding else ""


def table_for(state: GameState, player: int | None, events: Iterable[Event], number: int) -> Table:
    """The table of ``state`` as ``player`` (None: a spectator) may see it.

    ``events`` are the recent events, oldest first (redacted here for
    ``player``); ``number`` is the state's number, which every answer echoes.
    The decision's options are offered only to the player who must answer.
    """
    ours = player is not None and state.to_decide == player
    decision = describe_decision(state) if ours else None
    return build_table(view_for(state, player), player, decision, events, number)


def build_table(
    view: GameState,
    player: int | None,
    decision: DecisionView | None,
    events: Iterable[Event],
    number: int,
    *,
    flipped: bool | None = None,
    ending: Ending | None = None,
    first_chosen: bool = False,
    decider: int | None = None,
) -> Table:
    """The table from a player's ``view`` (``view_for``) and their ``decision``
    (``describe_decision`` of the real state, or None when it is not theirs).
    ``flipped`` turns the board to Blue's side (by default: when ``player`` is Blue).
    ``decider``: hot-seat, the seat that answers ``decision`` on a table drawn with no
    hand (``player`` None), a decision answered from the board alone.
    ``ending``: the match ended outside the game (then nobody decides any more);
    ``first_chosen``: the match chose who takes the first turn (the log tells no roll)."""
    # Over outside the game: the state still waits for a decision nobody will take.
    deciding = None if ending is not None else view.to_decide
    if ending is not None:
        decision = None
    if decision is not None and decision.player not in (player, decider):
        decision = None  # someone else's options never reach this player
    seen = redact_events(events, player)
    panel = decision_panel(decision, number, view) if decision is not None else None
    log = _log(view, seen[-LOG_LINES:], first_chosen)
    if ending is not None:
        log = (*log, LogLine(ending.line, ""))[-LOG_LINES:]
    return Table(
        player=player,
        number=number,
        ruleset=view.ruleset.name,
        # simplified-0.1 plays a force of Avatars from hand, with no deck (R29).
        has_deck=view.ruleset.deck,
        turn=view.turn,
        turn_player=player_name(view.turn_player),
        # One action a turn (R27) has no steps to alternate: its phase is that action.
        phase="one action" if view.ruleset.one_action and view.phase == ACTIVATION else view.phase,
        result=ending.result if ending else _result_words(view),
        deciding="" if deciding is None else player_name(deciding),
        # Each player sees the board from their own chair: Blue's is turned half a turn.
        # In hot-seat the screens choose the side (games.matches.screens): the board turns
        # with the device at a hand-over, as it would on a real table, unless the device
        # keeps it still; a spectator sits on Red's side. Round a table of more than two
        # the chairs are not across from each other: everyone sees it as Red does.
        board=draw_board(view, panel, flipped=_flipped(view, player, flipped)),
        sides=tuple(_side(view, p, player, deciding) for p in range(seat_count(view))),
        round_order=tuple(map(player_name, turn_order(view, view.turn_player))),
        hand=_hand(view, player, panel),
        panel=panel,
        dice=last_combat(seen, len(view.hands)),
        log=log,
    )


def _log(view: GameState, events: Iterable[Event], first_chosen: bool) -> tuple[LogLine, ...]:
    """The events in words, each citing a rule of the game's own rulebook."""
    rules = rulebook_rules(view.ruleset.name)
    one_action = view.ruleset.one_action
    return tuple(log_line(e, rules, one_action, first_chosen=first_chosen) for e in events)


# -- the players and the hand ----------------------------------------------------------


def _flipped(view: GameState, player: int | None, flipped: bool | None) -> bool:
    if flipped is not None:
        return flipped
    return player == 1 and len(view.hands) == 2


def _side(view: GameState, player: int, you: int | None, deciding: int | None) -> Side:
    stone = view.stones[player]
    mates = tuple(
        m
        for m in range(seat_count(view))
        if m != player and view.teams and team_of(view, m) == team_of(view, player)
    )
    return Side(
        player=player,
        name=player_name(player),
        colour=colour(player),
        home_realm=view.home_realms[player],
        is_you=player == you,
        deciding=deciding == player,
        hand=len(view.hands[player]),
        deck=len(view.decks[player]),
        discard=tuple(view.card_name(card) for card in view.discards[player]),
        out=len(view.out[player]),
        counters=view.grid.counter_count(player),
        anchors=sum(1 for holder in view.holders if holder == player),
        stone=view.board.vertex_name(stone) if stone >= 0 else "",
        team=f"Team {team_of(view, player) + 1}" if view.teams else "",
        team_mates=tuple(map(player_name, mates)),
        your_team_mate=you in mates,
        is_out=not is_in(view, player),
        in_turn=player == view.turn_player,
        mark=counter_mark(player),
        mark_words=COUNTER_MARK_WORDS[player],
    )


def _hand(view: GameState, player: int | None, panel: Panel | None) -> tuple[HandCard, ...]:
    if player is None:
        return ()
    sources = panel.hand_sources if panel else {}
    cards = []
    for card in view.hands[player]:
        if card == HIDDEN:
            continue  # never happens for one's own hand; a view keeps it that way
        spec = view.cards[card]
        traits = " ".join(
            f"{short}{spec.trait(name)}" for name, short in TRAITS if spec.kind == "avatar"
        ) or " ".join(f"+{spec.bonus(n)}{s}" for n, s in TRAITS if spec.bonus(n))
        cards.append(
            HandCard(
                card,
                spec.name,
                spec.slug,
                spec.kind,
                spec.realm,
                spec.cost,
                traits,
                sources.get(card, ""),
            )
        )
    return tuple(cards)


def _result_words(view: GameState) -> str:
    result = view.result
    if result is None:
        return ""
    return ending_words({"winner": result.winner, "reason": result.reason})
