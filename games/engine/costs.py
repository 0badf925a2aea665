"""Paying power costs with Shén (R15).

A cost is payable at a space when the player's counters on its 4 corners,
or at a vertex when their counters on and next to it, are at least the cost.
Counters are not spent. A card from outside the Home Realm costs one more;
the player's own Realm Stone counts as a counter when the ruleset says so.
With teams and ``ally_shen`` "team" a player's team-mates' counters count as
theirs too (M4; their Realm Stones do not).
"""

from __future__ import annotations

from functools import cached_property

from games.engine.board import mask_vertices
from games.engine.cards import CardSpec
from games.engine.seats import seats_mask, side_seats
from games.engine.state import GameState


def counting_counters(state: GameState, player: int) -> int:
    """The counters that count as ``player``'s Shén (R15, R22), as a vertex bitmask: their
    own, and their team-mates' too where ``ally_shen`` is "team" (M4)."""
    if state.teams and state.ruleset.ally_shen == "team":
        return seats_mask(state.grid.layout.counters, side_seats(state, player))
    return state.grid.counter_mask(player)


def shen_mask(state: GameState, player: int) -> int:
    """The counters that count as ``player``'s (:func:`counting_counters`) as a vertex
    bitmask, plus their Realm Stone when it counts."""
    mask = counting_counters(state, player)
    if state.ruleset.realm_stone_counts:
        mask |= state.grid.layout.stones[player]  # a second Realm Stone (R28) counts too
    return mask


def shen_at(state: GameState, player: int, position: int, on_path: bool) -> int:
    """``player``'s Shén around a space (or on and next to a vertex), Realm Stone included
    when ``realm_stone_counts``."""
    board = state.board
    region = board.around_vertex_masks[position] if on_path else board.space_corner_masks[position]
    return (shen_mask(state, player) & region).bit_count()


class PlayerShen:
    """``player``'s Shén around every space and on and next to every vertex (R15).

    Each table is worked out when first read and kept by this object, which a
    caller makes for one decision: every card in hand reads the same tables.
    """

    def __init__(self, state: GameState, player: int) -> None:
        self.mask = shen_mask(state, player)
        self.board = state.board
        self._paying: dict[tuple[int, bool], tuple[int, ...]] = {}

    @cached_property
    def by_space(self) -> tuple[int, ...]:
        """Shén around each space, indexed by space."""
        # Counted from the counters out, not from every space in: a player has a few
        # counters, a board up to 256 spaces (M1's bigger boards).
        board = self.board
        counts = [0] * board.space_count
        for vertex in mask_vertices(self.mask):
            for space in board.vertex_spaces[vertex]:
                counts[space] += 1
        return tuple(counts)

    @cached_property
    def by_vertex(self) -> tuple[int, ...]:
        """Shén on and next to each vertex, indexed by vertex."""
        board = self.board
        counts = [0] * board.vertex_count
        for vertex in mask_vertices(self.mask):
            counts[vertex] += 1
            for neighbour in board.vertex_neighbours[vertex]:
                counts[neighbour] += 1
        return tuple(counts)

    def paying(self, cost: int, *, on_path: bool = False) -> tuple[int, ...]:
        """The spaces (vertices, ``on_path``) where at least ``cost`` Shén can pay.

        Kept per cost: a hand holds several cards of one cost."""
        found = self._paying.get((cost, on_path))
        if found is None:
            table = self.by_vertex if on_path else self.by_space
            found = tuple([position for position, count in enumerate(table) if count >= cost])
            self._paying[cost, on_path] = found
        return found


def card_cost(state: GameState, player: int, spec: CardSpec) -> int:
    """What ``spec`` costs ``player``: its power cost, +1 outside their Home Realm (R15).

    A second Realm Stone (R28) of another realm makes that realm's cards cost no extra;
    one of the Home Realm makes Home Realm cards cost one less (never below 0).
    """
    home, second = state.home_realms[player], state.second_realms[player]
    if spec.realm == home:
        return max(spec.cost - 1, 0) if second == home else spec.cost
    return spec.cost + (spec.realm != second)


def combat_shen(state: GameState, player: int) -> int:
    """What ``player`` can pay with in the combat windows of the current combat (R22).

    Melee: the attacker's counters around the position it attacks from, the
    defender's around the defended position. Ranged attacks and attacks on a
    Realm Stone: either combatant's position, whichever has more. The earlier
    rulesets (``window_shen`` "defended"): each player's Shén at the defended position.
    """
    combat = state.combat
    if state.ruleset.window_shen == "defended":
        return shen_at(state, player, combat.target, combat.on_path or combat.kind == "stone")
    attacker = state.owners[combat.attacker]
    at_origin = shen_at(state, player, combat.origin, combat.on_path)
    at_target = shen_at(state, player, combat.target, combat.on_path or combat.kind == "stone")
    if combat.kind == "melee":
        return at_origin if player == attacker else at_target
    return max(at_origin, at_target)
