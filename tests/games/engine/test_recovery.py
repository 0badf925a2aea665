"""Recovery: refreshing Avatars and drawing up to seven (R9, R14)."""

from games.engine import Ruleset
from games.engine.events import Recovered
from games.engine.testing.scenario import BLUE, RED
from tests.games.engine.cards import SENTINEL, WARDEN
from tests.games.engine.tables import bare_table


def _turn_start(ruleset=None):
    """Turn 2 begins with both Avatars spent and both hands short of seven."""
    return (
        bare_table("B5", "H5", ruleset=ruleset)
        .avatar(RED, WARDEN, "c3", exhausted=True, activated=True)
        .avatar(BLUE, SENTINEL, "f6", exhausted=True, activated=True)
        .fill(RED, hand=2, deck=10)
        .fill(BLUE, hand=4, deck=10)
        .turn_start(RED, turn=2)
    )


def test_every_player_refreshes_and_draws_up_to_seven_R9():
    scene = _turn_start()
    assert len(scene.state.hands[RED]) == 7
    assert len(scene.state.hands[BLUE]) == 7
    assert not scene.avatar("c3").exhausted
    assert not scene.avatar("f6").exhausted


def test_turn_player_recovers_first_R9():
    scene = _turn_start()
    recovered = [e.player for e in scene.events if isinstance(e, Recovered)]
    assert recovered == ["Red", "Blue"]


def test_recovery_turn_player_only_option_R9():
    scene = _turn_start(Ruleset(recovery="turn_player"))
    assert len(scene.state.hands[RED]) == 7
    assert len(scene.state.hands[BLUE]) == 4
    assert not scene.avatar("c3").exhausted
    assert scene.avatar("f6").exhausted


def test_every_avatar_may_be_activated_again_each_turn_R14():
    scene = _turn_start(Ruleset(recovery="turn_player"))
    assert not scene.avatar("c3").activated
    assert not scene.avatar("f6").activated


def test_empty_deck_is_rebuilt_from_the_discard_pile_R9():
    scene = (
        bare_table("B5", "H5")
        .fill(RED, hand=1, deck=2, discard=6)
        .fill(BLUE, hand=7)
        .turn_start(RED)
    )
    assert len(scene.state.hands[RED]) == 7
    assert len(scene.state.decks[RED]) == 2
    assert scene.pile(RED, "discard") == []
    assert any(isinstance(e, Recovered) and e.reshuffled for e in scene.events)


def test_player_with_no_deck_and_no_discard_draws_fewer_R9():
    scene = bare_table("B5", "H5").fill(RED, hand=1, deck=2).fill(BLUE, hand=7).turn_start(RED)
    assert len(scene.state.hands[RED]) == 3
    assert scene.state.result is None
