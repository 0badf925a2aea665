"""The aftermath of a combat (R23): removing or keeping the beaten Avatar, retreats,
advancing, exhaustion (R18) and the after-combat windows (R22)."""

from __future__ import annotations

from games.engine.abilities import ability_options, use_ability
from games.engine.actions import (
    Action,
    Advance,
    IllegalAction,
    KeepAvatar,
    Pass,
    RemoveAvatar,
    Retreat,
    UseAbility,
)
from games.engine.avatars import remove_from_game, replace_avatar
from games.engine.board import mask_vertices
from games.engine.card_piles import ask_to_lose
from games.engine.costs import shen_at
from games.engine.decisions import (
    AfterCombat,
    ChooseAdvance,
    ChooseRetreat,
    OfferAdvance,
    RemoveOrLose,
)
from games.engine.effect_resolution import push
from games.engine.events import (
    AvatarPlaced,
    Event,
)
from games.engine.movement import can_enter, place_avatar, step_is_open, walker_may_arrive
from games.engine.state import Avatar, GameState, evolve


def answer_remove_or_lose(state, decision: RemoveOrLose, action: Action, log) -> GameState:
    """R23: remove the beaten Avatar, or keep it and lose the cards."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, RemoveAvatar) and action.avatar == decision.avatar:
        return remove_from_game(
            state, state.avatar(decision.avatar), "removed instead of cards", log
        )
    if isinstance(action, KeepAvatar) and action.avatar == decision.avatar:
        return ask_to_lose(state, decision.player, decision.count)
    raise IllegalAction(
        f"{state.card_name(decision.avatar)} lost: remove it or keep it and lose "
        f"{decision.count} cards (R23)"
    )


def remove_or_lose_options(state, decision: RemoveOrLose) -> list[Action]:
    """Keep the beaten Avatar (and lose the cards) or remove it (R23)."""
    return [KeepAvatar(decision.avatar), RemoveAvatar(decision.avatar)]


# -- retreat and advance -----------------------------------------------------------------


def _beyond(state: GameState, start: int, through: int, on_path: bool) -> int | None:
    board = state.board
    return board.vertex_beyond(start, through) if on_path else board.space_beyond(start, through)


def combat_retreat(state: GameState, log: list[Event]) -> GameState:
    """The beaten Avatar of a melee retreats one step (R23); blocked, it goes by its
    Realm Stone, or leaves the game when there is no room.

    ``retreat``: "along_attack" pushes the loser straight on along the line of the
    attack; "moved_from" (beta-2025) leaves a beaten attacker where it attacked from;
    "any_empty" (simplified-0.1) lets the loser's owner pick any open neighbour.
    """
    combat = state.combat
    state = push(state, OfferAdvance())
    if combat.kind != "melee" or combat.winner < 0:
        return state
    attacker_won = combat.winner == state.owners[combat.attacker]
    loser = state.avatar(combat.defender if attacker_won else combat.attacker)
    stood = combat.target if attacker_won else combat.origin
    if loser is None or loser.at != stood or loser.on_path != combat.on_path:
        return state  # removed, or already moved by an effect: no retreat
    rule = state.ruleset.retreat
    if rule == "moved_from" and not attacker_won:
        return state  # it never left the position it moved from
    on_path = combat.on_path
    if rule == "any_empty":
        options = _open_neighbours(state, loser)
    elif attacker_won:
        options = [_beyond(state, combat.origin, combat.target, on_path)]
    else:
        options = [_beyond(state, combat.target, combat.origin, on_path)]
    options = [to for to in options if _may_retreat_to(state, loser, to)]
    if not options:
        options = retreat_spots(state, loser)
        if not options:
            return remove_from_game(state, loser, "no room to retreat", log)
    if len(options) == 1:
        return _retreat_to(state, loser, options[0], log)
    return push(state, ChooseRetreat(loser.owner, loser.card, tuple(options)))


def _may_retreat_to(state: GameState, avatar: Avatar, to: int | None) -> bool:
    return step_is_open(state, avatar.owner, avatar.at, to, avatar.on_path) and (
        not avatar.on_path or walker_may_arrive(state, avatar, to)
    )


def _open_neighbours(state: GameState, avatar: Avatar) -> list[int]:
    """The positions one step from ``avatar`` (king steps, or Spirit-Path steps)."""
    board = state.board
    table = board.path_steps if avatar.on_path else board.king_steps
    return sorted(to for to, _ in table[avatar.at])


def retreat_spots(state: GameState, avatar: Avatar) -> list[int]:
    """Empty spaces (vertices, for a walker) next to the owner's Realm Stones (R23, R28),
    in the board's order around each stone."""
    board = state.board
    spots: list[int] = []
    for stone in mask_vertices(state.grid.layout.stones[avatar.owner]):
        if avatar.on_path:
            spots += [
                v
                for v in board.vertex_neighbours[stone]
                if state.avatar_at(v, True) is None
                and can_enter(state, avatar.owner, v, True)
                and walker_may_arrive(state, avatar, v)
                and v not in spots
            ]
        else:
            spots += [
                s
                for s in board.vertex_spaces[stone]
                if state.avatar_at(s, False) is None and s not in spots
            ]
    return spots


