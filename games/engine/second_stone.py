"""A second Realm Stone (R28): the earlier rulesets' way to widen a player's realms.

As a turn's action, a player replaces one of their counters that has their
counters on all four neighbours with a Realm Stone (the text's "5 Shén counters,
one on the vertex and the 4 around it", so never on the board's edge). A stone of
another realm lets that realm's cards be played without the extra cost; one of the
Home Realm makes Home Realm cards cost one less (``costs.card_cost``). A player
has at most one second stone. Like the first it is never captured, protects the
groups touching it (R11), blocks walkers and counts as Shén where the first does.
"""

from __future__ import annotations

from games.engine.actions import EstablishRealmStone, IllegalAction
from games.engine.board import mask_vertices
from games.engine.events import Event, RealmStoneEstablished
from games.engine.state import GameState, evolve, player_name, with_item


def realm_choices(state: GameState, player: int) -> tuple[str, ...]:
    """The realms a second stone of ``player`` may take: home first, then every other
    realm among their own cards, in order."""
    home = state.home_realms[player]
    others = {
        spec.realm
        for spec, owner in zip(state.cards, state.owners, strict=True)
        if owner == player and spec.realm and spec.realm != home
    }
    return tuple(realm for realm in (home, *sorted(others)) if realm)


def stone_sites(state: GameState, player: int) -> list[int]:
    """The vertices where ``player`` may establish a second Realm Stone now (R28)."""
    if not state.ruleset.second_stone or state.second_realms[player]:
        return []
    board = state.board
    own = state.grid.counter_mask(player)
    walkers = state.grid.layout.blocked  # a walker on its owner's counter keeps it there
    # Own counters none of whose neighbours is anything else; then the edge is left out.
    ringed = own & ~walkers & ~board.mask_neighbours(board.all_vertices_mask & ~own)
    return [v for v in mask_vertices(ringed) if len(board.vertex_neighbours[v]) == 4]


def establish_options(state: GameState, player: int) -> list[EstablishRealmStone]:
    """Every legal second Realm Stone for ``player``: each site, each realm."""
    sites = stone_sites(state, player)
    if not sites:
        return []
    realms = realm_choices(state, player)
    return [EstablishRealmStone(vertex, realm) for vertex in sites for realm in realms]


def establish(
    state: GameState, player: int, action: EstablishRealmStone, log: list[Event]
) -> GameState:
    """Replace the counter on ``action.vertex`` with a second Realm Stone (R28)."""
    if action.vertex not in stone_sites(state, player):
        raise IllegalAction(
            f"{player_name(player)} may establish a second Realm Stone only once, on a "
            "counter of theirs with their counters on all four neighbours (R28)"
        )
    if action.realm not in realm_choices(state, player):
        raise IllegalAction(
            f"a second Realm Stone takes your Home Realm or a realm of your cards: "
            f"{', '.join(realm_choices(state, player))} (R28)"
        )
    grid = state.grid.without_counters((action.vertex,)).with_stone(action.vertex, player)
    log.append(
        RealmStoneEstablished(
            player_name(player), state.board.vertex_name(action.vertex), action.realm
        )
    )
    return evolve(
        state, grid=grid, second_realms=with_item(state.second_realms, player, action.realm)
    )
