"""A simulation's results as files: every game as a CSV row, every card's figures as a
CSV row, and the whole job (settings, figures, games) as one JSON document; each row
says which arm of the job it belongs to (a paired job's base or variant, a gauntlet's
pairing), so nothing of a job with several arms is left out.

Rows are read a chunk at a time and written as they come, so a 100,000-game job
streams out without being held in memory.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from games.models_simulation import ChunkStatus, SimulationJob
from games.simulation_figures import Figures, card_json

# "arm": 0 for a matchup or a paired job's base, 1 for its variant (rule A/B, card
# impact, errata), a gauntlet's pairing row by row (games.simulation_kinds.job_arms).
GAME_COLUMNS = ("game", "arm", "seed", "swapped", "winner", "first", "turns", "actions", "ending")
CARD_FIGURES = ("opening_hand", "drawn", "not_drawn", "improvement", "played")
ESTIMATE_ENDS = ("value", "low", "high", "count")
CARD_COLUMNS = (
    "arm",
    "deck",
    "card",
    "games",
    *(f"{figure}_{end}" for figure in CARD_FIGURES for end in ESTIMATE_ENDS),
)


def game_rows(job: SimulationJob) -> Iterator[dict[str, Any]]:
    """Every stored game of the job, arm by arm in game order, without its card sightings."""
    chunks = (
        job.chunks.filter(status=ChunkStatus.DONE)
        .order_by("arm", "index")
        .values_list("arm", "first_game", "summaries")
    )
    for arm, first, summaries in chunks.iterator(chunk_size=4):
        for offset, summary in enumerate(summaries):
            yield {"game": first + offset, "arm": arm, **{c: summary[c] for c in GAME_COLUMNS[2:]}}


def card_rows(arms: Sequence[Figures]) -> Iterator[dict[str, Any]]:
    """Each card's figures in each arm (``arms``: each arm's figures in arm order), deck
    A's cards then deck B's, one flat row each."""
    for arm, figures in enumerate(arms):
        for deck, cards in zip(("A", "B"), figures.cards, strict=True):
            for card in cards:
                data = card_json(card)
                row = {"arm": arm, "deck": deck, "card": card.name, "games": card.games}
                for figure in CARD_FIGURES:
                    for end in ESTIMATE_ENDS:
                        row[f"{figure}_{end}"] = data[figure][end]
                yield row


def csv_lines(columns: Iterable[str], rows: Iterable[Mapping[str, Any]]) -> Iterator[str]:
    """The header line, then one CSV line per row (for a streaming response)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(columns), lineterminator="\n")
    writer.writeheader()
    yield _taken(buffer)
    for row in rows:
        writer.writerow(row)
        yield _taken(buffer)


def _taken(buffer: io.StringIO) -> str:
    text = buffer.getvalue()
    buffer.seek(0)
    buffer.truncate()
    return text
