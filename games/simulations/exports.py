"""A simulation's results as files: every game as a CSV row, every card of every game
as a CSV row (in the opening hand, drawn, played), every card's figures as a CSV row,
and the whole job (settings, figures, games with their cards) as one JSON document;
each row says which arm of the job it belongs to (a paired job's base or variant, a
gauntlet's pairing), so nothing of a job with several arms is left out.

The per-game card rows are what the 17lands-style card figures are counted from
(``games.simulations.figures.Tally``), so the figures can be recomputed from an
export alone.

Rows are read a chunk at a time and written as they come, so a 100,000-game job
streams out without being held in memory.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from games.models.simulations import ChunkStatus, SimulationJob
from games.simulations.figures import CardFigures, Figures, card_json
from games.simulations.games import DECKS

# "arm": 0 for a matchup or a paired job's base, 1 for its variant (rule A/B, card
# impact, errata), a gauntlet's pairing row by row (games.simulations.kinds.job_arms).
GAME_COLUMNS = ("game", "arm", "seed", "swapped", "winner", "first", "turns", "actions", "ending")
# One card of one deck in one game: the sightings the card figures are counted from.
SIGHTING_COLUMNS = ("opening_hand", "drawn", "played")
GAME_CARD_COLUMNS = ("game", "arm", "deck", "card", *SIGHTING_COLUMNS)
CARD_FIGURES = ("opening_hand", "drawn", "not_drawn", "improvement", "played")
ESTIMATE_ENDS = ("value", "low", "high", "count")
CARD_COLUMNS = (
    "arm",
    "deck",
    "card",
    "games",
    *(f"{figure}_{end}" for figure in CARD_FIGURES for end in ESTIMATE_ENDS),
)


def game_rows(job: SimulationJob, *, cards: bool = False) -> Iterator[dict[str, Any]]:
    """Every stored game of the job, arm by arm in game order; with ``cards``, each with
    its decks' cards: ``{"a": [[card, opening_hand, drawn, played], ...], "b": ...}``
    (:data:`SIGHTING_COLUMNS` after the name, one row per distinct card, by name)."""
    for arm, game, summary in summaries_of(job):
        row = {"game": game, "arm": arm, **{c: summary[c] for c in GAME_COLUMNS[2:]}}
        if cards:
            row["cards"] = dict(zip(DECKS, summary["cards"], strict=True))
        yield row


def game_card_rows(job: SimulationJob) -> Iterator[dict[str, Any]]:
    """Every card of each deck in every stored game: one flat row each, arm by arm in
    game order, deck A's cards then deck B's."""
    for arm, game, summary in summaries_of(job):
        for deck, sightings in zip(("A", "B"), summary["cards"], strict=True):
            for name, *seen in sightings:
                row = {"game": game, "arm": arm, "deck": deck, "card": name}
                yield row | dict(zip(SIGHTING_COLUMNS, seen, strict=True))


def summaries_of(job: SimulationJob) -> Iterator[tuple[int, int, dict[str, Any]]]:
    """(arm, game number, stored summary JSON) of every stored game, a chunk at a time."""
    chunks = (
        job.chunks.filter(status=ChunkStatus.DONE)
        .order_by("arm", "index")
        .values_list("arm", "first_game", "summaries")
    )
    for arm, first, summaries in chunks.iterator(chunk_size=4):
        for offset, summary in enumerate(summaries):
            yield arm, first + offset, summary


def card_rows(arms: Sequence[Figures]) -> Iterator[dict[str, Any]]:
    """Each card's figures in each arm (``arms``: each arm's figures in arm order), deck
    A's cards then deck B's, one flat row each."""
    for arm, figures in enumerate(arms):
        for deck, cards in zip(("A", "B"), figures.cards, strict=True):
            for card in cards:
                yield card_figure_row(arm, deck, card)


def card_figure_row(arm: int, deck: Any, card: CardFigures) -> dict[str, Any]:
    """One card's figures as a flat row of :data:`CARD_COLUMNS`."""
    data = card_json(card)
    row = {"arm": arm, "deck": deck, "card": card.name, "games": card.games}
    for figure in CARD_FIGURES:
        for end in ESTIMATE_ENDS:
            row[f"{figure}_{end}"] = data[figure][end]
    return row


def json_document_lines(head: Mapping[str, Any], key: str, rows: Iterable[Any]) -> Iterator[str]:
    """``head`` with ``key`` holding ``rows`` as one JSON document, written a row at a
    time (for a streaming response): the document ``{**head, key: list(rows)}`` is."""
    opening = json.dumps(dict(head), allow_nan=False)
    yield f"{opening[:-1]}, {json.dumps(key)}: [" if head else f"{{{json.dumps(key)}: ["
    for index, row in enumerate(rows):
        yield ("," if index else "") + json.dumps(row, allow_nan=False)
    yield "]}"


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
