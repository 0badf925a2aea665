"""Winning: out of cards (R25) and the turn limit (R26)."""

import pytest

from games.engine import Ruleset
from games.engine.testing.scenario import BLUE, RED, action_card
from tests.games.engine.cards import WARDEN
from tests.games.engine.tables import bare_table

DRAIN = action_card("Drain", {"verb": "opponent_loses_cards", "count": 2})


def test_player_without_cards_is_out_and_the_other_wins_R25():
    builder = bare_table().hand(RED, DRAIN)
    scene = builder.fill(RED, deck=3).fill(BLUE, deck=2).activation(RED).do("play drain")
    assert scene.state.result.winner == RED
    assert scene.state.result.reason == "out_of_cards"
    assert scene.log()[-1] == "Red wins (out_of_cards)"


def test_avatars_in_play_do_not_keep_a_player_in_R25():
    builder = bare_table().hand(RED, WARDEN)
    scene = builder.fill(BLUE, deck=3).activation(RED).do("play ember-warden at c3")
    assert scene.state.result.winner == BLUE


def test_players_going_out_together_draw_R25():
    scene = bare_table().activation(RED)
    assert scene.state.result.winner is None
    assert scene.log()[-1] == "The game is a draw (out_of_cards)"


@pytest.mark.parametrize(("max_turns", "over"), [(5, True), (6, False)])
def test_turn_limit_ends_the_game_after_max_turns_R26(max_turns, over):
    builder = bare_table(ruleset=Ruleset(max_turns=max_turns))
    scene = builder.fill(RED, hand=7, deck=5).fill(BLUE, hand=7, deck=3).activation(RED, turn=5)
    scene.do("pass", "pass")
    assert (scene.state.result is not None) is over
    if over:
        assert scene.state.result.winner == RED  # 12 cards against 10
        assert scene.state.result.reason == "adjudicated"


def test_turn_limit_with_equal_cards_is_a_draw_R26():
    builder = bare_table(ruleset=Ruleset(max_turns=1))
    scene = builder.fill(RED, hand=7, deck=3).fill(BLUE, hand=7, deck=3).activation(RED)
    scene.do("pass", "pass")
    assert scene.state.result.winner is None
    assert scene.state.result.reason == "adjudicated"


def test_last_card_being_resolved_still_counts_R25():
    kindle = action_card("Kindle", {"verb": "draw_cards", "count": 1})
    builder = bare_table().hand(RED, kindle)
    scene = builder.fill(BLUE, deck=3).activation(RED).do("play kindle")
    assert scene.state.result is None
    assert scene.pile(RED, "discard") == ["kindle"]


def test_card_resolving_when_the_game_ends_goes_to_the_discard_pile():
    builder = bare_table().hand(RED, DRAIN)
    scene = builder.fill(BLUE, deck=2).activation(RED).do("play drain")
    assert scene.state.result.winner == RED
    assert scene.pile(RED, "discard") == ["drain"]
