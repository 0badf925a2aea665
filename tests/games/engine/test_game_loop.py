"""A whole game runs from set-up to a result by random legal play."""

from games.engine import (
    RULESETS,
    DeckList,
    IllegalAction,
    apply,
    is_over,
    legal_actions,
    new_game,
    rng,
)
from games.engine.testing.scenario import (
    action_card,
    avatar_card,
    item_card,
    remains_card,
)

FIRE = (
    avatar_card("Ember Warden", 3, 2, 0, 2, cost=2),
    avatar_card("Ash Archer", 1, 1, 2, 2, cost=2),
    avatar_card("Flame Spirit", 2, 1, 0, 2, cost=2, spirit=True),
    item_card("Fire Blade", cost=1, melee=1),
    action_card("Kindle", {"verb": "draw_cards", "count": 1}, cost=1),
    action_card("Rage", {"verb": "extra_dice", "count": 2}, cost=1, timing="in_combat"),
    remains_card("Spirit Walk", {"verb": "walk_spirit_path", "target": "self"}, cost=1),
    action_card("Ember Seed", {"verb": "place_counters", "count": 2}, cost=2),
    action_card("Scorch", {"verb": "remove_counters", "count": 2, "range": 1}, cost=2),
    action_card("Drain", {"verb": "opponent_loses_cards", "count": 1}, cost=1, realm="water"),
)
WATER = (
    avatar_card("Tide Sentinel", 2, 3, 1, 2, cost=2, realm="water"),
    avatar_card("Wave Spirit", 1, 1, 0, 2, cost=1, realm="water", spirit=True),
    item_card("Coral Shield", cost=1, realm="water", defense=1),
    remains_card("Surface", {"verb": "leave_spirit_path", "target": "self"}, realm="water"),
    action_card(
        "Calm",
        {"verb": "exhaust_avatar", "target": "any_avatar"},
        cost=1,
        realm="water",
        target="any_avatar",
    ),
    action_card("Recall", {"verb": "gain_cards_back", "count": 2}, cost=1, realm="water"),
)


def forty(cards):
    return tuple(cards[i % len(cards)] for i in range(40))


DECKS = [DeckList("fire", forty(FIRE)), DeckList("water", forty(WATER))]


def play_randomly(seed):
    state = new_game(RULESETS["beta-2026-07"], DECKS, seed)
    chooser = rng.seed_state(seed)
    steps = 0
    while not is_over(state):
        actions = legal_actions(state)
        assert actions, f"no legal action for {state.decision!r}"
        index, chooser = rng.below(chooser, len(actions))
        before = state
        state, events = apply(state, actions[index])
        assert before is not state
        for event in events:
            assert event.log_line()
        steps += 1
    return state, steps


def test_random_games_reach_a_result():
    for seed in range(3):
        state, steps = play_randomly(seed)
        assert state.result is not None
        assert steps > 20
        assert legal_actions(state) == []


def test_same_seed_same_game():
    assert play_randomly(7) == play_randomly(7)


def test_apply_after_the_end_is_refused():
    state, _ = play_randomly(1)
    try:
        apply(state, legal_actions(new_game(RULESETS["beta-2026-07"], DECKS, 1))[0])
    except IllegalAction as error:
        assert "over" in error.reason
    else:
        raise AssertionError("accepted an action after the end")
