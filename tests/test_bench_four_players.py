"""bench/bots.py's four-player rung: the upper bot plays each seat in turn against three
others, scored by its share of a win."""

from bench.bots import play_four


def test_the_upper_bot_plays_each_seat_of_a_four_player_game_in_turn():
    games = [play_four(("beta-2026-07", "random", "random", index)) for index in range(4)]
    assert [game.index for game in games] == [0, 1, 2, 3]
    assert all(0.0 <= game.score <= 1.0 for game in games)
    assert all(game.decisions_ms and game.lower_decisions_ms for game in games)
