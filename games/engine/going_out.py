"""Players going out (R25, M7): a player with no cards in hand, deck and discard pile is
out at once.

With two players, or when at most one player (or team) would be left in, that ends the
game (:func:`games.engine.victory.last_side_in`). Otherwise the game goes on without
them (M7):

* their Avatars leave the board, every card on them with them, as any Avatar removed
  from the game (R21, R23); so do their own cards attached to other Avatars and their
  Remains cards beside the board; all go to the out-of-game piles of their owners;
* with ``out_pieces`` "removed" their Shén counters leave the board (no capture, no
  card loss) and the anchor points they held become unclaimed; with "remain" both stay
  where they are, owned by nobody: the counters keep their seat's layer of the grid,
  where they fill their vertices like any counter, but every rule that reads an
  opponent's or an ally's counters (capture, costs, dice) passes them by, since those
  rules ask only about players still in;
* their Realm Stone stays on its vertex in their seat's layer: it blocks walkers and
  placements like any Realm Stone, but it is nobody's to attack or to count as Shén;
* whatever the stack still waited for from them is dropped: an Activation step passes
  to the next player still in (the turn ends if everyone still in has passed), a turn
  of placements goes on with the next placer, and every other decision of theirs (an
  activation, a combat window, a card loss…) or effect of theirs still resolving goes.

Cards never leave the count on the way: a card still resolving (on its way to its
discard pile) keeps its owner in.
"""

from __future__ import annotations

from games.engine.activation import begin_activation
from games.engine.avatars import remove_from_game
from games.engine.decisions import (
    ActivationStep,
    Decision,
    EndTurn,
    PlaceShen,
    ResolveSteps,
)
from games.engine.events import Event, PlayerOut
from games.engine.placement import next_placer
from games.engine.seats import next_in_turn, players_in, turn_order
from games.engine.state import GameState, evolve, player_name, with_item
from games.engine.victory import check_forces, last_side_in, resolving

OUT = "its player is out (M7)"


def check_players_out(state: GameState, log: list[Event]) -> GameState:
    """R25, M7: take every player who has just run out of cards out of the game, or end
    the game when that leaves at most one side in. Asked after every task and answer."""
    if state.result is not None:
        return state
    if state.ruleset.out_when == "no_avatars":
        return check_forces(state, log)
    hands, decks, discards, gone = state.hands, state.decks, state.discards, state.players_out
    # Everyone still holding cards is the usual case: find the first without, cheaply.
    for player in range(len(hands)):
        if not (hands[player] or decks[player] or discards[player]) and player not in gone:
            break
    else:
        return state
    # A card being resolved is on its way to the discard pile: it still counts.
    on_the_way = {state.owners[card] for card in resolving(state)}
    going = tuple(
        p
        for p in turn_order(state, state.turn_player)
        if p not in gone and p not in on_the_way and not (hands[p] or decks[p] or discards[p])
    )
    if not going:
        return state
    ended = last_side_in(state, going, "out_of_cards", log)
    if ended.result is not None:
        return ended
    for player in going:
        state = leave(state, player, log)
    return state


def leave(state: GameState, player: int, log: list[Event]) -> GameState:
    """``player`` is out (M7): their pieces leave the board as ``out_pieces`` says and
    nothing waits for them any more. The game goes on."""
    state = evolve(state, players_out=(*state.players_out, player))
    for avatar in [a for a in state.avatars if a.owner == player]:
        state = remove_from_game(state, avatar, OUT, log)
    state = _take_back_cards_in_play(state, player)
    counters = 0
    unclaimed: tuple[str, ...] = ()
    if state.ruleset.out_pieces == "removed":
        counters = state.grid.counter_count(player)
        grid = state.grid.without_counters(state.grid.counters_of(player))
        unclaimed = tuple(
            state.anchor_name(i) for i, holder in enumerate(state.holders) if holder == player
        )
        holders = tuple(-1 if holder == player else holder for holder in state.holders)
        state = evolve(state, grid=grid, holders=holders)
    log.append(PlayerOut(player_name(player), counters, unclaimed))
    return _forget(state, player)


def _take_back_cards_in_play(state: GameState, player: int) -> GameState:
    """``player``'s Items and attached cards on other Avatars and their Remains cards
    beside the board leave the game (to their out-of-game pile)."""
    owners = state.owners
    leaving = list(state.beside[player])
    avatars = []
    for avatar in state.avatars:
        carried = avatar.items + avatar.attachments
        if any(owners[card] == player for card in carried):
            leaving.extend(card for card in carried if owners[card] == player)
            avatar = evolve(
                avatar,
                items=tuple(c for c in avatar.items if owners[c] != player),
                attachments=tuple(c for c in avatar.attachments if owners[c] != player),
            )
        avatars.append(avatar)
    if not leaving:
        return state
    return evolve(
        state,
        avatars=tuple(avatars),
        beside=with_item(state.beside, player, ()),
        out=with_item(state.out, player, (*state.out[player], *leaving)),
    )


def _forget(state: GameState, player: int) -> GameState:
    """The stack without what waited for ``player``, who is out (M7)."""
    pending: list = []
    opened = None
    for item in state.pending:
        if isinstance(item, ResolveSteps) and item.player == player:
            continue
        if not isinstance(item, Decision) or item.player != player:
            pending.append(item)
        elif isinstance(item, ActivationStep):
            # Their step goes to the next player in; their passes in a row still count.
            if item.passes >= len(players_in(state)):
                pending.append(EndTurn())
            else:
                pending.append(ActivationStep(next_in_turn(state, player), item.passes))
        elif isinstance(item, PlaceShen):
            placer = next_placer(state, item)
            if placer is not None:
                pending.append(placer)
            else:
                # Nobody left to place: the Activation phase opens, as after the last one.
                opened = begin_activation(evolve(state, pending=()))
                pending.append(opened.pending[-1])
    if opened is not None:
        return evolve(opened, pending=tuple(pending))
    return evolve(state, pending=tuple(pending))
