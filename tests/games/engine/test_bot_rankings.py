"""The greedy bot's cheap rankings of attacks and activations, and the short cuts of its
look-ahead (issue 24).

An attack or an activation estimate only ranks options of its own kind
(games/engine/bots/estimates.py): these tests hold each to the order the rules give
(better odds first, R22; a beaten attacker's cost, R23; a claim before a walk, R20),
so a broken ranking fails here before it weakens the bot in the ladder.
"""

import pytest

from games.engine import RULESETS, apply, legal_actions
from games.engine.actions import PASS, Activate, MeleeAttack, Move
from games.engine.bots.determinize import determinize, reroll
from games.engine.bots.estimates import (
    Estimates,
    Shortlist,
    activation_gain,
    attack_gain,
)
from games.engine.bots.evaluation import WEIGHTS
from games.engine.bots.greedy import PASS_FIRST
from games.engine.decisions import AvatarActivation
from games.engine.replay import replay
from games.engine.testing.samples import sample_game
from games.engine.testing.scenario import BLUE, RED
from games.engine.view import view_for
from tests.games.engine.cards import ARCHER, SENTINEL, WARDEN
from tests.games.engine.tables import table


def _warden_between_archer_and_sentinel(**options):
    """Red's Warden (melee 3) on c3, activated, between Blue's Archer (defense 1) on d3
    and Blue's Sentinel (defense 2) on b3: both worth as much on the board."""
    ruleset = RULESETS["beta-2026-07"].with_options(**options) if options else None
    builder = table("D4", "F6", ruleset=ruleset).avatar(RED, WARDEN, "c3")
    scene = builder.avatar(BLUE, ARCHER, "d3").avatar(BLUE, SENTINEL, "b3").activation(RED)
    return scene.do("activate c3")


def _attacks_on(scene, position):
    defender = scene.avatar(position).card
    return [
        a for a in legal_actions(scene.state) if type(a) is MeleeAttack and a.defender == defender
    ]


def test_an_attack_on_the_weaker_defense_is_estimated_higher_R22():
    scene = _warden_between_archer_and_sentinel()
    on_archer = _attacks_on(scene, "d3")
    on_sentinel = _attacks_on(scene, "b3")
    assert on_archer and on_sentinel
    best_on_sentinel = max(attack_gain(scene.state, a, WEIGHTS) for a in on_sentinel)
    assert all(attack_gain(scene.state, a, WEIGHTS) > best_on_sentinel for a in on_archer)
    scene.expect(AvatarActivation)


def test_a_shortlist_of_one_attack_keeps_the_attack_on_the_weaker_defense_R22():
    scene = _warden_between_archer_and_sentinel()
    actions = legal_actions(scene.state)
    kept = Shortlist(attacks=1).of(scene.state, actions, RED, WEIGHTS)
    attacks = [a for a in kept if type(a) is MeleeAttack]
    assert len(attacks) == 1
    assert attacks[0].defender == scene.avatar("d3").card
    assert PASS in kept
    scene.expect(AvatarActivation)


def test_a_melee_attack_at_poor_odds_is_estimated_below_nothing_where_the_attacker_pays_R23():
    # The Archer (melee 1) attacks the Sentinel (defense 2): beaten, it pays (R23).
    def attack_value(**options):
        scene = _warden_between_archer_and_sentinel(**options)
        state = scene.state
        archer, sentinel = scene.avatar("d3"), scene.avatar("b3")
        scene.expect(AvatarActivation)
        return Estimates(state, BLUE, WEIGHTS).attack_value(archer, "melee", sentinel)

    assert attack_value() < 0.0
    assert attack_value(beaten_attacker_pays=False) > 0.0


def _claimer_and_walker():
    """Red's Warden stands on the anchor point a1, which Blue holds; Red's Sentinel stands
    on e5, nothing in its reach."""
    builder = table("D4", "F6").holds(BLUE, "a1").avatar(RED, WARDEN, "a1")
    return builder.avatar(RED, SENTINEL, "e5").activation(RED)


