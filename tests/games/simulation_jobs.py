"""Starting simulation jobs in tests: short games unless a test asks otherwise."""

from __future__ import annotations

import pytest

from games.models.simulations import SimulationJob, SimulationKind
from games.simulations.services import SimulationError, chunk_run, simulation_create


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


def simulation_refused(owner, deck_a, deck_b, reason: str, **changes) -> None:
    """``simulation_start`` with ``changes`` is refused with ``reason`` (a regular
    expression) and stores no job."""
    before = SimulationJob.objects.count()
    with pytest.raises(SimulationError, match=reason):
        simulation_start(owner, deck_a, deck_b, **changes)
    assert SimulationJob.objects.count() == before


def rule_ab(owner, deck_a, deck_b, **changes) -> SimulationJob:
    """A rule A/B job: beta-2025 in arm A against beta-2026-07 in arm B."""
    return simulation_start(
        owner,
        deck_a,
        deck_b,
        ruleset="beta-2025",
        kind=SimulationKind.RULE_AB,
        parameters={"ruleset_b": "beta-2026-07"},
        **changes,
    )


def gauntlet(owner, deck_a, deck_b, decks=(), opponents=(), **changes) -> SimulationJob:
    """A gauntlet job: deck A and ``decks`` each against deck B and ``opponents``."""
    parameters = {
        "decks": [deck.pk for deck in decks],
        "opponents": [deck.pk for deck in opponents],
    }
    return simulation_start(
        owner, deck_a, deck_b, kind=SimulationKind.GAUNTLET, parameters=parameters, **changes
    )


def run_arm(job: SimulationJob, arm: int) -> None:
    """Play every chunk of ``job``'s arm ``arm`` here, as a worker would; ``job`` read
    again after."""
    for pk in job.chunks.filter(arm=arm).values_list("pk", flat=True):
        chunk_run(pk)
    job.refresh_from_db()
