"""The random bot: any legal action, each equally likely.

Its randomness comes from the engine's own generator (``games.engine.rng``), never the
``random`` module, so a bot seeded the same plays the same game on any Python version.
"""

from __future__ import annotations

from games.engine import rng
from games.engine.actions import Action
from games.engine.bots.self_play import GameStalled
from games.engine.game import legal_actions
from games.engine.state import GameState


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = rng.seed_state(seed)

    def choose(self, state: GameState) -> Action:
        """One of ``legal_actions(state)``, each equally likely."""
        actions = legal_actions(state)
        if not actions:
            raise GameStalled(f"no legal action for the waiting decision {state.decision!r}")
        index, self._rng = rng.below(self._rng, len(actions))
        return actions[index]
