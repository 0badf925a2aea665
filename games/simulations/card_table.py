"""The per-card table of a simulation's results, read like 17lands': sorted by any figure,
filtered by card name and kind, each figure leading to a sample of the games it counts.

The page asks with plain GET parameters (``sort``, ``name``, ``kind``), so a sorted,
filtered table is a link to share and works without a script; htmx only swaps the
tables in place. A figure's games are found by reading the job's stored games chunk
by chunk, in game order, until the sample is full.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from cards.models import CardKind
from games.models.simulations import ChunkStatus, SimulationChunk, SimulationJob
from games.simulations.confidence import Estimate
from games.simulations.figures import CardFigures
from games.simulations.games import DECKS, CardSighting, GameSummary

# Each column a table sorts by: its parameter and its heading.
COLUMNS = {
    "name": "Card",
    "opening_hand": "Opening hand",
    "drawn": "Drawn",
    "not_drawn": "Never drawn",
    "improvement": "Improvement when drawn",
    "played": "Played",
}
FIGURES = tuple(column for column in COLUMNS if column != "name")
# The games each figure counts, as a sample page says them.
COUNTED_WORDS = {
    "opening_hand": "in the opening hand",
    "drawn": "drawn at some point",
    "not_drawn": "never drawn",
    "improvement": "drawn or not (the improvement compares the two)",
    "played": "played",
}
# How long a name filter may be: longer than any card name.
NAME_LENGTH = 100
# Games a figure's sample lists.
SAMPLE_GAMES = 20


@dataclass(frozen=True)
class CardQuery:
    """How the tables are sorted and filtered: ``sort`` a column of COLUMNS (a figure's
    descending puts the highest first), ``name`` a part of a card's name (any case),
    ``kind`` a card kind's value ("" for any)."""

    sort: str = "name"
    descending: bool = False
    name: str = ""
    kind: str = ""

    @classmethod
    def of(cls, params: Mapping[str, str], kinds: Sequence[str] = ()) -> CardQuery:
        """The query of a request's parameters; anything unknown is left out (the
        table as it comes: by name, every card)."""
        sort = str(params.get("sort", ""))
        key = sort.removeprefix("-")
        kind = str(params.get("kind", ""))
        return cls(
            sort=key if key in COLUMNS else "name",
            descending=key in COLUMNS and sort.startswith("-"),
            name=" ".join(str(params.get("name", "")).split())[:NAME_LENGTH],
            kind=kind if kind in kinds else "",
        )

    @property
    def sort_value(self) -> str:
        """The ``sort`` parameter that asks for this order ("-drawn")."""
        return f"-{self.sort}" if self.descending else self.sort

    def sort_link(self, column: str) -> str:
        """The ``sort`` a column heading's link asks: the other way round when the table
        is sorted by it already; else a figure highest first, names from A."""
        if column == self.sort:
            return column if self.descending else f"-{column}"
        return column if column == "name" else f"-{column}"

    def aria_sort(self, column: str) -> str:
        """The heading's ``aria-sort`` ("" when the table is not sorted by it)."""
        if column != self.sort:
            return ""
        return "descending" if self.descending else "ascending"


@dataclass(frozen=True)
class CardRow:
    """A card of a table with its kind's value ("" when the deck data has none)."""

    card: CardFigures
    kind: str

    @property
    def kind_label(self) -> str:
        return kind_label(self.kind)

    @property
    def figures(self) -> list[tuple[str, Estimate]]:
        """(column, estimate) of each figure, in the table's order."""
        return [(column, getattr(self.card, column)) for column in FIGURES]


def card_rows(
    cards: Sequence[CardFigures], kinds: Mapping[str, str], query: CardQuery
) -> list[CardRow]:
    """The cards the query keeps, in its order. A figure measured in no game ("no
    games") comes last whichever way the table is sorted; ties go by name."""
    rows = [CardRow(card, kinds.get(card.name, "")) for card in cards]
    if query.name:
        wanted = query.name.casefold()
        rows = [row for row in rows if wanted in row.card.name.casefold()]
    if query.kind:
        rows = [row for row in rows if row.kind == query.kind]
    rows.sort(key=lambda row: row.card.name.casefold())
    if query.sort == "name":
        return rows[::-1] if query.descending else rows
    measured = [row for row in rows if getattr(row.card, query.sort).count]
    # A stable sort keeps the names' order among equal figures, whichever way it runs.
    measured.sort(
        key=lambda row: getattr(row.card, query.sort).value * (-1 if query.descending else 1)
    )
    return measured + [row for row in rows if not getattr(row.card, query.sort).count]


def card_kinds(deck: Mapping[str, object]) -> dict[str, str]:
    """Each card name of engine deck data with its kind's value."""
    cards: Sequence[Mapping[str, object]] = deck["cards"]  # type: ignore[assignment]
    return {str(card["name"]): str(card.get("kind", "")) for card in cards}


def counts_in(figure: str, sighting: CardSighting) -> bool:
    """Whether a game in which the card was ``sighting`` is one ``figure`` counts (for
    "played", one where it was played: the share's games played)."""
    if figure == "opening_hand":
        return sighting.in_opening_hand
    if figure == "drawn":
        return sighting.drawn
    if figure == "not_drawn":
        return not sighting.drawn
    if figure == "played":
        return sighting.played
    return True


@dataclass(frozen=True)
class CountedGame:
    """A game a figure counts: its number in the job (what a replay asks), its summary
    and what became of the card in it."""

    index: int
    summary: GameSummary
    sighting: CardSighting


def counted_games(
    job: SimulationJob,
    *,
    deck: str,
    card: str,
    figure: str,
    limit: int = SAMPLE_GAMES,
    arm: int = 0,
) -> list[CountedGame]:
    """The first ``limit`` games of the job's arm in which ``deck``'s (``"a"``/``"b"``)
    ``card`` was a game ``figure`` counts, in game order; chunks are read one at a time
    and no more of them than the sample needs."""
    side = DECKS.index(deck)
    found: list[CountedGame] = []
    for index, summary in _stored_games(job, arm):
        sighting = next((s for s in summary.cards[side] if s.name == card), None)
        if sighting is not None and counts_in(figure, sighting):
            found.append(CountedGame(index, summary, sighting))
            if len(found) == limit:
                break
    return found


def _stored_games(job: SimulationJob, arm: int) -> Iterator[tuple[int, GameSummary]]:
    """(game number, summary) of every stored game of the arm, in game order."""
    chunks = job.chunks.filter(arm=arm, status=ChunkStatus.DONE).order_by("first_game")
    for pk, first in chunks.values_list("pk", "first_game"):
        # One chunk's games at a time: a sample found early reads no more of them.
        summaries = SimulationChunk.objects.values_list("summaries", flat=True).get(pk=pk)
        for offset, data in enumerate(summaries):
            yield first + offset, GameSummary.from_json(data)


@dataclass(frozen=True)
class CardTable:
    """One deck's table: ``deck`` "a" or "b", its name, the rows the query keeps and how
    many cards the deck has in all."""

    deck: str
    name: str
    rows: list[CardRow]
    total: int


def kind_label(kind: str) -> str:
    """A card kind's value in words ("remains": "Remains in Play")."""
    return CardKind(kind).label if kind in CardKind.values else kind
