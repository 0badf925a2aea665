"""Winning: all anchor points (R20), out of cards (R25), the turn limit (R26)."""

from __future__ import annotations

from games.engine.decisions import DiscardCard
from games.engine.events import Event, GameOver
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


def end_game(state: GameState, winner: int | None, reason: str, log: list[Event]) -> GameState:
    """The state with the game over: ``winner`` None is a draw.

    What was still to happen is dropped, except that a one-shot card still
    resolving goes to its discard pile, so every card stays accounted for.
    """
    log.append(GameOver(None if winner is None else player_name(winner), reason))
    discards = state.discards
    for card in _resolving(state):
        owner = state.owners[card]
        discards = with_item(discards, owner, (*discards[owner], card))
    return evolve(state, result=Result(winner, reason), phase=OVER, pending=(), discards=discards)


def _resolving(state: GameState) -> list[int]:
    """One-shot cards played and not yet in the discard pile (R16)."""
    return [task.card for task in state.pending if isinstance(task, DiscardCard)]


def check_out_of_cards(state: GameState, log: list[Event]) -> GameState:
    """R25: a player with no card in hand, deck and discard pile is out at once;
    the last player in wins, players going out together draw."""
    if state.result is not None:
        return state
    if state.ruleset.out_when == "no_avatars":
        return _check_forces(state, log)
    hands, decks, discards = state.hands, state.decks, state.discards
    # Asked after every task and answer: both players holding cards is the usual case,
    # and testing it outright skips building the list below.
    if (hands[0] or decks[0] or discards[0]) and (hands[1] or decks[1] or discards[1]):
        return state
    out = [p for p in PLAYERS if not (hands[p] or decks[p] or discards[p])]
    if out:
        # A card being resolved is on its way to the discard pile: it still counts.
        on_the_way = {state.owners[card] for card in _resolving(state)}
        out = [p for p in out if p not in on_the_way]
    if not out:
        return state
    if len(out) == len(PLAYERS):
        return end_game(state, None, "out_of_cards", log)
    return end_game(state, next(p for p in PLAYERS if p not in out), "out_of_cards", log)


def _check_forces(state: GameState, log: list[Event]) -> GameState:
    """R25 in simplified-0.1: a player with no Avatar on the board and none in hand is
    out; the only player left with Avatars wins."""
    if state.phase == SETUP:
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


def check_all_anchors(state: GameState, player: int, log: list[Event]) -> GameState:
    """R20: holding every anchor point wins at once."""
    if state.result is None and all(holder == player for holder in state.holders):
        return end_game(state, player, "anchors", log)
    return state


def adjudicate(state: GameState, log: list[Event]) -> GameState:
    """R26: after the last allowed turn, most cards in hand, deck and discard wins
    (simplified-0.1, which loses no cards: the most Avatars on the board and in hand)."""
    counts = [life(state, p) for p in PLAYERS]
    best = max(counts)
    leaders = [p for p in PLAYERS if counts[p] == best]
    return end_game(state, leaders[0] if len(leaders) == 1 else None, "adjudicated", log)


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
    """The winning player, or None while playing or after a draw."""
    return None if state.result is None else state.result.winner
