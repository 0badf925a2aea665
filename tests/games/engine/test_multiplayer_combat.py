"""More than two players in combat and in effects: who may be attacked, whose Shén pays,
who plays in a combat's windows, and what "the opponent" means (M4, M6).

With two teams the seats alternate (M2): Red and Green are allies against Blue and
Yellow.
"""

from dataclasses import replace

import pytest

from games.engine.client.decision_view import describe_decision
from games.engine.client.words import action_in_words
from games.engine.combat import dice_pools
from games.engine.decisions import (
    AvatarActivation,
    ChooseLostCards,
    CombatWindow,
    RemoveEffectCounters,
)
from games.engine.game import legal_actions
from games.engine.ruleset import BETA_2026_07
from games.engine.testing.scenario import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    ability,
    action_card,
    avatar_card,
)
from tests.games.engine.cards import ARCHER, RAGE, SENTINEL, WARDEN
from tests.games.engine.tables import seated_table

WEAKEN = action_card(
    "Weaken",
    {"verb": "modify_trait", "trait": "melee", "amount": -2, "target": "opponent_avatar"},
    realm="water",
    target="opponent_avatar",
    timing="in_combat",
)
# Rage for the water seats (Blue, Yellow): free in their Home Realm.
SURGE = action_card("Surge", {"verb": "extra_dice", "count": 2}, realm="water", timing="in_combat")
CURSE = action_card("Curse", {"verb": "opponent_loses_cards", "count": 1})
SCORCH = ability("Scorch", "activated", {"verb": "remove_counters", "count": 3, "range": 1})
BURNER = avatar_card("Burner", abilities=[SCORCH])


def _team_rules(ally_shen: str):
    return replace(BETA_2026_07, ally_shen=ally_shen)


# -- who may be attacked (M4) -----------------------------------------------------------


@pytest.mark.parametrize("teams", [0, 2])
def test_m4_a_ranged_attack_targets_only_opponents(teams):
    scene = (
        seated_table(4, teams)
        .avatar(RED, ARCHER, "c3")
        .avatar(GREEN, SENTINEL, "e3")
        .avatar(BLUE, SENTINEL, "c5")
        .activation(RED)
    )
    legal = scene.legal()
    assert "c3>>c5" in legal
    assert ("c3>>e3" in legal) is not teams


def test_m4_ranged_targets_any_lets_a_shot_hit_an_ally_too():
    # The earlier texts' "any other Avatar" read literally (``ranged_targets`` "any").
    rules = replace(BETA_2026_07, ranged_targets="any")
    scene = (
        seated_table(4, 2, ruleset=rules)
        .avatar(RED, ARCHER, "c3")
        .avatar(GREEN, SENTINEL, "e3")
        .activation(RED)
    )
    assert "c3>>e3" in scene.legal()


def test_m4_a_realm_stone_attack_hits_any_opponents_stone():
    # Green's Realm Stone on F1 is a corner of e1; with three players Green is an opponent.
    scene = seated_table(3).avatar(RED, WARDEN, "e1").activation(RED)
    scene.do("e1 attacks stone")
    scene.expect(ChooseLostCards)
    assert scene.decision.player == GREEN and scene.decision.count == 3
    scene.do("lose deck 3")
    assert scene.cards_lost(GREEN) == 3 and scene.cards_lost(BLUE) == 0
    scene.done()


def test_m4_an_avatar_may_not_attack_an_allys_realm_stone():
    scene = seated_table(4, 2).avatar(RED, WARDEN, "e1").activation(RED)
    assert "e1 attacks stone" not in scene.legal()


def test_m4_words_name_the_realm_stone_attacked():
    scene = seated_table(3).avatar(RED, WARDEN, "e1").activation(RED).do("activate e1")
    scene.expect(AvatarActivation)
    attack = next(a for a in legal_actions(scene.state) if type(a).__name__ == "AttackRealmStone")
    assert action_in_words(scene.state, attack).endswith("attacks Green's Realm Stone")


# -- combat windows (M6) ------------------------------------------------------------------


def _who_decides(scene, *moves: str) -> list[tuple[str, int]]:
    seen = []
    for move in moves:
        seen.append((type(scene.decision).__name__, scene.decision.player))
        scene.do(move)
    return seen


def test_m6_only_the_combatants_get_combat_windows():
    scene = (
        seated_table(4)
        .avatar(RED, WARDEN, "c3")
        .avatar(BLUE, SENTINEL, "d4")
        .hand(RED, RAGE)
        .hand(BLUE, SURGE)
        .hand(GREEN, RAGE)
        .hand(YELLOW, SURGE)
        .dice(6, 6, 6, 1, 1)
        .activation(RED)
    )
    scene.do("c3xd4")
    windows = _who_decides(scene, "pass", "pass")
    assert windows == [("CombatWindow", RED), ("CombatWindow", BLUE)]
    assert not isinstance(scene.decision, CombatWindow)
    scene.expect(ChooseLostCards)  # Blue's, beaten by twice its total
    assert scene.decision.player == BLUE


