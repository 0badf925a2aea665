"""Positions for the table's drawing tests, built piece by piece (games.engine.testing).

Red's Ember Warden (3·2·0·2) on c3 faces Blue's exhausted Tide Sentinel on d4, whose four
corners hold Blue's Shén counters; Red's Ash Archer (ranged 2, with a Fire Blade) on e6
stands by Blue's Realm Stone on F6, with Blue's exhausted Guard on f5 and Blue's Wave
Spirit walking the Spirit Path on G4. Red's counters sit on C3 and C4, by the Warden.
"""

from __future__ import annotations

from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from games.engine.testing.scene import Scene
from games.matches.table.drawing import Table, table_for
from tests.games.engine.cards import ARCHER, FIRE_BLADE, GUARD, SENTINEL, WARDEN, WAVE_SPIRIT

# The board keys of the positions the tests look at (s: a space, v: a vertex).
WARDEN_AT, SENTINEL_AT, ARCHER_AT, GUARD_AT = "s18", "s27", "s44", "s37"  # c3 d4 e6 f5
SPIRIT_AT = "v33"  # G4
BLUE_STONE_AT = "v50"  # F6
MOVE_TO = "s34"  # c5, two spaces up from the Warden, empty


def facing_off() -> Scene:
    """Red to take an Activation step, every piece above on the board."""
    builder = ScenarioBuilder().stone(RED, "C2").stone(BLUE, "F6")
    builder.fill(RED, hand=2, deck=10).fill(BLUE, hand=2, deck=10)
    builder.counters(BLUE, "D4 E4 D5 E5").counters(RED, "C3 C4")
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d4", exhausted=True)
    builder.avatar(RED, ARCHER, "e6", items=[FIRE_BLADE])
    builder.avatar(BLUE, GUARD, "f5", exhausted=True).avatar(BLUE, WAVE_SPIRIT, "G4")
    return builder.activation(RED)


def warden_activated() -> Scene:
    """The same, Red's Warden activated: it may move, or attack the Sentinel (R19, R21)."""
    return facing_off().do("activate c3")


def red_table(scene: Scene, number: int = 5) -> Table:
    """The table of ``scene`` as Red, who decides, sees it."""
    return table_for(scene.state, RED, scene.events, number)
