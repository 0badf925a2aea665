"""Winning: all anchor points (R20, M8), the last player or team in (R25, M8), the turn
limit (R26).

A side is a player, or with teams (M1) a team: its players share the win, those out
included (M8). With more than two seats the result names everyone sharing it
(``Result.among``); a two-player result is the one it always was. Players going out
are taken off the table by :mod:`games.engine.going_out`, which asks
:func:`last_side_in` whether the game is over.
"""

from __future__ import annotations

from games.engine.decisions import DiscardCard
from games.engine.events import Event, GameOver
from games.engine.seats import is_in, players_in, seats, team_of
from games.engine.state import (
    OVER,
    PLAYERS,
    SETUP,
    GameState,
    Result,
    evolve,
    player_name,
    with_item,
)


def end_game(
    state: GameState,
    winner: int | None,
    reason: str,
    log: list[Event],
    among: tuple[int, ...] = (),
) -> GameState:
    """The state with the game over: ``winner`` None is a draw.

    ``among`` (more than two seats only) is everyone sharing the result: the winning
    side's players, or the players drawing. What was still to happen is dropped, except
    that a one-shot card still resolving goes to its discard pile, so every card stays
    accounted for.
    """
    if len(state.hands) == 2:
        among = ()
    team = state.teams[winner] if state.teams and winner is not None else -1
    names = tuple(player_name(p) for p in among)
    log.append(GameOver(None if winner is None else player_name(winner), reason, names))
    discards = state.discards
    for card in resolving(state):
        owner = state.owners[card]
        discards = with_item(discards, owner, (*discards[owner], card))
    result = Result(winner, reason, team, among)
    return evolve(state, result=result, phase=OVER, pending=(), discards=discards)


def resolving(state: GameState) -> list[int]:
    """One-shot cards played and not yet in the discard pile (R16)."""
    return [task.card for task in state.pending if isinstance(task, DiscardCard)]


def side_players(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s side (M8): their whole team, out or not, or ``player`` alone."""
    if not state.teams:
        return (player,)
    team = state.teams[player]
    return tuple(p for p in seats(state) if state.teams[p] == team)


def _win(state: GameState, winner: int, reason: str, log: list[Event]) -> GameState:
    return end_game(state, winner, reason, log, side_players(state, winner))


def last_side_in(
    state: GameState, going: tuple[int, ...], reason: str, log: list[Event]
) -> GameState:
    """R25, M8: ``going`` are going out together; when at most one side (a player, or a
    team) would be left in, the game ends: that side wins, or, with nobody left, the
    players going out together draw. Else ``state`` unchanged."""
    staying = [p for p in players_in(state) if p not in going]
    sides = {team_of(state, p) for p in staying}
    if len(sides) > 1:
        return state
    if not staying:
        return end_game(state, None, reason, log, going)
    return _win(state, staying[0], reason, log)


def check_forces(state: GameState, log: list[Event]) -> GameState:
    """R25 in simplified-0.1 (a two-player game): a player with no Avatar on the board
    and none in hand is out; the only player left with Avatars wins."""
    if state.result is not None or state.phase == SETUP:
        return state
    cards = state.cards
    fielding = {avatar.owner for avatar in state.avatars}
    out = [
        p
        for p in PLAYERS
        if p not in fielding and not any(cards[c].kind == "avatar" for c in state.hands[p])
    ]
    if not out:
        return state
    if len(out) == len(PLAYERS):
        return end_game(state, None, "no_avatars", log)
    return end_game(state, next(p for p in PLAYERS if p not in out), "no_avatars", log)


def holds_every_anchor(state: GameState, player: int) -> bool:
    """R20, M8: does ``player``'s side hold every anchor point? A team's players still in
    hold them together; a claim marker left by a player out (``out_pieces`` "remain")
    counts for nobody."""
    if not state.teams:
        return all(holder == player for holder in state.holders)
    team = state.teams[player]
    return all(
        holder >= 0 and state.teams[holder] == team and is_in(state, holder)
        for holder in state.holders
    )


def check_all_anchors(state: GameState, player: int, log: list[Event]) -> GameState:
    """R20, M8: holding every anchor point, alone or with one's team, wins at once."""
    if state.result is None and holds_every_anchor(state, player):
        return _win(state, player, "anchors", log)
    return state


def adjudicate(state: GameState, log: list[Event]) -> GameState:
    """R26: after the last allowed turn, most cards in hand, deck and discard wins among
    the players still in, each team's counted together (M8); equal counts draw
    (simplified-0.1, which loses no cards: the most Avatars on the board and in hand)."""
    counts: dict[int, int] = {}
    first: dict[int, int] = {}
    for player in players_in(state):
        side = team_of(state, player)
        first.setdefault(side, player)
        counts[side] = counts.get(side, 0) + life(state, player)
    # A team's players out hold no cards; their count is the team's players in.
    best = max(counts.values())
    leaders = [side for side, count in counts.items() if count == best]
    if len(leaders) == 1:
        return _win(state, first[leaders[0]], "adjudicated", log)
    drawing = tuple(p for side in leaders for p in players_in(state) if team_of(state, p) == side)
    return end_game(state, None, "adjudicated", log, tuple(sorted(drawing)))


def life(state: GameState, player: int) -> int:
    """What R25 and R26 count for ``player``: their cards in hand, deck and discard pile,
    or, where losing one's Avatars is the end (``out_when`` "no_avatars", simplified-0.1,
    which loses no cards), their Avatars on the board and Avatar cards in hand."""
    if state.ruleset.out_when != "no_avatars":
        return state.card_count(player)
    in_hand = sum(1 for card in state.hands[player] if state.cards[card].kind == "avatar")
    return in_hand + sum(1 for avatar in state.avatars if avatar.owner == player)


def is_over(state: GameState) -> bool:
    """True when the game has ended."""
    return state.result is not None


def winner(state: GameState) -> int | None:
    """The winning player (with teams, one of them: ``winners``), or None while playing
    or after a draw."""
    return None if state.result is None else state.result.winner


def winners(state: GameState) -> tuple[int, ...]:
    """Every player who won (a whole team, M8); () while playing or after a draw."""
    return () if state.result is None else state.result.winners
