"""The engine's three verbs: ``new_game``, ``legal_actions`` and ``apply``.

``apply`` answers the decision on top of ``state.pending`` and then runs the
automatic tasks until the next decision (or the end of the game). Decisions
with nothing to choose (a combat window with only "pass", a card loss with
only one answer) are answered automatically.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from games.engine import (
    activation,
    claim_losses,
    combat,
    combat_results,
    one_action,
    placement,
    setup,
    turns,
)
from games.engine.actions import (
    PASS,
    Action,
    Advance,
    IllegalAction,
    LoseCards,
    Pass,
    RemoveCounter,
    Retreat,
)
from games.engine.card_piles import (
    answer_return,
    forced_loss,
    lose_cards,
    loss_choices,
    return_choices,
)
from games.engine.decisions import (
    ActivationStep,
    AfterCombat,
    AvatarActivation,
    BeginTurn,
    ChooseAdvance,
    ChooseLostCards,
    ChooseOpponent,
    ChooseRealmStone,
    ChooseRedraw,
    ChooseRetreat,
    ChooseReturnedCards,
    ClearCombat,
    CombatEnd,
    CombatRetreat,
    CombatWindow,
    DealHands,
    DiscardCard,
    EndTurn,
    ExhaustAvatar,
    FollowUp,
    OfferAdvance,
    PlaceEffectCounters,
    PlaceShen,
    RemoveEffectCounters,
    RemoveOrLose,
    ResolveSteps,
    RollCombat,
    TakeTurn,
    Task,
)
from games.engine.effect_resolution import resolve_effect_step
from games.engine.events import CountersRemoved, Event
from games.engine.going_out import check_players_out
from games.engine.movement import record_captures
from games.engine.seats import opponent_counter_mask, opponent_seats
from games.engine.state import GameState, evolve, player_name, with_item
from games.engine.view import refused_for

new_game = setup.new_game


def _lose_options(state, decision: ChooseLostCards) -> list[Action]:
    return list(loss_choices(state, decision.player, decision.count))


def _answer_loss(state, decision: ChooseLostCards, action: Action, log) -> GameState:
    if not isinstance(action, LoseCards):
        raise IllegalAction(
            f"{player_name(decision.player)} must choose {decision.count} cards to lose (R24)"
        )
    state = evolve(state, pending=state.pending[:-1])
    return lose_cards(state, decision.player, decision.count, action, log)


def _remove_counter_options(state, decision: RemoveEffectCounters) -> list[Action]:
    theirs = opponent_counter_mask(state, decision.player)
    return [Pass(), *(RemoveCounter(v) for v in decision.vertices if theirs >> v & 1)]


def _answer_remove_counter(state, decision: RemoveEffectCounters, action: Action, log):
    below = state.pending[:-1]
    if isinstance(action, Pass):
        return evolve(state, pending=below)
    if not isinstance(action, RemoveCounter) or action not in _remove_counter_options(
        state, decision
    ):
        raise IllegalAction("remove an opponent's counter within reach, or pass")
    remaining = decision.remaining - 1
    owner = state.grid.owner(action.vertex)
    log.append(CountersRemoved(player_name(owner), (state.board.vertex_name(action.vertex),)))
    grid = state.grid.without_counters((action.vertex,))
    # Under a walker the vertex stays filled: what was left of that group may now be dead.
    grid, captures = grid.capture_around(
        action.vertex, decision.player, opponent_seats(state, decision.player)
    )
    state = evolve(
        state,
        grid=grid,
        pending=(*below, evolve(decision, remaining=remaining)) if remaining else below,
    )
    return record_captures(state, captures, log)


def _advance_options(state, decision: ChooseAdvance) -> list[Action]:
    return [PASS, Advance(decision.avatar)]


def _retreat_options(state, decision: ChooseRetreat) -> list[Action]:
    return [Retreat(decision.avatar, to) for to in decision.options]


# The options of a decision: a list, or generated one by one (Pass first where it is offered).
Legal = Callable[[GameState, object], Iterable[Action]]
Answer = Callable[[GameState, object, Action, list[Event]], GameState]

# What each decision offers and how it is answered.
DECISIONS: Mapping[type, tuple[Legal, Answer]] = MappingProxyType(
    {
        ChooseRealmStone: (setup.stone_options, setup.answer_stone),
        ChooseRedraw: (setup.redraw_options, setup.answer_redraw),
        TakeTurn: (one_action.turn_options, one_action.answer_turn),
        PlaceShen: (placement.placement_choices, placement.answer_placement),
        PlaceEffectCounters: (placement.placement_choices, placement.answer_effect_placement),
        RemoveEffectCounters: (_remove_counter_options, _answer_remove_counter),
        ActivationStep: (activation.step_options, activation.answer_step),
        AvatarActivation: (activation.activation_choices, activation.answer_activation),
        FollowUp: (activation.follow_up_choices, activation.answer_follow_up),
        CombatWindow: (lambda s, d: combat.window_options(s, d.player), combat.answer_window),
        AfterCombat: (combat_results.after_combat_options, combat_results.answer_after_combat),
        RemoveOrLose: (combat_results.remove_or_lose_options, combat_results.answer_remove_or_lose),
        ChooseLostCards: (_lose_options, _answer_loss),
        ChooseOpponent: (claim_losses.opponent_options, claim_losses.answer_opponent),
        ChooseReturnedCards: (return_choices, answer_return),
        ChooseRetreat: (_retreat_options, combat_results.answer_retreat),
        ChooseAdvance: (_advance_options, combat_results.answer_advance),
    }
)


def _discard(state: GameState, task: DiscardCard, log) -> GameState:
    owner = state.owners[task.card]
    return evolve(
        state, discards=with_item(state.discards, owner, (*state.discards[owner], task.card))
    )


# The automatic steps the engine runs between decisions.
TASKS: Mapping[type, Callable[[GameState, object, list[Event]], GameState]] = MappingProxyType(
    {
        DealHands: lambda s, t, log: setup.deal_hands(s, log),
        BeginTurn: lambda s, t, log: turns.begin_turn(s, log),
        EndTurn: lambda s, t, log: turns.end_turn(s, log),
        ResolveSteps: resolve_effect_step,
        DiscardCard: _discard,
        RollCombat: lambda s, t, log: combat.roll_combat(s, log),
        CombatRetreat: lambda s, t, log: combat_results.combat_retreat(s, log),
        OfferAdvance: lambda s, t, log: combat_results.offer_advance(s, log),
        CombatEnd: lambda s, t, log: combat_results.combat_end(s, log),
        ClearCombat: lambda s, t, log: evolve(s, combat=None),
        ExhaustAvatar: lambda s, t, log: activation.exhaust(s, t.avatar),
    }
)

# Decisions answered for the player when "pass" is all they could do.
_PASS_ONLY = (
    TakeTurn,
    AvatarActivation,
    CombatWindow,
    AfterCombat,
    FollowUp,
    PlaceShen,
    PlaceEffectCounters,
    RemoveEffectCounters,
)


def _only_pass(state: GameState, decision: object) -> bool:
    """True when Pass is all ``decision`` offers. Options that come one by one (an
    activation's, a placement's) are generated only up to the second."""
    options = iter(DECISIONS[type(decision)][0](state, decision))
    return next(options, None) == PASS and next(options, None) is None


# Decisions always put to the player, never answered for them.
_ALWAYS_ASKED = frozenset(DECISIONS) - {ChooseLostCards, CombatWindow, *_PASS_ONLY}


def _settle(state: GameState, log: list[Event]) -> GameState:
    """Run tasks and forced answers until a player must decide or the game ends."""
    while True:
        state = check_players_out(state, log)
        if state.result is not None or not state.pending:
            return state
        top = state.pending[-1]
        if type(top) in _ALWAYS_ASKED:
            return state
        if isinstance(top, Task):
            state = TASKS[type(top)](evolve(state, pending=state.pending[:-1]), top, log)
            continue
        if isinstance(top, ChooseLostCards):
            forced = forced_loss(state, top.player, top.count)
            if forced is not None:
                state = _answer_loss(state, top, forced, log)
                continue
        elif isinstance(top, CombatWindow) and not combat.window_may_offer(state, top.player):
            state = combat.answer_window(state, top, PASS, log)
            continue
        elif isinstance(top, _PASS_ONLY) and _only_pass(state, top):
            state = DECISIONS[type(top)][1](state, top, PASS, log)
            continue
        return state


def legal_actions(state: GameState) -> list[Action]:
    """Every action the player who must decide now may take ([] once the game is over).

    For a card loss (R24) the list holds one choice per mix of hand, discard and
    deck counts; ``apply`` accepts any particular choice of cards.
    """
    decision = state.decision
    if decision is None:
        return []
    return list(DECISIONS[type(decision)][0](state, decision))


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Answer the waiting decision with ``action``; returns the new state and what happened.

    Every action is checked in full, however it was made: picked from
    ``legal_actions``, decoded from a client's JSON or built by hand. ``state``
    is left untouched; anything illegal raises IllegalAction with the reason, in words
    of what the deciding player sees (``view.refused_for``).
    """
    decision = state.decision
    if decision is None:
        raise IllegalAction("the game is over")
    if not isinstance(action, Action):
        raise IllegalAction(f"{action!r} is not an action")
    log: list[Event] = []
    answer = DECISIONS[type(decision)][1]
    try:
        after = answer(state, decision, action, log)
    except IllegalAction as refusal:
        raise refused_for(state, decision.player, action, refusal) from None
    except (TypeError, IndexError, KeyError, ValueError, AttributeError):
        # Malformed fields (a name where an int belongs, a card that does not exist) must
        # read as a refusal, never a crash of the caller; Python's own words of the error
        # are left out, since they are built from the whole state, not the player's view.
        refusal = IllegalAction(
            f"{type(action).__name__} does not fit here: it names a card or a place "
            "this decision has no use for"
        )
        raise refused_for(state, decision.player, action, refusal) from None
    return _settle(after, log), log


def begin(state: GameState) -> tuple[GameState, list[Event]]:
    """Run any pending automatic tasks of a freshly built state (scenarios use it)."""
    log: list[Event] = []
    return _settle(state, log), log