def test_m6_combat_keeps_one_item_per_seat():
    scene = (
        seated_table(4)
        .avatar(YELLOW, WARDEN, "c3")
        .avatar(GREEN, SENTINEL, "d4")
        .hand(YELLOW, SURGE)
        .hand(GREEN, SURGE)
        .dice(6, 6, 6, 6, 6, 1, 1)
        .activation(YELLOW)
    )
    scene.do("c3xd4", "play surge")
    combat = scene.state.combat
    assert combat.bonus_dice == (0, 0, 0, 2)
    assert combat.cards_used == (False, False, False, True)
    assert combat.abilities_used == (False,) * 4
    scene.expect(ChooseLostCards)  # Green's window passed itself: nothing Green can pay
    assert scene.decision.player == GREEN


def test_m6_a_realm_stones_owner_defends_it_in_the_window():
    scene = seated_table(3).avatar(RED, WARDEN, "e1").hand(GREEN, WEAKEN).hand(BLUE, WEAKEN)
    scene = scene.activation(RED).do("e1 attacks stone")
    assert _who_decides(scene, "play weaken on e1") == [("CombatWindow", GREEN)]
    assert scene.decision.player == GREEN and scene.decision.count == 1
    scene.do("lose deck 1")
    assert scene.cards_lost(BLUE) == 0


# -- whose Shén counts (M4, ally_shen) ---------------------------------------------------------


@pytest.mark.parametrize("ally_shen", ["own", "team"])
def test_m4_ally_shen_team_counts_allies_counters_for_costs(ally_shen):
    # Red's D4 and Green's E4 are two corners of d4: two Shén for Red only with "team".
    costly = avatar_card("Costly", cost=2)
    scene = (
        seated_table(4, 2, ruleset=_team_rules(ally_shen))
        .counters(RED, "D4")
        .counters(GREEN, "E4")
        .hand(RED, costly)
        .activation(RED)
    )
    assert ("play costly at d4" in scene.legal()) is (ally_shen == "team")


def test_m4_ally_shen_team_counts_no_opponents_counters():
    costly = avatar_card("Costly", cost=2)
    scene = (
        seated_table(4, 2, ruleset=_team_rules("team"))
        .counters(RED, "D4")
        .counters(BLUE, "E4")
        .hand(RED, costly)
        .activation(RED)
    )
    assert "play costly at d4" not in scene.legal()


@pytest.mark.parametrize(("ally_shen", "shen"), [("own", 1), ("team", 2)])
def test_m4_ally_shen_team_counts_allies_counters_for_combat_dice(ally_shen, shen):
    scene = (
        seated_table(4, 2, ruleset=_team_rules(ally_shen))
        .counters(RED, "C3")
        .counters(GREEN, "D3")
        .avatar(RED, WARDEN, "c3")
        .avatar(BLUE, SENTINEL, "d4")
        .hand(RED, RAGE)
        .activation(RED)
    )
    scene.do("c3xd4")
    scene.expect(CombatWindow)
    attack, _ = dice_pools(scene.state)
    assert [part.amount for part in attack.parts if part.what == "shen"] == [shen]


# -- effects that name "the opponent" (M4) ------------------------------------------------------


def test_m4_opponent_loses_cards_makes_each_opponent_lose_never_an_ally():
    scene = seated_table(4, 2).hand(RED, CURSE).activation(RED).do("play curse")
    assert _who_decides(scene, "lose deck 1", "lose deck 1") == [
        ("ChooseLostCards", BLUE),
        ("ChooseLostCards", YELLOW),
    ]
    assert scene.cards_lost(GREEN) == 0
    scene.done()


def test_m4_opponent_loses_cards_without_teams_hits_every_other_player_in_turn_order():
    scene = seated_table(3).hand(BLUE, CURSE).activation(BLUE).do("play curse")
    assert _who_decides(scene, "lose deck 1", "lose deck 1") == [
        ("ChooseLostCards", GREEN),
        ("ChooseLostCards", RED),
    ]


def test_m4_remove_counters_takes_any_opponents_counters_never_an_allys():
    scene = (
        seated_table(4, 2)
        .counters(GREEN, "C3")
        .counters(BLUE, "D3")
        .counters(YELLOW, "C4")
        .avatar(RED, BURNER, "c3")
        .activation(RED)
        .do("c3 uses Scorch")
    )
    assert isinstance(scene.decision, RemoveEffectCounters)
    assert sorted(scene.legal()) == ["pass", "take C4", "take D3"]
    prompt = describe_decision(scene.state).prompt
    assert "Blue's and Yellow's" in prompt
    scene.do("take C4")
    assert scene.log()[-1].startswith("Yellow")
    scene.do("take D3")
    assert scene.counters(BLUE) == scene.counters(YELLOW) == ""
    assert scene.counters(GREEN) == "C3"
    scene.do("pass")  # the follow-up move
    scene.done()
