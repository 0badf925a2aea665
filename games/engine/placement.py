"""Placing Shén (R10–R12): players alternate single placements, up to the ruleset's
count each, starting with the turn player; a player may stop early.

Each placement captures in Go order through the Shén grid; captured counters
cost their owner one card each. With the ``ko`` option a counter may not go
where counters were removed by the placement just before.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.engine.actions import PASS, Action, IllegalAction, Pass, PlaceCounter
from games.engine.activation import begin_activation
from games.engine.capture import IllegalPlacement
from games.engine.decisions import PlaceEffectCounters, PlaceShen
from games.engine.events import CounterPlaced, Event, Passed
from games.engine.movement import record_captures
from games.engine.seats import is_in, opponent_seats, turn_order
from games.engine.state import GameState, evolve, player_name, with_item


def placements(state: GameState, player: int) -> list[int]:
    """The vertices where ``player`` may place a counter now."""
    legal = state.grid.legal_placements(player, opponent_seats(state, player))
    if state.ruleset.ko and state.just_captured:
        banned = set(state.just_captured)
        legal = [v for v in legal if v not in banned]
    return legal


def placement_choices(
    state: GameState, decision: PlaceShen | PlaceEffectCounters
) -> Iterator[Action]:
    """Stop (first), or place on any legal vertex."""
    yield PASS
    yield from (PlaceCounter(vertex) for vertex in placements(state, decision.player))


def place_counter(state: GameState, player: int, vertex: int, log: list[Event]) -> GameState:
    """Place one counter (R10, R11) and charge the captures (R12)."""
    board = state.board
    if not isinstance(vertex, int) or not board.is_vertex(vertex):
        raise IllegalAction(f"{vertex!r} is not a vertex of this board")
    if state.ruleset.ko and vertex in state.just_captured:
        raise IllegalAction(
            f"{board.vertex_name(vertex)} was just captured: no placing there (ko, R12)"
        )
    try:
        # Only opponents' groups are captured: never an ally's (M4).
        grid, captures = state.grid.place(vertex, player, opponent_seats(state, player))
    except IllegalPlacement as error:
        raise IllegalAction(str(error)) from None
    captured = tuple(v for vertices in captures.values() for v in vertices)
    state = evolve(state, grid=grid, just_captured=captured)
    log.append(CounterPlaced(player_name(player), board.vertex_name(vertex)))
    return record_captures(state, captures, log)


def next_placer(state: GameState, decision: PlaceShen) -> PlaceShen | None:
    """Who places next (M3): the first player clockwise after ``decision.player`` (and
    at last ``decision.player`` again) who still may, else None."""
    limit = state.ruleset.placements_per_turn
    order = turn_order(state, decision.player)
    for player in (*order[1:], order[0]):
        if (
            is_in(state, player)
            and not decision.stopped[player]
            and decision.placed[player] < limit
        ):
            return evolve(decision, player=player)
    return None


def answer_placement(state: GameState, decision: PlaceShen, action: Action, log: list[Event]):
    """A placement or a stop in the Recovery and Set-Up phase."""
    player = decision.player
    below = state.pending[:-1]
    if isinstance(action, Pass):
        log.append(Passed(player_name(player), "stops placing Shén"))
        decision = evolve(decision, stopped=with_item(decision.stopped, player, True))
    elif isinstance(action, PlaceCounter):
        decision = evolve(
            decision, placed=with_item(decision.placed, player, decision.placed[player] + 1)
        )
    else:
        raise IllegalAction(f"{player_name(player)} must place a Shén counter or stop (R10)")
    following = next_placer(state, decision)
    state = evolve(state, pending=below if following is None else (*below, following))
    if following is None:
        state = begin_activation(state)
    if isinstance(action, PlaceCounter):
        state = place_counter(state, player, action.vertex, log)
    return state


def answer_effect_placement(state, decision: PlaceEffectCounters, action: Action, log):
    """One counter of a place_counters effect, or Pass to place no more."""
    below = state.pending[:-1]
    if isinstance(action, Pass):
        return evolve(state, pending=below)
    if not isinstance(action, PlaceCounter):
        raise IllegalAction("place a Shén counter or pass")
    remaining = decision.remaining - 1
    state = evolve(
        state, pending=(*below, evolve(decision, remaining=remaining)) if remaining else below
    )
    return place_counter(state, decision.player, action.vertex, log)
