"""The bots that play the engine by itself, and the roster that names them.

A bot answers whatever decision is waiting with one of ``legal_actions(state)``, from
its own view of the game (``view_for``) and its own seeded generator. ``self_play``
plays a whole game with one bot per player; ``random_bot``, ``greedy`` (with
``evaluation``) and ``search`` (with ``determinize``) are the bots, weakest first;
``roster`` names them for matches, jobs and benchmarks.
"""

from games.engine.bots.random_bot import RandomBot
from games.engine.bots.self_play import MAX_ACTIONS, Bot, GameStalled, play_game

__all__ = ("MAX_ACTIONS", "Bot", "GameStalled", "RandomBot", "play_game")
