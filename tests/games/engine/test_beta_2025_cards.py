"""beta-2025 plays its non-Avatar cards as its own text says: paid at any one space
(R15), Items in the combat windows (R22), no Item limits of 2026 (R16), and the cards
that move an Avatar onto or off the Spirit Path resolved and discarded (R16).

The beta-2026-07 side of each rule is pinned in test_playing.py, test_costs.py and
test_melee.py (``test_item_is_paid_at_its_bearers_space_R16``,
``test_avatar_or_item_cards_cannot_be_played_in_combat_R22``, ...).
"""

import pytest

from games.engine import RULESETS, PlayCard, Ruleset
from games.engine.decisions import CombatWindow, TakeTurn
from games.engine.events import MeleeRolled
from games.engine.testing.scenario import BLUE, RED, action_card, item_card
from tests.games.engine.cards import ARCHER, FIRE_BLADE, FLAME_SPIRIT, SENTINEL, SPIRIT_WALK, WARDEN
from tests.games.engine.tables import table

BETA_2025 = RULESETS["beta-2025"]
BETA_2026_07 = RULESETS["beta-2026-07"]
HEAVY_BLADE = item_card("Heavy Blade", cost=2, melee=2)
BATTLE_BLADE = item_card("Battle Blade", cost=1, melee=1)
TIDE_SHIELD = item_card("Tide Shield", cost=1, realm="water", defense=1)
MIND_FOG = action_card(
    "Mind Fog",
    {"verb": "exhaust_avatar", "target": "opponent_avatar"},
    cost=2,
    target="opponent_avatar",
)


def _plays(scene, slug):
    return [text for text in scene.legal() if text.startswith(f"play {slug}")]


# -- R15: a non-Avatar card is paid at any one space ------------------------------------


def test_R15_beta_2025_a_card_aimed_at_an_avatar_is_paid_at_any_one_space():
    # c2 and c3 both have 2 of Red's counters; the Warden on f6 has none around it.
    builder = table(ruleset=BETA_2025).counters(RED, "C3 D3").avatar(RED, WARDEN, "f6")
    scene = builder.hand(RED, HEAVY_BLADE).one_action(RED)
    # Paying is a condition, not a choice: one play however many spaces pay (R15).
    assert _plays(scene, "heavy-blade") == ["play heavy-blade on f6"]
    scene.do("play heavy-blade on f6")
    assert len(scene.avatar("f6").items) == 1


def test_R15_beta_2026_07_a_card_aimed_at_an_avatar_is_paid_at_its_space():
    builder = table(ruleset=BETA_2026_07).counters(RED, "C3 D3").avatar(RED, WARDEN, "f6")
    scene = builder.hand(RED, HEAVY_BLADE).activation(RED)
    assert _plays(scene, "heavy-blade") == []


@pytest.mark.parametrize("card_shen, offered", [("any_space", True), ("target", False)])
def test_R15_beta_2025_card_shen_option_pays_at_any_space_or_at_the_target(card_shen, offered):
    ruleset = BETA_2025.with_options(card_shen=card_shen)
    builder = table(ruleset=ruleset).counters(RED, "C3 D3").avatar(RED, WARDEN, "f6")
    scene = builder.hand(RED, HEAVY_BLADE).one_action(RED)
    assert bool(_plays(scene, "heavy-blade")) == offered


def test_R15_beta_2025_a_card_no_space_pays_is_not_played():
    # C3 and E5 share no space: no space has 2 of Red's counters.
    builder = table(ruleset=BETA_2025).counters(RED, "C3 E5").avatar(RED, WARDEN, "c3")
    scene = builder.hand(RED, HEAVY_BLADE).one_action(RED)
    assert _plays(scene, "heavy-blade") == []
    blade = PlayCard(scene.card("heavy-blade", RED), target=scene.avatar("c3").card)
    assert "2 Shén at one space" in scene.refused(blade)


def test_R15_beta_2025_the_target_is_still_chosen_as_the_card_says():
    builder = table(ruleset=BETA_2025).counters(RED, "C3 D3")
    builder.avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "f6")
    scene = builder.hand(RED, MIND_FOG).one_action(RED)
    assert _plays(scene, "mind-fog") == ["play mind-fog on f6"]  # an opponent's Avatar only
    scene.do("play mind-fog on f6")
    assert scene.avatar("f6").exhausted
    assert scene.pile(RED, "discard") == ["mind-fog"]


# -- R22: an Item in a combat window ------------------------------------------------------


def _duel(ruleset=BETA_2025, red_counters="E3"):
    """Red's Ember Warden (melee 3) on c3 attacks Blue's Sentinel on d3; Red's Archer
    stands by on f6. E3 is a corner of d3 (defended), not of c3; C3 of c3 only."""
    builder = table("A7", "I3", ruleset=ruleset).counters(RED, red_counters)
    builder.avatar(RED, WARDEN, "c3").avatar(RED, ARCHER, "f6").avatar(BLUE, SENTINEL, "d3")
    return builder.hand(RED, BATTLE_BLADE)