def test_an_activation_that_can_claim_is_estimated_above_one_that_can_only_walk_R20():
    scene = _claimer_and_walker()
    claimer, walker = scene.avatar("a1").card, scene.avatar("e5").card
    claim = activation_gain(scene.state, Activate(claimer), WEIGHTS)
    walk = activation_gain(scene.state, Activate(walker), WEIGHTS)
    assert claim == pytest.approx(WEIGHTS.anchor)
    assert 0.0 < walk < claim


def test_a_shortlist_of_one_activation_keeps_the_claimer_and_every_other_option_R20():
    scene = _claimer_and_walker()
    actions = legal_actions(scene.state)
    kept = Shortlist(activations=1).of(scene.state, actions, RED, WEIGHTS)
    assert Activate(scene.avatar("a1").card) in kept
    assert Activate(scene.avatar("e5").card) not in kept
    assert [a for a in actions if type(a) is not Activate] == [
        a for a in kept if type(a) is not Activate
    ]


def test_an_activation_next_to_an_enemy_is_worth_at_least_the_attack_R22():
    scene = table("D4", "F6").avatar(RED, WARDEN, "c3").avatar(BLUE, ARCHER, "d3")
    scene = scene.activation(RED)
    warden, archer = scene.avatar("c3"), scene.avatar("d3")
    estimates = Estimates(scene.state, RED, WEIGHTS)
    gain = activation_gain(scene.state, Activate(warden.card), WEIGHTS, estimates)
    assert gain >= estimates.attack_value(warden, "melee", archer) > 0.0


def test_a_cap_on_estimated_options_keeps_the_best_of_every_kind_together():
    scene = _warden_between_archer_and_sentinel()
    actions = legal_actions(scene.state)
    estimates = Estimates(scene.state, RED, WEIGHTS)
    kept = Shortlist(estimated=1).of(scene.state, actions, RED, WEIGHTS)
    estimated = [a for a in kept if type(a) in (Move, MeleeAttack)]
    best = max((a for a in actions if type(a) in (Move, MeleeAttack)), key=estimates.gain)
    assert estimated == [best]
    assert PASS in kept
    scene.expect(AvatarActivation)


def test_a_shortlist_without_passing_drops_pass_only_when_something_else_is_offered():
    scene = _warden_between_archer_and_sentinel()
    actions = legal_actions(scene.state)
    kept = Shortlist(passing=False).of(scene.state, actions, RED, WEIGHTS)
    assert PASS not in kept
    assert kept == [a for a in Shortlist().of(scene.state, actions, RED, WEIGHTS) if a != PASS]
    assert Shortlist(passing=False).of(scene.state, [PASS], RED, WEIGHTS) == [PASS]
    scene.expect(AvatarActivation)


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_decisions_the_look_ahead_answers_with_pass_unlisted_list_pass_first(name):
    # The greedy look-ahead answers these for the engine's default without listing
    # them (PASS_FIRST): Pass must be their first option in every game.
    seen = 0
    for seed in range(1, 4):
        game = sample_game(seed, ruleset_name=name)
        for state in replay(game.ruleset, game.decks, game.seed, game.actions).states:
            if isinstance(state.decision, PASS_FIRST):
                assert legal_actions(state)[0] == PASS
                seen += 1
    assert seen or name != "beta-2026-07"


def test_a_reroll_keeps_the_worlds_cards_and_changes_its_dice():
    game = sample_game(2)
    state = replay(game.ruleset, game.decks, game.seed, game.actions[:30]).states[-1]
    player = state.to_decide
    world, seed = determinize(view_for(state, player), player, 5)
    other, _ = reroll(world, seed)
    assert (other.hands, other.decks, other.cards) == (world.hands, world.decks, world.cards)
    assert other.rng != world.rng
    assert legal_actions(other) == legal_actions(world)
    apply(other, legal_actions(other)[0])
