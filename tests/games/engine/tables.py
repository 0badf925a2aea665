"""Starting tables for scenario tests: both Realm Stones down, and cards to lose."""

from games.engine.ruleset import Ruleset
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder


def bare_table(
    red_stone: str = "A5",
    blue_stone: str = "I5",
    *,
    ruleset: Ruleset | None = None,
    anchors: tuple[str, ...] | None = None,
) -> ScenarioBuilder:
    """Red's and Blue's Realm Stones on the board and nothing else, not even cards."""
    builder = ScenarioBuilder(ruleset, anchors=anchors)
    return builder.stone(RED, red_stone).stone(BLUE, blue_stone)


def table(
    red_stone: str = "A5",
    blue_stone: str = "I5",
    *,
    ruleset: Ruleset | None = None,
    anchors: tuple[str, ...] | None = None,
    red_hand: int = 2,
) -> ScenarioBuilder:
    """A bare table where both players hold cards, so nobody runs out by accident (R25).

    ``red_hand=0`` leaves Red's hand empty for tests that count what comes into it.
    """
    builder = bare_table(red_stone, blue_stone, ruleset=ruleset, anchors=anchors)
    return builder.fill(RED, hand=red_hand, deck=10).fill(BLUE, hand=2, deck=10)


# Realm Stones round a 10×10 board (three or four players), on the middle of each edge.
ROUND_STONES = ("A6", "K6", "F1", "F11")


def seated_table(
    players: int = 4, teams: int = 0, *, ruleset: Ruleset | None = None
) -> ScenarioBuilder:
    """Three or four players round the default 10×10 board (M1), with ``teams`` teams
    (seats alternate: with two teams Red and Green against Blue and Yellow), each with a
    Realm Stone on an edge and cards to lose."""
    builder = ScenarioBuilder(ruleset, players=players, teams=teams)
    for player in range(players):
        builder.stone(player, ROUND_STONES[player]).fill(player, hand=2, deck=10)
    return builder
