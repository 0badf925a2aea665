"""What many table games (three to six seats) show: each deck's win rate against the
fair share, win rate by seat, finishing places, endings, length and per-card figures.

As for two decks (``games.simulations.figures``), games are counted into a
:class:`TableTally` of whole numbers (points in ``POINTS`` ths of a win), mergeable
with ``+`` and stored as JSON, and :func:`table_figures` turns it into the
:class:`TableFigures` a results page and the API show. A fair deck's win rate is
``1 / sides`` (the players, or the teams): a deck's interval that leaves that line
says the deck is stronger, or weaker, than the table.

Plain Python with no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    paired_table,
    wilson_interval,
)
from games.simulations.figures import (
    CardCounts,
    CardFigures,
    Tally,
    card_figures,
    card_json,
    card_rows,
    count_sightings,
    count_values,
    estimate_json,
    median_of,
    merged_counts,
)
from games.simulations.tables import POINTS, TableSummary


def _added(first: tuple[int, ...], second: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip_longest(first, second, fillvalue=0))


@dataclass(frozen=True, slots=True)
class TableTally:
    """Counts over some games of one table. Per deck (the job's order): ``points``
    (POINTS ths of a win), ``wins``, ``places`` (games finished in each place, first
    place first); per seat ``seat_points``; ``first_points`` the points of whoever took
    turn 1; ``draws`` games nobody won. ``sides`` the table's sides (players, or teams).
    """

    games: int = 0
    sides: int = 0
    points: tuple[int, ...] = ()
    wins: tuple[int, ...] = ()
    draws: int = 0
    seat_points: tuple[int, ...] = ()
    first_points: int = 0
    places: tuple[tuple[int, ...], ...] = ()
    actions: int = 0
    turns: tuple[tuple[int, int], ...] = ()
    endings: tuple[tuple[str, int], ...] = ()
    cards: tuple[tuple[tuple[str, CardCounts], ...], ...] = ()

    @classmethod
    def of(cls, summaries: Iterable[TableSummary], sides: int) -> TableTally:
        """The tally of ``summaries``, games of a table of ``sides`` sides."""
        tally = cls(sides=sides)
        games = list(summaries)
        if not games:
            return tally
        decks = len(games[0].places)
        points, wins, seat_points = [0] * decks, [0] * decks, [0] * decks
        places = [[0] * decks for _ in range(decks)]
        cards: list[dict[str, list[int]]] = [{} for _ in range(decks)]
        turns: Counter[int] = Counter()
        endings: Counter[str] = Counter()
        draws = first_points = actions = 0
        for game in games:
            draws += not game.winners
            first_points += game.points[game.first]
            actions += game.actions
            turns[game.turns] += 1
            endings[game.ending] += 1
            for deck in range(decks):
                points[deck] += game.points[deck]
                wins[deck] += deck in game.winners
                seat_points[game.seat_of(deck)] += game.points[deck]
                places[deck][game.places[deck] - 1] += 1
                count_sightings(cards[deck], game.cards[deck], game.points[deck])
        return cls(
            games=len(games),
            sides=sides,
            points=tuple(points),
            wins=tuple(wins),
            draws=draws,
            seat_points=tuple(seat_points),
            first_points=first_points,
            places=tuple(tuple(row) for row in places),
            actions=actions,
            turns=tuple(sorted(turns.items())),
            endings=tuple(sorted(endings.items())),
            cards=tuple(card_rows(counts) for counts in cards),
        )

    def __add__(self, other: TableTally) -> TableTally:
        """Both tallies' games together (chunks of one job, in any order)."""
        return TableTally(
            games=self.games + other.games,
            sides=max(self.sides, other.sides),
            points=_added(self.points, other.points),
            wins=_added(self.wins, other.wins),
            draws=self.draws + other.draws,
            seat_points=_added(self.seat_points, other.seat_points),
            first_points=self.first_points + other.first_points,
            places=tuple(
                _added(mine, theirs)
                for mine, theirs in zip_longest(self.places, other.places, fillvalue=())
            ),
            actions=self.actions + other.actions,
            turns=merged_counts(self.turns, other.turns),
            endings=merged_counts(self.endings, other.endings),
            cards=tuple(
                merged_counts(mine, theirs)
                for mine, theirs in zip_longest(self.cards, other.cards, fillvalue=())
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (card counts as rows in CardCounts field order), marked
        ``"table": true`` so a reader tells it from a two-deck tally."""
        return {
            "table": True,
            "games": self.games,
            "sides": self.sides,
            "points": list(self.points),
            "wins": list(self.wins),
            "draws": self.draws,
            "seat_points": list(self.seat_points),
            "first_points": self.first_points,
            "places": [list(row) for row in self.places],
            "actions": self.actions,
            "turns": [list(pair) for pair in self.turns],
            "endings": [list(pair) for pair in self.endings],
            "cards": [
                [[name, *count_values(counts)] for name, counts in deck] for deck in self.cards
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableTally:
        """The tally ``to_json`` gave; raises ValueError for anything else."""
        try:
            return cls(
                games=int(data["games"]),
                sides=int(data["sides"]),
                points=tuple(map(int, data["points"])),
                wins=tuple(map(int, data["wins"])),
                draws=int(data["draws"]),
                seat_points=tuple(map(int, data["seat_points"])),
                first_points=int(data["first_points"]),
                places=tuple(tuple(map(int, row)) for row in data["places"]),
                actions=int(data["actions"]),
                turns=tuple((int(t), int(n)) for t, n in data["turns"]),
                endings=tuple((str(e), int(n)) for e, n in data["endings"]),
                cards=tuple(
                    tuple((str(name), CardCounts(*map(int, row))) for name, *row in deck)
                    for deck in data["cards"]
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a table tally: {error!r}") from None


def tally_from_json(data: Mapping[str, Any]) -> Tally | TableTally:
    """A stored chunk's tally: a table's when it says so, else a two-deck one."""
    return TableTally.from_json(data) if data.get("table") else Tally.from_json(data)


@dataclass(frozen=True, slots=True)
class TableFigures:
    """What a table job's games show. ``fair`` is a deck's win rate if every side were
    as strong (1 / sides); ``win_rates`` each deck's (points per game, a shared draw a
    share), ``by_seat`` the win rate of whoever sat in each seat, ``first_player`` of
    whoever took turn 1; ``places`` each deck's games per finishing place."""

    games: int
    sides: int
    fair: float
    wins: tuple[int, ...]
    draws: int
    win_rates: tuple[Estimate, ...]
    by_seat: tuple[Estimate, ...]
    first_player: Estimate
    places: tuple[tuple[int, ...], ...]
    turns: tuple[tuple[int, int], ...]
    mean_turns: float
    median_turns: float
    mean_actions: float
    endings: tuple[tuple[str, int], ...]
    cards: tuple[tuple[CardFigures, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; an unbounded interval end is null."""
        return {
            "games": self.games,
            "sides": self.sides,
            "fair": self.fair,
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rates": [estimate_json(rate) for rate in self.win_rates],
            "by_seat": [estimate_json(rate) for rate in self.by_seat],
            "first_player": estimate_json(self.first_player),
            "places": [list(row) for row in self.places],
            "turns": [list(pair) for pair in self.turns],
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_actions": self.mean_actions,
            "endings": dict(self.endings),
            "cards": [[card_json(card) for card in cards] for cards in self.cards],
        }


def table_figures(tally: TableTally) -> TableFigures:
    """The figures of a table tally."""
    games = tally.games
    return TableFigures(
        games=games,
        sides=tally.sides,
        fair=1 / tally.sides if tally.sides else 0.0,
        wins=tally.wins,
        draws=tally.draws,
        win_rates=tuple(wilson_interval(points / POINTS, games) for points in tally.points),
        by_seat=tuple(wilson_interval(points / POINTS, games) for points in tally.seat_points),
        first_player=wilson_interval(tally.first_points / POINTS, games),
        places=tally.places,
        turns=tally.turns,
        mean_turns=sum(t * n for t, n in tally.turns) / games if games else 0.0,
        median_turns=median_of(tally.turns),
        mean_actions=tally.actions / games if games else 0.0,
        endings=tally.endings,
        cards=tuple(
            tuple(card_figures(name, counts, POINTS) for name, counts in deck)
            for deck in tally.cards
        ),
    )


def table_shift(
    base: Iterable[TableSummary], variant: Iterable[TableSummary], deck: int = 0
) -> Estimate:
    """``deck``'s win-rate shift from ``base`` to ``variant`` over the same games (seed
    and rotation), as ``figures.paired_shift`` measures deck A's: a shared draw's points
    are a share of a win."""
    scores = {(s.seed, s.rotation): s.score(deck) for s in base}
    pairs = [
        (summary.score(deck), scores[key])
        for summary in variant
        if (key := (summary.seed, summary.rotation)) in scores
    ]
    return paired_proportion_difference(*paired_table(pairs))
