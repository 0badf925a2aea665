"""Avatars entering, changing and leaving the board."""

from __future__ import annotations

from games.engine.events import AvatarRemoved, Event
from games.engine.state import Avatar, GameState, evolve, with_item


def replace_avatar(state: GameState, avatar: Avatar) -> GameState:
    """The state with the Avatar of the same card replaced by ``avatar``."""
    return evolve(
        state, avatars=tuple(avatar if a.card == avatar.card else a for a in state.avatars)
    )


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
