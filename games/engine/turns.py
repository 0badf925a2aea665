"""The turn cycle: Recovery and Set-Up (R9, R10) at the start, or the one action of the
earlier rulesets (R27), and clean-up at the end (R21, R26).

Recovery refreshes a player's Avatars and draws up to the hand size (R9).
"""

from __future__ import annotations

from games.engine.activation import begin_activation
from games.engine.avatars import remove_from_game
from games.engine.card_piles import draw
from games.engine.decisions import BeginTurn, PlaceShen
from games.engine.events import Event, Recovered, TurnBegan, TurnEnded
from games.engine.movement import counters_stop_walkers
from games.engine.one_action import begin_one_action_turn
from games.engine.placement import next_placer
from games.engine.seats import is_opponent, next_in_turn, turn_order
from games.engine.state import PLACEMENT, GameState, evolve, player_name
from games.engine.victory import adjudicate


def begin_turn(state: GameState, log: list[Event]) -> GameState:
    """Recovery for every player (or only the turn player, R9 option), then placement;
    with one action per turn (R27), that action instead."""
    log.append(TurnBegan(state.turn, player_name(state.turn_player)))
    if state.ruleset.one_action:
        # No recovery; the previous turn's captures stay for the ko check (R12).
        return begin_one_action_turn(state)
    avatars = tuple(
        evolve(a, activated=False, start_at=-1) if a.activated or a.start_at >= 0 else a
        for a in state.avatars
    )
    state = evolve(state, avatars=avatars, phase=PLACEMENT, just_captured=())
    for player in turn_order(state, state.turn_player):
        if state.ruleset.recovery == "all" or player == state.turn_player:
            state = recover(state, player, log)
    count = len(state.hands)
    # next_placer looks from the seat after the decision's: start one seat before the
    # turn player, so the turn player places first unless they may not (M3).
    first = PlaceShen((state.turn_player - 1) % count, (0,) * count, (False,) * count)
    placer = next_placer(state, first)
    if placer is None:
        return begin_activation(state)
    return evolve(state, pending=(*state.pending, placer))


def end_turn(state: GameState, log: list[Event]) -> GameState:
    """R21: walkers on an opponent's counter leave the game (not in the earlier
    rulesets, ``walker_counters``); modifiers lapse; R26 limit."""
    if counters_stop_walkers(state):
        for avatar in state.avatars:
            owner = state.grid.owner(avatar.at)
            if avatar.on_path and owner is not None and is_opponent(state, avatar.owner, owner):
                why = "ended the turn on an opponent's Shén"
                state = remove_from_game(state, avatar, why, log)
    log.append(TurnEnded(state.turn))
    state = evolve(state, modifiers=())
    if state.turn >= state.ruleset.max_turns:
        return adjudicate(state, log)
    return evolve(
        state,
        turn=state.turn + 1,
        turn_player=next_in_turn(state, state.turn_player),
        pending=(*state.pending, BeginTurn()),
    )


def recover(state: GameState, player: int, log: list[Event]) -> GameState:
    """Refresh all of ``player``'s Avatars and draw up to the hand size."""
    refreshed = 0
    avatars = list(state.avatars)
    for index, avatar in enumerate(avatars):
        if avatar.owner == player and avatar.exhausted:
            avatars[index] = evolve(avatar, exhausted=False)
            refreshed += 1
    if refreshed:
        state = evolve(state, avatars=tuple(avatars))
    missing = state.ruleset.hand_size - len(state.hands[player])
    drawn, reshuffled = 0, False
    if missing > 0:
        state, drawn, reshuffled = draw(state, player, missing)
    log.append(Recovered(player_name(player), refreshed, drawn, reshuffled))
    return state
