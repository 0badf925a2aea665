"""Carrying out effects: every verb of ``games.engine.effects`` (R16, R22).

An effect runs one step at a time as a ``ResolveSteps`` task: the task pops
itself, pushes the rest of the effect, then does its first step, so a step
that needs a decision (placing or removing counters, an opponent losing
cards, gaining cards back) simply pushes that decision on top and the rest
follows once it is answered.

In a step, target ``self`` is the source Avatar (the ability's Avatar, an
Item's or attached card's bearer); any other target is the one Avatar
chosen when the card was played or the ability used.
"""

from __future__ import annotations

from types import MappingProxyType

from games.engine.avatars import replace_avatar
from games.engine.card_piles import ask_to_lose, ask_to_return, draw
from games.engine.decisions import PlaceEffectCounters, RemoveEffectCounters, ResolveSteps
from games.engine.effects import EffectStep
from games.engine.events import (
    AvatarPlaced,
    AvatarStateChanged,
    BonusDice,
    CardsDrawn,
    Event,
    TraitModified,
)
from games.engine.movement import place_avatar
from games.engine.seats import opponent_counter_mask, opponent_seats, opponents
from games.engine.state import Avatar, GameState, Modifier, evolve, player_name, with_item


def effect_task(
    player: int,
    steps: tuple[EffectStep, ...],
    *,
    source: int = -1,
    target: int = -1,
    origin: int = -1,
    origin_on_path: bool = False,
    to: int = -1,
    card: int = -1,
) -> ResolveSteps:
    """The task that carries out ``steps`` for ``player``: the text or an ability of card
    ``card``."""
    return ResolveSteps(player, steps, source, target, origin, origin_on_path, to, card)


def push(state: GameState, *tasks: object) -> GameState:
    """``tasks`` onto the pending stack, the last one on top."""
    return evolve(state, pending=(*state.pending, *tasks))


def resolve_effect_step(state: GameState, task: ResolveSteps, log: list[Event]) -> GameState:
    """Do the first step of ``task`` (already popped), leaving the rest pending."""
    step, rest = task.steps[0], task.steps[1:]
    if rest:
        state = push(state, evolve(task, steps=rest))
    return VERBS[step.verb](state, task, dict(step.params), log)


def _subject(state: GameState, task: ResolveSteps, params: dict) -> Avatar | None:
    card = task.source if params.get("target") == "self" and task.source >= 0 else task.target
    return state.avatar(card) if card >= 0 else None


def _draw_cards(state, task, params, log):
    # R9: where every turn must end only the Recovery draw reshuffles, or a turn's
    # played cards could be drawn again in it without end (R13).
    reshuffle = not state.ruleset.finite_turns
    state, drawn, reshuffled = draw(state, task.player, params["count"], reshuffle=reshuffle)
    log.append(CardsDrawn(player_name(task.player), drawn, reshuffled))
    return state


def _place_counters(state, task, params, log):
    if not state.grid.legal_placements(task.player, opponent_seats(state, task.player)):
        return state
    return push(state, PlaceEffectCounters(task.player, params["count"]))


def _remove_counters(state, task, params, log):
    if task.origin < 0:
        return state
    board = state.board
    reach = params["range"]
    starts = (task.origin,) if task.origin_on_path else board.space_corners[task.origin]
    near: set[int] = set()
    for start in starts:
        near.update(board.vertices_within(start, reach))
    theirs = opponent_counter_mask(state, task.player)  # any opponent's, never an ally's
    vertices = tuple(sorted(v for v in near if theirs >> v & 1))
    if not vertices:
        return state
    return push(state, RemoveEffectCounters(task.player, params["count"], vertices))


def _modify_trait(state, task, params, log):
    avatar = _subject(state, task, params)
    if avatar is None or params["duration"] != "end_of_turn":
        return state  # while_attached changes are read from the attached card itself
    log.append(TraitModified(state.card_name(avatar.card), params["trait"], params["amount"]))
    modifier = Modifier(avatar.card, params["trait"], params["amount"], task.card)
    return evolve(state, modifiers=(*state.modifiers, modifier))


def _extra_dice(state, task, params, log):
    combat = state.combat
    if combat is None:
        return state
    avatar = _subject(state, task, params)
    side = task.player if params["target"] == "self" or avatar is None else avatar.owner
    log.append(BonusDice(player_name(side), params["count"]))
    bonus = with_item(combat.bonus_dice, side, combat.bonus_dice[side] + params["count"])
    given = (*combat.bonus_from, (side, task.card, params["count"]))
    return evolve(state, combat=evolve(combat, bonus_dice=bonus, bonus_from=given))


def _opponent_loses_cards(state, task, params, log):
    # Each opponent loses the cards (M4), clockwise from the player: pushed in reverse,
    # so the first of them decides first.
    for opponent in reversed(opponents(state, task.player)):
        state = ask_to_lose(state, opponent, params["count"])
    return state


def _gain_cards_back(state, task, params, log):
    return ask_to_return(state, task.player, params["count"], log)


def _set_exhausted(exhausted: bool):
    def verb(state, task, params, log):
        avatar = _subject(state, task, params)
        if avatar is None or avatar.exhausted == exhausted:
            return state
        change = "is exhausted" if exhausted else "is refreshed"
        log.append(AvatarStateChanged(state.card_name(avatar.card), change))
        return replace_avatar(state, evolve(avatar, exhausted=exhausted))

    return verb


def _walk_spirit_path(state, task, params, log):
    avatar = _subject(state, task, params)
    if avatar is None or avatar.on_path or task.to < 0:
        return state
    return _relocate(state, avatar, task.to, True, "walks onto the Spirit Path", log)


def _leave_spirit_path(state, task, params, log):
    avatar = _subject(state, task, params)
    if avatar is None or not avatar.on_path or task.to < 0:
        return state
    return _relocate(state, avatar, task.to, False, "leaves the Spirit Path", log)


def _relocate(state, avatar, to, on_path, why, log):
    start = state.position_name(avatar.at, avatar.on_path)
    end = state.position_name(to, on_path)
    log.append(AvatarPlaced(state.card_name(avatar.card), start, end, why))
    return place_avatar(state, avatar, to, on_path, log)


VERBS = MappingProxyType(
    {
        "draw_cards": _draw_cards,
        "place_counters": _place_counters,
        "remove_counters": _remove_counters,
        "modify_trait": _modify_trait,
        "extra_dice": _extra_dice,
        "opponent_loses_cards": _opponent_loses_cards,
        "gain_cards_back": _gain_cards_back,
        "refresh_avatar": _set_exhausted(False),
        "exhaust_avatar": _set_exhausted(True),
        "walk_spirit_path": _walk_spirit_path,
        "leave_spirit_path": _leave_spirit_path,
    }
)
