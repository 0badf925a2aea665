"""The games app's models: matches and their notes (``matches``), simulation jobs and
their chunks (``simulations``), named scenarios (``scenarios``). Imported here, as one
``games.models``, so Django finds them and code names them from one place."""

from games.models.matches import (
    DIGEST_EVERY,
    PLAY_RELATED_FIELDS,
    FirstTurn,
    Match,
    MatchNote,
    MatchQuerySet,
    Mode,
    Status,
    new_invite_token,
)
from games.models.scenarios import SCENARIO_RULESETS, Scenario
from games.models.simulations import (
    GAUNTLET_MAX,
    JOB_OVER,
    KIND_ARMS,
    MAX_GAMES,
    ChunkStatus,
    JobStatus,
    SimulationChunk,
    SimulationJob,
    SimulationJobQuerySet,
    SimulationKind,
)

__all__ = (
    "DIGEST_EVERY",
    "GAUNTLET_MAX",
    "JOB_OVER",
    "KIND_ARMS",
    "MAX_GAMES",
    "PLAY_RELATED_FIELDS",
    "SCENARIO_RULESETS",
    "ChunkStatus",
    "FirstTurn",
    "JobStatus",
    "Match",
    "MatchNote",
    "MatchQuerySet",
    "Mode",
    "Scenario",
    "SimulationChunk",
    "SimulationJob",
    "SimulationJobQuerySet",
    "SimulationKind",
    "Status",
    "new_invite_token",
)