def _retreat_to(state: GameState, avatar: Avatar, to: int, log: list[Event]) -> GameState:
    start = state.position_name(avatar.at, avatar.on_path)
    log.append(
        AvatarPlaced(
            state.card_name(avatar.card), start, state.position_name(to, avatar.on_path), "retreats"
        )
    )
    return place_avatar(state, avatar, to, avatar.on_path, log)


def answer_retreat(state, decision: ChooseRetreat, action: Action, log) -> GameState:
    """The owner's pick of where a blocked retreat ends (R23)."""
    if (
        not isinstance(action, Retreat)
        or action.avatar != decision.avatar
        or action.to not in decision.options
    ):
        names = ", ".join(
            state.position_name(o, state.avatar(decision.avatar).on_path) for o in decision.options
        )
        raise IllegalAction(f"retreat {state.card_name(decision.avatar)} to one of {names} (R23)")
    state = evolve(state, pending=state.pending[:-1])
    return _retreat_to(state, state.avatar(decision.avatar), action.to, log)


def offer_advance(state: GameState, log: list[Event]) -> GameState:
    """A winning attacker whose defender left the attacked position may take it."""
    combat = state.combat
    attacker = state.avatar(combat.attacker)
    if (
        combat.kind != "melee"
        or attacker is None
        or combat.winner != attacker.owner
        or attacker.at != combat.origin
        or attacker.on_path != combat.on_path
        or state.avatar_at(combat.target, combat.on_path) is not None
        or (combat.on_path and not walker_may_arrive(state, attacker, combat.target))
    ):
        return state
    if state.ruleset.advance_always:  # the earlier texts: the winner takes the position
        return _advance(state, attacker, combat.target, log)
    return push(state, ChooseAdvance(attacker.owner, attacker.card, combat.target))


def answer_advance(state, decision: ChooseAdvance, action: Action, log) -> GameState:
    """Advance into the attacked position, or Pass to stay (R23)."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    if not isinstance(action, Advance) or action.avatar != decision.avatar:
        raise IllegalAction("advance into the attacked position or pass to stay (R23)")
    return _advance(state, state.avatar(decision.avatar), decision.to, log)


def _advance(state: GameState, avatar: Avatar, to: int, log: list[Event]) -> GameState:
    log.append(
        AvatarPlaced(
            state.card_name(avatar.card),
            state.position_name(avatar.at, avatar.on_path),
            state.position_name(to, avatar.on_path),
            "advances",
        )
    )
    return place_avatar(state, avatar, to, avatar.on_path, log)


# -- the end -------------------------------------------------------------------------------


def combat_end(state: GameState, log: list[Event]) -> GameState:
    """Exhaust the combatants (R18) and open the after-combat windows."""
    combat = state.combat
    both = combat.kind == "melee" and state.ruleset.exhaust_defender
    fighters = [combat.attacker] + ([combat.defender] if both else [])
    for card in fighters:
        avatar = state.avatar(card)
        if avatar is not None and not avatar.exhausted:
            state = replace_avatar(state, evolve(avatar, exhausted=True))
    windows = []
    attacker_player = state.owners[combat.attacker]
    rules = state.ruleset
    if combat.kind == "melee" and rules.after_combat == "both":
        windows = [combat.defender, combat.attacker]
    elif combat.kind == "melee" or (combat.kind == "ranged" and rules.ranged_after_combat):
        windows = [combat.attacker if attacker_won(state) else combat.defender]
    elif combat.kind == "stone" and not combat.abilities_used[attacker_player]:
        windows = [combat.attacker]
    # else a ranged attack under the earlier texts: no ability after it (R23)
    for card in windows:
        avatar = state.avatar(card)
        if avatar is not None and any(
            a.timing == "after_combat"
            for c in (avatar.card, *avatar.items)
            for a in state.cards[c].abilities
        ):
            state = push(state, AfterCombat(avatar.owner, avatar.card))
    return state


def attacker_won(state: GameState) -> bool:
    """Did the attacker win the current combat? ``winner`` names a player, so a shot at
    one's own Avatar (``ranged_targets`` "any") is read from its dice."""
    combat = state.combat
    attacker_player = state.owners[combat.attacker]
    if combat.defender >= 0 and state.owners[combat.defender] == attacker_player:
        return sum(combat.attack_dice) > sum(combat.defense_dice)
    return combat.winner == attacker_player


def after_combat_options(state, decision: AfterCombat) -> list[Action]:
    """Pass, or one of the Avatar's after-combat abilities it can pay for where it stands."""
    avatar = state.avatar(decision.avatar)
    if avatar is None:
        return [Pass()]
    shen = shen_at(state, avatar.owner, avatar.at, avatar.on_path)
    return [Pass(), *ability_options(state, avatar, "after_combat", shen)]


def answer_after_combat(state, decision: AfterCombat, action: Action, log) -> GameState:
    """Use one after-combat ability of the Avatar, or Pass."""
    before = state
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    if not isinstance(action, UseAbility):
        raise IllegalAction("use an after-combat ability or pass")
    return use_ability(state, action, lambda: after_combat_options(before, decision), log)
