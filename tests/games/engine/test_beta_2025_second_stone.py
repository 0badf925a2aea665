"""beta-2025: a second Realm Stone (R28) replaces a counter ringed by its owner's
counters; it changes card costs (R15) and protects the groups touching it (R11)."""

import pytest

from games.engine import RULESETS
from games.engine.actions import EstablishRealmStone
from games.engine.events import RealmStoneEstablished
from games.engine.testing.scenario import BLUE, RED, avatar_card
from tests.games.engine.cards import SENTINEL
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]
RING = "E5 E4 E6 D5 F5"  # E5 and all four of its neighbours


def _table(**options):
    return table("A5", "I5", ruleset=BETA_2025.with_options(**options))


def test_a_second_realm_stone_replaces_a_counter_ringed_by_own_counters_R28():
    scene = _table().counters(RED, RING).hand(RED, SENTINEL).one_action(RED)
    assert "stone E5 water" in scene.legal()
    scene.do("stone E5 fire")
    grid, e5 = scene.state.grid, scene.vertex("E5")
    assert grid.stone_owner(e5) == RED and grid.owner(e5) is None
    assert scene.state.second_realms == ("fire", "")
    assert any(isinstance(e, RealmStoneEstablished) for e in scene.events)


def test_a_second_realm_stone_needs_all_four_neighbours_so_never_on_the_edge_R28():
    scene = _table().counters(RED, "E5 E4 E6 D5 A2 A3 A4 B3").one_action(RED)
    assert not any(text.startswith("stone") for text in scene.legal())
    reason = scene.refused(EstablishRealmStone(scene.vertex("A3"), "fire"))
    assert "R28" in reason


def test_only_one_second_realm_stone_R28():
    scene = _table().counters(RED, RING + " G5 G4 G6 H5").one_action(RED)
    scene.do("stone E5 fire", "draw")
    assert not any(text.startswith("stone") for text in scene.legal())


def test_a_second_stone_takes_a_realm_of_the_players_own_cards_R28():
    scene = _table().counters(RED, RING).one_action(RED)
    assert "stone E5 water" not in scene.legal()  # Red has no water card
    assert "R28" in scene.refused(EstablishRealmStone(scene.vertex("E5"), "water"))


@pytest.mark.parametrize("second_stone", [True, False])
def test_the_second_stone_is_a_ruleset_option_R28(second_stone):
    scene = _table(second_stone=second_stone).counters(RED, RING).one_action(RED)
    assert ("stone E5 fire" in scene.legal()) == second_stone


# Around c3: C3 D3 C4 D4. Two of Red's counters there pay 2.
TWO_AROUND_C3 = "C3 D3"


def test_a_second_stone_of_another_realm_removes_its_extra_cost_R28_R15():
    water_guard = avatar_card("Water Guard", cost=2, realm="water")
    builder = _table().counters(RED, TWO_AROUND_C3).hand(RED, water_guard)
    assert "play water-guard at c3" not in builder.one_action(RED).legal()  # costs 3
    scene = builder.second_stone(RED, "G3", "water").one_action(RED)
    assert "play water-guard at c3" in scene.legal()


def test_a_second_stone_of_the_home_realm_makes_home_cards_cost_one_less_R28_R15():
    fire_guard = avatar_card("Fire Guard", cost=3)
    builder = _table().counters(RED, TWO_AROUND_C3).hand(RED, fire_guard)
    assert "play fire-guard at c3" not in builder.one_action(RED).legal()
    scene = builder.second_stone(RED, "G3", "fire").one_action(RED)
    assert "play fire-guard at c3" in scene.legal()


def test_a_group_touching_a_second_stone_is_never_captured_R28_R11():
    builder = _table().second_stone(RED, "E5", "fire").counters(RED, "E6")
    scene = builder.counters(BLUE, "D6 F6").one_action(BLUE)
    scene.do("E7")  # E6's last liberty: the stone beside it keeps it alive
    assert scene.state.grid.owner(scene.vertex("E6")) == RED
    assert scene.cards_lost(RED) == 0
