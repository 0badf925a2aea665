"""Starting tables for the scenario tests of games of 3 to 4 seats (M1-M9)."""

from dataclasses import replace

from games.engine.ruleset import BETA_2026_07, Ruleset
from games.engine.state import GameState
from games.engine.testing.scenario import ScenarioBuilder

# Realm Stones clear of each other and of the 10×10 board's corner anchor points.
STONES = ("D4", "H4", "H8", "D8")


def rules(**options: str | int) -> Ruleset:
    """beta-2026-07 with ``options`` changed."""
    return replace(BETA_2026_07, **options)


def seated(
    players: int = 3,
    teams: int = 0,
    *,
    ruleset: Ruleset | None = None,
    short: dict[int, int] | None = None,
) -> ScenarioBuilder:
    """Every seat's Realm Stone down and 12 cards each (2 in hand, 10 in the deck), so
    nobody runs out by accident (R25); a seat in ``short`` has only that many cards, all
    in the deck."""
    builder = ScenarioBuilder(ruleset, players=players, teams=teams)
    short = short or {}
    for seat in range(players):
        builder.stone(seat, STONES[seat])
        if seat in short:
            builder.fill(seat, deck=short[seat])
        else:
            builder.fill(seat, hand=2, deck=10)
    return builder


def accounted(state: GameState) -> bool:
    """Every card is in exactly one place: a hand, deck, discard, out or beside pile, or
    in play (an Avatar, its Items and attached cards)."""
    places = [
        card
        for piles in (state.hands, state.decks, state.discards, state.out, state.beside)
        for pile in piles
        for card in pile
    ]
    for avatar in state.avatars:
        places.extend((avatar.card, *avatar.items, *avatar.attachments))
    return sorted(places) == list(range(len(state.cards)))
