"""Actions in R2 notation: every legal action is written uniquely and read back."""

from games.engine import apply, legal_actions
from games.engine.client.notation import describe, parse
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder, action_card
from tests.games.engine.cards import ARCHER, FIRE_BLADE, FLAME_SPIRIT, SENTINEL, SPIRIT_WALK


def test_every_legal_action_reads_back_as_itself():
    scene = (
        ScenarioBuilder()
        .stone(RED, "A5")
        .stone(BLUE, "I5")
        .counters(RED, "C3 D3 C4")
        .avatar(RED, ARCHER, "c3")
        .avatar(RED, FLAME_SPIRIT, "E5")
        .avatar(BLUE, SENTINEL, "d5")
        .hand(RED, SPIRIT_WALK, FIRE_BLADE, action_card("Kindle"))
        .fill(RED, deck=5)
        .fill(BLUE, hand=2, deck=5)
        .activation(RED)
    )
    texts = _read_back(scene.state)
    assert {"activate c3", "activate E5", "play spirit-walk on c3 to D4", "pass"} <= texts
    archer = parse(scene.state, "activate c3", legal_actions(scene.state))
    assert {"c3>>d5", "c3-c4xd5", "done"} <= _read_back(apply(scene.state, archer)[0])
    spirit = parse(scene.state, "activate E5", legal_actions(scene.state))
    assert {"E5-E7", "done"} <= _read_back(apply(scene.state, spirit)[0])


def _read_back(state) -> set[str]:
    """Every legal action's text, after checking each is unique and parses back to it."""
    actions = legal_actions(state)
    texts = [describe(state, a) for a in actions]
    assert len(set(texts)) == len(texts)
    for action, text in zip(actions, texts, strict=True):
        assert parse(state, text, actions) == action
    return set(texts)
