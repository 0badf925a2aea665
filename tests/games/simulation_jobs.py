"""Starting simulation jobs in tests: short games unless a test asks otherwise."""

from __future__ import annotations

from games.models_simulation import SimulationJob
from games.simulations import simulation_create


def simulation_start(owner, deck_a, deck_b, **changes) -> SimulationJob:
    """A job of ``owner``'s, deck A against deck B with random bots: 12 games of at most
    8 turns, seed 7, unless ``changes`` say otherwise."""
    arguments = {
        "owner": owner,
        "deck_a": deck_a,
        "deck_b": deck_b,
        "bot_a": "random",
        "bot_b": "random",
        "ruleset": "beta-2026-07",
        "options": {"max_turns": 8},
        "games": 12,
        "seed": 7,
    }
    return simulation_create(**{**arguments, **changes})
