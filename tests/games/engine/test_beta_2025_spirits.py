"""beta-2025: one Spirit in play per player at a time (R16, ``spirits_limit``)."""

import pytest

from games.engine import RULESETS
from games.engine.testing.scenario import BLUE, RED, avatar_card
from tests.games.engine.cards import FLAME_SPIRIT
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]
EMBER_SPIRIT = avatar_card("Ember Spirit", spirit=True)


@pytest.mark.parametrize("limit, may_play", [(1, False), (0, True), (2, True)])
def test_one_spirit_in_play_at_a_time_R16(limit, may_play):
    builder = table("A5", "I5", ruleset=BETA_2025.with_options(spirits_limit=limit))
    scene = builder.avatar(RED, FLAME_SPIRIT, "C3").hand(RED, EMBER_SPIRIT).one_action(RED)
    playable = any(text.startswith("play ember-spirit") for text in scene.legal())
    assert playable == may_play


def test_the_limit_counts_only_the_players_own_spirits_R16():
    builder = table("A5", "I5", ruleset=BETA_2025)
    scene = builder.avatar(BLUE, FLAME_SPIRIT, "C3").hand(RED, EMBER_SPIRIT).one_action(RED)
    assert any(text.startswith("play ember-spirit") for text in scene.legal())
