"""Where an action's pieces stand and go: board positions with their R2 names.

Notation (``games.engine.client.notation``), the words for people and the decision
views for clients (``games.engine.client.decision_view``) all name the same positions; this
module finds them once. An action's ints are read against the state *before*
the action: an Avatar is where it stands now, ``to`` is where it will go.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.actions import (
    Action,
    Advance,
    MeleeAttack,
    Move,
    PlayCard,
    RemoveRemains,
    Retreat,
    UseAbility,
)
from games.engine.cards import path_verb
from games.engine.decisions import ChooseAdvance
from games.engine.state import Avatar, GameState


@dataclass(frozen=True, slots=True)
class Place:
    """A space (``on_path`` False) or a vertex of the Spirit Path, with its R2 name."""

    index: int
    on_path: bool
    name: str


def place(state: GameState, position: int, on_path: bool) -> Place:
    """The space or vertex ``position``; named "?" when the board has no such position."""
    board = state.board
    known = board.is_vertex(position) if on_path else board.is_space(position)
    return Place(position, on_path, state.position_name(position, on_path) if known else "?")


def card_name(state: GameState, card: int) -> str:
    """The printed name of ``card``, or "card N" for an int that names no card."""
    known = type(card) is int and 0 <= card < len(state.cards)
    return state.cards[card].name if known else f"card {card}"


def bearer(state: GameState, card: int) -> Avatar | None:
    """The Avatar that is ``card``, or carries it as an Item or attached Remains."""
    avatar = state.avatar(card)
    if avatar is not None:
        return avatar
    for other in state.avatars:
        if card in other.items or card in other.attachments:
            return other
    return None


def avatar_place(state: GameState, card: int) -> Place | None:
    """Where the Avatar ``card`` (or the Avatar carrying card ``card``) stands."""
    avatar = bearer(state, card)
    return None if avatar is None else place(state, avatar.at, avatar.on_path)


def where(state: GameState, card: int) -> str:
    """The R2 name of where the Avatar ``card`` (or its carrier) stands; "?" off the board."""
    found = avatar_place(state, card)
    return "?" if found is None else found.name


def at_place(state: GameState, action: PlayCard) -> Place | None:
    """Where a played card goes or acts from: a manifest spot (a vertex for a Spirit)."""
    if action.at < 0:
        return None
    spec = state.cards[action.card] if 0 <= action.card < len(state.cards) else None
    return place(state, action.at, spec is not None and spec.kind == "avatar" and spec.is_spirit)


def origin_place(state: GameState, action: MeleeAttack) -> Place:
    """The position a melee attacker attacks from (on its own layer)."""
    avatar = state.avatar(action.avatar)
    return place(state, action.origin, avatar is not None and avatar.on_path)


def destination(state: GameState, action: Action) -> Place | None:
    """Where ``action`` moves an Avatar to, or None when it moves none."""
    match action:
        case Move(avatar, to) | Retreat(avatar, to):
            mover = state.avatar(avatar)
            return place(state, to, mover is not None and mover.on_path)
        case Advance(avatar):
            decision = state.decision
            mover = state.avatar(avatar)
            if not isinstance(decision, ChooseAdvance):
                return None
            return place(state, decision.to, mover is not None and mover.on_path)
        case PlayCard(to=to, target=target) if to >= 0:
            # A Spirit-Path card moves its target between layers.
            subject = state.avatar(target)
            return place(state, to, not (subject is not None and subject.on_path))
        case RemoveRemains(card, to) if to >= 0:
            carrier = bearer(state, card)
            return place(state, to, not (carrier is not None and carrier.on_path))
        case UseAbility(card, index, target, to) if to >= 0:
            return place(state, to, _ability_walks(state, card, index, target))
    return None


def destination_name(state: GameState, action: Action) -> str:
    """The R2 name of where ``action`` moves an Avatar to ("?" when nowhere)."""
    found = destination(state, action)
    return "?" if found is None else found.name


def _ability_walks(state: GameState, card: int, index: int, target: int) -> bool:
    """Does the ability move its Avatar onto the Spirit Path (rather than off it)?"""
    if 0 <= card < len(state.cards) and 0 <= index < len(state.cards[card].abilities):
        verb = path_verb(state.cards[card].abilities[index].effect)
        if verb is not None:
            return verb == "walk_spirit_path"
    mover = state.avatar(card) or state.avatar(target)
    return not (mover is not None and mover.on_path)
