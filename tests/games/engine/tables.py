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
