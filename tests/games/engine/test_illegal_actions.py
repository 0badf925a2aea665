"""Bad input anywhere gets a clear IllegalAction and changes nothing."""

import pytest

from games.engine import (
    RULESETS,
    Advance,
    AttackRealmStone,
    Claim,
    IllegalAction,
    KeepAvatar,
    LoseCards,
    MeleeAttack,
    Move,
    Pass,
    PlaceCounter,
    PlaceRealmStone,
    PlayCard,
    RangedAttack,
    RemoveAvatar,
    RemoveCounter,
    RemoveRemains,
    Retreat,
    ReturnCards,
    UseAbility,
    apply,
    legal_actions,
    new_game,
    rng,
)
from games.engine.codec import state_digest
from tests.games.engine.test_game_loop import DECKS

NONSENSE = (
    PlaceRealmStone(-1),
    PlaceCounter(10**6),
    PlaceCounter("E5"),
    Pass(),
    PlayCard(-1),
    PlayCard(0, at=999),
    PlayCard(3, target=77, to=-8),
    RemoveRemains(5),
    Claim(-3),
    AttackRealmStone(0),
    Move(999, 3),
    Move(0, 10**9),
    MeleeAttack(0, 0, 0),
    RangedAttack(0, 0),
    UseAbility(0, 99),
    UseAbility(10**6, 0),
    LoseCards(from_deck=-1),
    LoseCards(hand=(10**6,)),
    RemoveAvatar(3),
    KeepAvatar(3),
    Retreat(0, 999),
    Advance(5),
    RemoveCounter(1000),
    ReturnCards((10**6,)),
    ReturnCards(("kindle",)),
    "pass",
)


def _states():
    state = new_game(RULESETS["beta-2026-07"], DECKS, 11)
    chooser = rng.seed_state(5)
    seen = []
    while state.result is None and len(seen) < 400:
        seen.append(state)
        actions = legal_actions(state)
        index, chooser = rng.below(chooser, len(actions))
        state, _ = apply(state, actions[index])
    return seen[::7]


@pytest.mark.parametrize("state", _states())
def test_nonsense_is_refused_with_a_reason_and_changes_nothing(state):
    before = state_digest(state)
    legal = legal_actions(state)
    for action in NONSENSE:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            apply(state, action)
        assert refused.value.reason
    assert state_digest(state) == before


def test_action_listed_for_another_state_is_checked_in_full():
    from games.engine.decisions import AvatarActivation
    from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder, avatar_card

    builder = ScenarioBuilder().stone(RED, "A5").stone(BLUE, "I5")
    builder.avatar(RED, avatar_card("Runner", movement=3), "c3")
    builder.fill(RED, hand=2, deck=5).fill(BLUE, hand=2, deck=5)
    roomy = builder.activation(RED).do("activate c3").expect(AvatarActivation).state
    f6 = roomy.board.parse_space("f6")
    long_move = next(a for a in legal_actions(roomy) if isinstance(a, Move) and a.to == f6)
    # A Blue Avatar on d4 closes the only three-step road from c3 to f6.
    cramped = builder.avatar(BLUE, avatar_card("Wall", realm="water"), "d4").activation(RED)
    cramped.do("activate c3").expect(AvatarActivation)
    assert long_move not in legal_actions(cramped.state)
    assert "cannot reach f6" in cramped.refused(long_move)
