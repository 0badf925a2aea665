"""Avatars entering, changing and leaving the board."""

from __future__ import annotations

from games.engine.events import AvatarRemoved, Event
from games.engine.state import Avatar, GameState, evolve, with_item


def replace_avatar(state: GameState, avatar: Avatar) -> GameState:
    """The state with the Avatar of the same card replaced by ``avatar``."""
    return evolve(state, avatars=with_avatar(state.avatars, avatar))


def with_avatar(avatars: tuple[Avatar, ...], avatar: Avatar) -> tuple[Avatar, ...]:
    """``avatars`` with the one of ``avatar``'s card replaced by ``avatar`` (in place in
    the order; unchanged when that card has no Avatar)."""
    card = avatar.card
    # Slices around the one found: cheaper than a generator over every Avatar,
    # and every move and exhaustion makes a new tuple.
    for index, each in enumerate(avatars):
        if each.card == card:
            return (*avatars[:index], avatar, *avatars[index + 1 :])
    return avatars


def remove_from_game(state: GameState, avatar: Avatar, why: str, log: list[Event]) -> GameState:
    """Take ``avatar`` off the board: it and every card on it leave the game (R21, R23)."""
    log.append(
        AvatarRemoved(
            state.card_name(avatar.card), state.position_name(avatar.at, avatar.on_path), why
        )
    )
    out = state.out
    for card in (avatar.card, *avatar.items, *avatar.attachments):
        owner = state.owners[card]
        out = with_item(out, owner, out[owner] + (card,))
    grid = state.grid.with_blocked(avatar.at, False) if avatar.on_path else state.grid
    return evolve(
        state,
        grid=grid,
        out=out,
        avatars=tuple(a for a in state.avatars if a.card != avatar.card),
        modifiers=tuple(m for m in state.modifiers if m.avatar != avatar.card),
    )
