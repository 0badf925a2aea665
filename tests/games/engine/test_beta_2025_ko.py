"""beta-2025: no counter may go where one was just removed (its ko, R12)."""

import pytest

from games.engine import RULESETS
from games.engine.actions import PlaceCounter
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]


def _capture(**options):
    """Blue's pair E5 E6 with one liberty left, E7; Red takes it and captures both."""
    builder = table("A5", "I5", ruleset=BETA_2025.with_options(**options))
    builder.counters(BLUE, "E5 E6").counters(RED, "D5 F5 E4 D6 F6")
    return builder.one_action(RED).do("E7", "lose deck 2")


def test_no_counter_where_one_was_just_captured_R12():
    scene = _capture()
    assert scene.decision.player == BLUE
    assert "E5" not in scene.legal() and "E6" not in scene.legal()
    assert "ko, R12" in scene.refused(PlaceCounter(scene.vertex("E5")))


def test_the_ko_lapses_after_the_next_turn_R12():
    scene = _capture().do("draw", "draw")
    assert scene.decision.player == BLUE
    assert "E5" in scene.legal()


@pytest.mark.parametrize("ko", [True, False])
def test_ko_is_the_ruleset_option_R12(ko):
    assert ("E5" in _capture(ko=ko).legal()) != ko
