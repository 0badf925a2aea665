"""Paying power costs with Shén (R15).

A cost is payable at a space when the player's counters on its 4 corners,
or at a vertex when their counters on and next to it, are at least the cost.
Counters are not spent. A card from outside the Home Realm costs one more;
the player's own Realm Stone counts as a counter when the ruleset says so.
"""

from __future__ import annotations

from functools import lru_cache

from games.engine.board import geometry
from games.engine.capture import ShenGrid
from games.engine.cards import CardSpec
from games.engine.state import GameState


def shen_mask(state: GameState, player: int) -> int:
    """``player``'s counters as a vertex bitmask, plus their Realm Stone when it counts."""
    stone = state.stones[player] if state.ruleset.realm_stone_counts else -1
    grid = state.grid
    # Asked for dozens of times per legal_actions call, mostly of the same grid:
    # the last answer per player, checked by identity, is cheaper than hashing the grid.
    last = _LAST_SHEN[player] if player < len(_LAST_SHEN) else None
    if last is not None and last[0] is grid and last[1] == stone:
        return last[2]
    mask = grid.counter_mask(player)
    if stone >= 0:
        mask |= 1 << stone
    if player < len(_LAST_SHEN):
        _LAST_SHEN[player] = (grid, stone, mask)
    return mask


# Per player (two, R5), the last (grid, Realm Stone, mask) of shen_mask; one tuple
# each so a thread always reads a matching set.
_LAST_SHEN: list[tuple[ShenGrid, int, int] | None] = [None, None]


def shen_at(state: GameState, player: int, position: int, on_path: bool) -> int:
    """``player``'s Shén around a space (or on and next to a vertex), Realm Stone included
    when ``realm_stone_counts``."""
    board = state.board
    region = board.around_vertex_masks[position] if on_path else board.space_corner_masks[position]
    return (shen_mask(state, player) & region).bit_count()


@lru_cache(maxsize=512)
def _space_counts(mask: int, width: int, height: int) -> tuple[int, ...]:
    return tuple(
        (mask & corners).bit_count() for corners in geometry(width, height).space_corner_masks
    )


def shen_by_space(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s Shén around every space, indexed by space (cached per counter layout)."""
    mask = shen_mask(state, player)
    rules = state.ruleset
    # Asked once per card in hand at every step, nearly always for the same counters:
    # comparing with the last answer skips hashing the mask for the lru_cache.
    last = _LAST_SPACES[player] if player < len(_LAST_SPACES) else None
    if last is not None and last[0] == mask and last[1] is rules:
        return last[2]
    counts = _space_counts(mask, rules.width, rules.height)
    if player < len(_LAST_SPACES):
        _LAST_SPACES[player] = (mask, rules, counts)
    return counts


# Per player, the last (mask, ruleset, counts) of shen_by_space, one tuple each.
_LAST_SPACES: list[tuple[int, object, tuple[int, ...]] | None] = [None, None]


@lru_cache(maxsize=512)
def _vertex_counts(mask: int, width: int, height: int) -> tuple[int, ...]:
    return tuple(
        (mask & around).bit_count() for around in geometry(width, height).around_vertex_masks
    )


def shen_by_vertex(state: GameState, player: int) -> tuple[int, ...]:
    """``player``'s Shén on and next to every vertex, indexed by vertex (cached likewise)."""
    return _vertex_counts(shen_mask(state, player), state.ruleset.width, state.ruleset.height)


def best_space_shen(state: GameState, player: int) -> int:
    """The most Shén ``player`` has around any one space (for untargeted cards, R16)."""
    return max(shen_by_space(state, player))


def card_cost(state: GameState, player: int, spec: CardSpec) -> int:
    """What ``spec`` costs ``player``: its power cost, +1 outside their Home Realm (R15)."""
    return spec.cost + (spec.realm != state.home_realms[player])


def combat_shen(state: GameState, player: int) -> int:
    """What ``player`` can pay with in the combat windows of the current combat (R22).

    Melee: the attacker's counters around the position it attacks from, the
    defender's around the defended position. Ranged attacks and attacks on a
    Realm Stone: either combatant's position, whichever has more.
    """
    combat = state.combat
    attacker = state.owners[combat.attacker]
    at_origin = shen_at(state, player, combat.origin, combat.on_path)
    at_target = shen_at(state, player, combat.target, combat.on_path or combat.kind == "stone")
    if combat.kind == "melee":
        return at_origin if player == attacker else at_target
    return max(at_origin, at_target)