def test_R22_beta_2025_an_item_is_played_in_a_combat_window_onto_the_fighting_avatar():
    scene = _duel().dice(*[1] * 5, 6, 6).one_action(RED).do("c3xd3")
    scene.expect(CombatWindow)
    assert sorted(scene.legal()) == ["pass", "play battle-blade on c3"]  # not the Archer
    scene.do("play battle-blade on c3")
    rolled = [e for e in scene.events if isinstance(e, MeleeRolled)][-1]
    assert len(rolled.attack_dice) == 3 + 1 + 1  # melee, the Blade, E3
    assert len(scene.avatar("c3").items) == 1
    assert scene.decision == TakeTurn(BLUE)  # beaten, the Warden stays and pays nothing


def test_R22_beta_2025_the_defender_may_equip_its_defending_avatar():
    builder = _duel().counters(BLUE, "E4").hand(BLUE, TIDE_SHIELD)
    scene = builder.dice(*[1] * 4, *[6] * 4).one_action(RED).do("c3xd3", "pass")
    scene.expect(CombatWindow)
    assert sorted(scene.legal()) == ["pass", "play tide-shield on d3"]
    scene.do("play tide-shield on d3")
    rolled = [e for e in scene.events if isinstance(e, MeleeRolled)][-1]
    assert len(rolled.defense_dice) == 2 + 1 + 1  # defense, the Shield, E4
    assert scene.decision == TakeTurn(BLUE)


def test_R22_beta_2025_a_window_item_is_paid_at_the_defended_position():
    scene = _duel(red_counters="C3").dice(*[1] * 3, 6, 6).one_action(RED).do("c3xd3")
    # Nothing Red could pay at d3: the window passes by itself and the dice roll.
    assert scene.decision == TakeTurn(BLUE)
    assert "battle-blade" in scene.pile(RED, "hand")


@pytest.mark.parametrize("allowed", [True, False])
def test_R22_beta_2025_window_items_option(allowed):
    ruleset = BETA_2025.with_options(window_items=allowed)
    scene = _duel(ruleset).dice(*[1] * 5, 6, 6).one_action(RED).do("c3xd3")
    assert isinstance(scene.decision, CombatWindow) == allowed
    if allowed:
        scene.do("pass")
    assert scene.decision == TakeTurn(BLUE)


def test_R22_beta_2026_07_no_item_in_a_combat_window():
    # Red's counter on C3 pays at c3, where the attacker attacks from (R22, 2026).
    scene = _duel(BETA_2026_07, red_counters="C3").dice(*[1] * 10).activation(RED)
    scene.do("c3xd3")
    # No window was asked for: the dice rolled (4 ones against 2) and Blue pays.
    assert not isinstance(scene.decision, CombatWindow)
    assert "battle-blade" in scene.pile(RED, "hand")
    scene.expect(type(scene.decision))


# -- R16: Items as written: no limit, walkers too -----------------------------------------


@pytest.mark.parametrize("limit, offered", [(0, True), (3, False), (4, True)])
def test_R16_beta_2025_an_avatar_carries_any_number_of_items(limit, offered):
    ruleset = BETA_2025.with_options(max_items=limit)
    builder = table(ruleset=ruleset).avatar(RED, WARDEN, "c3", items=[FIRE_BLADE] * 3)
    scene = builder.hand(RED, FIRE_BLADE).one_action(RED)
    assert bool(_plays(scene, "fire-blade")) == offered


@pytest.mark.parametrize("allowed", [True, False])
def test_R16_beta_2025_an_item_may_be_played_onto_a_walker(allowed):
    ruleset = BETA_2025.with_options(items_on_walkers=allowed)
    builder = table(ruleset=ruleset).avatar(RED, FLAME_SPIRIT, "D4")
    scene = builder.hand(RED, FIRE_BLADE).one_action(RED)
    assert _plays(scene, "fire-blade") == (["play fire-blade on D4"] if allowed else [])


def test_R16_max_items_must_not_be_negative():
    with pytest.raises(ValueError, match="max_items must not be negative"):
        Ruleset(max_items=-1)


# -- R16: a Spirit-Path card resolves and is discarded ------------------------------------


@pytest.mark.parametrize("path_cards", ["action", "remains"])
def test_R16_beta_2025_a_spirit_path_card_resolves_and_goes_to_the_discard_pile(path_cards):
    ruleset = BETA_2025.with_options(path_cards=path_cards)
    builder = table(ruleset=ruleset).avatar(RED, WARDEN, "c3").hand(RED, SPIRIT_WALK)
    scene = builder.one_action(RED).do("play spirit-walk on c3 to D4")
    walker = scene.avatar("D4")
    assert walker.on_path
    discarded = path_cards == "action"
    assert scene.pile(RED, "discard") == (["spirit-walk"] if discarded else [])
    assert len(walker.attachments) == (0 if discarded else 1)
