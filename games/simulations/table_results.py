"""What a table job's results page shows (three to six seats): each deck's win rate
against the fair share, win rate by seat, finishing places, endings, card tables, and
for a paired kind each arm side by side with each deck's paired shift."""

from __future__ import annotations

from itertools import islice
from typing import Any

from django.utils.safestring import mark_safe

from cards.models import CardKind
from games.engine import player_name
from games.models.simulations import ChunkStatus, SimulationJob
from games.simulations.card_table import (
    COLUMNS,
    CardQuery,
    CardTable,
    card_kinds,
    card_rows,
    kind_label,
)
from games.simulations.charts import (
    difference_svg,
    length_histogram_svg,
    places_svg,
    win_rate_svg,
)
from games.simulations.confidence import too_few_to_tell
from games.simulations.figure_words import percent
from games.simulations.kinds import arm_labels
from games.simulations.services import job_arm_figures, job_shifts
from games.simulations.table_figures import TableFigures
from games.simulations.tables import TableSummary

# How many of a table job's first games its page lists.
SAMPLE_GAMES = 10


def deck_labels(job: SimulationJob) -> list[str]:
    """Each deck's name with its number and first seat ("1. Ember (Red)"), so two seats
    playing one deck stay apart."""
    return [f"{index + 1}. {name} ({player_name(index)})" for index, name in enumerate(job.names)]


def table_results(job: SimulationJob, params: Any) -> dict[str, Any]:
    """The results part's context for a table job (nothing before its first game)."""
    arms = job_arm_figures(job)
    if not any(figures.games for figures in arms):
        return {}
    labels = deck_labels(job)
    first: TableFigures = arms[0]
    context: dict[str, Any] = {
        "table": first,
        "deck_rows": _deck_rows(labels, first),
        "seat_rows": [
            (f"Seat {seat + 1} ({player_name(seat)})", rate)
            for seat, rate in enumerate(first.by_seat)
        ],
        "place_numbers": list(range(1, job.seats + 1)),
        "fair_words": percent(first.fair, 0),
        "endings": [(ending.replace("_", " "), count) for ending, count in first.endings],
        "table_samples": _samples(job, labels),
    }
    charts = [
        win_rate_svg(
            list(zip(labels, first.win_rates, strict=True)),
            title="Win rate of each deck",
            fair=first.fair,
        ),
        win_rate_svg(
            [*context["seat_rows"], ("Whoever went first", first.first_player)],
            title="Win rate by seat",
            fair=first.fair,
        ),
        places_svg(list(zip(labels, first.places, strict=True)), title="Finishing places"),
        length_histogram_svg(first.turns, title="Game length (turns)"),
    ]
    if job.is_paired:
        names = arm_labels(job.kind, job.parameters, job.ruleset)
        shifts = job_shifts(job)
        context["table_arms"] = list(zip(names, arms, strict=True))
        context["table_arm_rows"] = [
            (label, [figures.win_rates[deck] for figures in arms])
            for deck, label in enumerate(labels)
        ]
        context["table_shifts"] = [
            (label, shift, too_few_to_tell(shift))
            for label, shift in zip(labels, shifts, strict=True)
        ]
        charts.insert(
            0,
            difference_svg(
                list(zip(labels, shifts, strict=True)),
                title=f"Paired shift of each deck's win rate ({names[0]} to {names[1]})",
            ),
        )
    else:
        # The card tables give each card's improvement: a chart of every card of every
        # deck would make a table's page several screens longer.
        context.update(_card_tables(job, labels, first, params))
    context["charts"] = [mark_safe(chart) for chart in charts]  # escaped by the charts
    return context


def _deck_rows(labels: list[str], figures: TableFigures) -> list[tuple[str, Any, int, tuple]]:
    """(deck, win rate, wins, games per place) of each deck."""
    return [
        (label, rate, wins, places)
        for label, rate, wins, places in zip(
            labels, figures.win_rates, figures.wins, figures.places, strict=True
        )
    ]


def _card_tables(
    job: SimulationJob, labels: list[str], figures: TableFigures, params: Any
) -> dict[str, Any]:
    """Each deck's card table, sorted and filtered as ``params`` ask (as a two-deck
    job's, without the links to samples of games)."""
    kinds = [card_kinds(deck) for deck in job.decks]
    present = {kind for deck in kinds for kind in deck.values()}
    offered = [(kind, kind_label(kind)) for kind in CardKind.values if kind in present]
    query = CardQuery.of(params, [kind for kind, _ in offered])
    tables = [
        CardTable(
            deck=str(index), name=label, rows=card_rows(cards, deck_kinds, query), total=len(cards)
        )
        for index, (label, cards, deck_kinds) in enumerate(
            zip(labels, figures.cards, kinds, strict=True)
        )
        if cards
    ]
    columns = [
        (column, heading, query.sort_link(column), query.aria_sort(column))
        for column, heading in COLUMNS.items()
    ]
    return {
        "card_tables": tables,
        "card_query": query,
        "card_kinds": offered,
        "card_columns": columns,
    }


def _samples(
    job: SimulationJob, labels: list[str]
) -> list[tuple[int, TableSummary, str, str, str]]:
    """The first games of the first arm: (game, summary, who went first, who won, how it
    ended)."""
    chunk = job.chunks.filter(index=0, arm=0, status=ChunkStatus.DONE).first()
    if chunk is None:
        return []
    rows = []
    for index, data in enumerate(islice(chunk.summaries, SAMPLE_GAMES)):
        summary = TableSummary.from_json(data)
        won = ", ".join(labels[deck] for deck in summary.winners) or "draw"
        rows.append((index, summary, labels[summary.first], won, summary.ending.replace("_", " ")))
    return rows
