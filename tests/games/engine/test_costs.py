"""Paying power costs with Shén (R15)."""

import pytest

from games.engine import PlayCard, Ruleset
from games.engine.testing.scenario import BLUE, RED, ability, action_card, avatar_card
from tests.games.engine.tables import bare_table


def _with_hand(*cards, ruleset=None, red_counters="C3 D3 C4", stone="A5"):
    return (
        bare_table(stone, "I5", ruleset=ruleset)
        .counters(RED, red_counters)
        .hand(RED, *cards)
        .fill(RED, deck=5)
        .fill(BLUE, hand=2, deck=5)
    )


def test_avatar_manifests_where_counters_around_the_space_pay_its_cost_R15():
    warden = avatar_card("Ember Warden", cost=3)
    scene = _with_hand(warden).activation(RED)
    assert "play ember-warden at c3" in scene.legal()
    assert "play ember-warden at b3" not in scene.legal()


def test_card_outside_home_realm_costs_one_more_R15():
    stranger = avatar_card("Tide Sentinel", cost=3, realm="water")
    scene = _with_hand(stranger).activation(RED)
    assert not any(m.startswith("play tide-sentinel") for m in scene.legal())
    reason = scene.refused(PlayCard(scene.card("tide-sentinel", RED), at=scene.space("c3")))
    assert "4" in reason and "R15" in reason


def test_four_cost_card_from_another_realm_cannot_go_to_a_space_R15():
    stranger = avatar_card("Tide Colossus", cost=4, realm="water")
    scene = _with_hand(stranger, red_counters="C3 D3 C4 D4", stone="F1").activation(RED)
    assert not any(m.startswith("play tide-colossus") for m in scene.legal())


@pytest.mark.parametrize("counts", [True, False])
def test_realm_stone_counts_as_a_counter_option_R15(counts):
    warden = avatar_card("Ember Warden", cost=3)
    scene = _with_hand(
        warden, ruleset=Ruleset(realm_stone_counts=counts), red_counters="B2 C3", stone="C2"
    ).activation(RED)
    # Around b2: B2, C2 (the Realm Stone), B3, C3.
    assert ("play ember-warden at b2" in scene.legal()) is counts


def test_spirit_avatar_pays_on_and_next_to_its_vertex_R15():
    spirit = avatar_card("Flame Spirit", cost=4, spirit=True)
    scene = _with_hand(spirit, red_counters="C3 D4 E3 D2").activation(RED)
    assert "play flame-spirit at D3" in scene.legal()
    assert "play flame-spirit at C4" not in scene.legal()


def test_counters_are_not_spent_R15():
    kindle = action_card("Kindle", {"verb": "draw_cards", "count": 1}, cost=3)
    scene = _with_hand(kindle, kindle).activation(RED)
    scene.do("play kindle", "pass")
    assert scene.counters(RED) == "C3 C4 D3"
    assert "play kindle" in scene.legal()


def test_untargeted_card_is_paid_at_any_one_space_R16():
    kindle = action_card("Kindle", {"verb": "draw_cards", "count": 1}, cost=3)
    scene = _with_hand(kindle).activation(RED)
    assert "play kindle" in scene.legal()
    scene = _with_hand(kindle, red_counters="C3 E5 G7").activation(RED)
    assert "play kindle" not in scene.legal()


def test_ability_is_paid_at_the_avatars_position_R15():
    rally = ability("Rally", "activated", {"verb": "draw_cards", "count": 1}, cost=2)
    captain = avatar_card("Captain", abilities=[rally])
    builder = _with_hand(red_counters="C3 D3")
    scene = builder.avatar(RED, captain, "c3").activation(RED)
    assert "c3 uses Rally" in scene.legal()
    builder = _with_hand(red_counters="C3")
    scene = builder.avatar(RED, captain, "c3").activation(RED)
    assert "c3 uses Rally" not in scene.legal()


def test_walker_counts_the_counter_it_stands_on_R15():
    rally = ability("Rally", "activated", {"verb": "draw_cards", "count": 1}, cost=2)
    spirit = avatar_card("Flame Spirit", spirit=True, abilities=[rally])
    builder = _with_hand(red_counters="D4 D5")
    scene = builder.avatar(RED, spirit, "D4").activation(RED)
    assert "D4 uses Rally" in scene.legal()
