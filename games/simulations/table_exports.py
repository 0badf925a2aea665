"""A table job's results as files (three to six seats), as ``games.simulations.exports``
writes a two-deck job's: every game as a CSV row, every card of every game, every
card's figures, and the games for the JSON document.

Decks are numbered from 1 in the job's order (deck 1 sits in seat 1 in game 0), as the
results page numbers them; a game's ``places`` and ``points`` list every deck's in that
order, space-separated (points in ``POINTS`` ths of a win).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from games.models.simulations import SimulationJob
from games.simulations.exports import SIGHTING_COLUMNS, card_figure_row, summaries_of
from games.simulations.table_figures import TableFigures

TABLE_GAME_COLUMNS = (
    "game",
    "arm",
    "seed",
    "rotation",
    "first",
    "winners",
    "places",
    "points",
    "out",
    "turns",
    "actions",
    "ending",
)


def _numbers(decks: Sequence[int]) -> str:
    """Deck indexes as the decks' numbers from 1, space-separated."""
    return " ".join(str(deck + 1) for deck in decks)


def table_game_rows(job: SimulationJob, *, cards: bool = False) -> Iterator[dict[str, Any]]:
    """Every stored game of the table job, arm by arm in game order (one CSV row each);
    with ``cards``, each as stored (decks by index from 0) with its arm and number, for
    the JSON document."""
    for arm, game, summary in summaries_of(job):
        if cards:
            yield {"game": game, "arm": arm, **summary}
            continue
        yield {
            "game": game,
            "arm": arm,
            "seed": summary["seed"],
            "rotation": summary["rotation"],
            "first": summary["first"] + 1,
            "winners": _numbers(summary["winners"]),
            "places": " ".join(map(str, summary["places"])),
            "points": " ".join(map(str, summary["points"])),
            "out": _numbers(summary["out"]),
            "turns": summary["turns"],
            "actions": summary["actions"],
            "ending": summary["ending"],
        }


def table_game_card_rows(job: SimulationJob) -> Iterator[dict[str, Any]]:
    """Every card of each deck in every stored game: one flat row each, deck by deck."""
    for arm, game, summary in summaries_of(job):
        for deck, sightings in enumerate(summary["cards"], start=1):
            for name, *seen in sightings:
                row = {"game": game, "arm": arm, "deck": deck, "card": name}
                yield row | dict(zip(SIGHTING_COLUMNS, seen, strict=True))


def table_card_rows(arms: Sequence[TableFigures]) -> Iterator[dict[str, Any]]:
    """Each card's figures in each arm, deck by deck (numbered from 1)."""
    for arm, figures in enumerate(arms):
        for deck, cards in enumerate(figures.cards, start=1):
            for card in cards:
                yield card_figure_row(arm, deck, card)
