"""Recovery (R9): refresh Avatars and draw up to the hand size, rebuilding an empty deck."""

from __future__ import annotations

from games.engine import rng
from games.engine.events import Event, Recovered
from games.engine.state import GameState, evolve, player_name, with_item


def draw(state: GameState, player: int, count: int) -> tuple[GameState, int, bool]:
    """``player`` draws up to ``count`` cards, reshuffling the discard pile into an
    empty deck (R9). Returns (state, cards drawn, whether a reshuffle happened)."""
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    seed = state.rng
    reshuffled = False
    drawn = 0
    while drawn < count:
        if not deck:
            if not discard:
                break
            deck, seed = rng.shuffled(seed, discard)
            discard = ()
            reshuffled = True
        take = min(count - drawn, len(deck))
        hand, deck = hand + deck[:take], deck[take:]
        drawn += take
    if not drawn and not reshuffled:
        return state, 0, False
    state = evolve(
        state,
        hands=with_item(state.hands, player, hand),
        decks=with_item(state.decks, player, deck),
        discards=with_item(state.discards, player, discard),
        rng=seed,
    )
    return state, drawn, reshuffled


def recover(state: GameState, player: int, log: list[Event]) -> GameState:
    """Refresh all of ``player``'s Avatars and draw up to the hand size."""
    refreshed = 0
    avatars = list(state.avatars)
    for index, avatar in enumerate(avatars):
        if avatar.owner == player and avatar.exhausted:
            avatars[index] = evolve(avatar, exhausted=False)
            refreshed += 1
    if refreshed:
        state = evolve(state, avatars=tuple(avatars))
    missing = state.ruleset.hand_size - len(state.hands[player])
    drawn, reshuffled = 0, False
    if missing > 0:
        state, drawn, reshuffled = draw(state, player, missing)
    log.append(Recovered(player_name(player), refreshed, drawn, reshuffled))
    return state
