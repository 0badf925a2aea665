"""What many simulated games show: win rates, first-player advantage, game length,
endings and per-card figures, each with its 95% interval.

Games are counted into a :class:`Tally`: whole numbers only (a draw is half a
point, so points are kept doubled), mergeable with ``+`` and stored as JSON, so
each chunk of a job can count its own games and the job adds the chunks up in
any order. :func:`figures` turns a tally into the :class:`Figures` a results
page, the API and ``manage.py simulate`` show.

Per-card figures read like 17lands': a deck's win rate in the games where the
card was in the opening hand, drawn at any point, never drawn, the improvement
when drawn (drawn minus never drawn) and how often it was played. They are
correlations (a card drawn in a long game looks better); :func:`paired_shift`
measures a change causally by replaying the same seeds.

Plain Python with no Django, like ``games.simulations.games``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    paired_table,
    proportion_difference,
    wilson_interval,
)
from games.simulations.games import DECKS, CardSighting, GameSummary


@dataclass(frozen=True, slots=True)
class CardCounts:
    """One card's counts over a deck's games. ``*_points`` are the deck's points
    (2 a win, 1 a draw) in those games."""

    games: int = 0
    points: int = 0
    opening: int = 0
    opening_points: int = 0
    drawn: int = 0
    drawn_points: int = 0
    played: int = 0

    def __add__(self, other: CardCounts) -> CardCounts:
        return CardCounts(
            *(a + b for a, b in zip(count_values(self), count_values(other), strict=True))
        )


def count_values(counts: CardCounts) -> tuple[int, ...]:
    """The counts in field order (a stored row)."""
    return tuple(getattr(counts, name) for name in CardCounts.__slots__)


@dataclass(frozen=True, slots=True)
class Tally:
    """Counts over some games of one pairing (deck A against deck B).

    ``turns`` and ``endings`` are sorted (value, games) pairs; ``cards`` deck A's and
    deck B's (name, counts) pairs, sorted by name, counted from each deck's side.
    """

    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    first_wins: int = 0
    actions: int = 0
    turns: tuple[tuple[int, int], ...] = ()
    endings: tuple[tuple[str, int], ...] = ()
    cards: tuple[tuple[tuple[str, CardCounts], ...], ...] = ((), ())

    @classmethod
    def of(cls, summaries: Iterable[GameSummary]) -> Tally:
        """The tally of ``summaries``."""
        wins: Counter[str | None] = Counter()
        turns: Counter[int] = Counter()
        endings: Counter[str] = Counter()
        cards: tuple[dict[str, list[int]], dict[str, list[int]]] = ({}, {})
        first_wins = actions = 0
        for summary in summaries:
            wins[summary.winner] += 1
            first_wins += summary.winner == summary.first
            actions += summary.actions
            turns[summary.turns] += 1
            endings[summary.ending] += 1
            for deck, sightings, counts in zip(DECKS, summary.cards, cards, strict=True):
                count_sightings(counts, sightings, _points(summary, deck))
        return cls(
            games=wins.total(),
            wins_a=wins["a"],
            wins_b=wins["b"],
            draws=wins[None],
            first_wins=first_wins,
            actions=actions,
            turns=tuple(sorted(turns.items())),
            endings=tuple(sorted(endings.items())),
            cards=tuple(card_rows(counts) for counts in cards),
        )

    def __add__(self, other: Tally) -> Tally:
        """Both tallies' games together (chunks of one job, in any order)."""
        return Tally(
            games=self.games + other.games,
            wins_a=self.wins_a + other.wins_a,
            wins_b=self.wins_b + other.wins_b,
            draws=self.draws + other.draws,
            first_wins=self.first_wins + other.first_wins,
            actions=self.actions + other.actions,
            turns=merged_counts(self.turns, other.turns),
            endings=merged_counts(self.endings, other.endings),
            cards=tuple(
                merged_counts(mine, theirs)
                for mine, theirs in zip(self.cards, other.cards, strict=True)
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (card counts as rows in :class:`CardCounts` field order)."""
        return {
            **_results_json(self),
            "first_wins": self.first_wins,
            "actions": self.actions,
            "turns": [list(pair) for pair in self.turns],
            "endings": [list(pair) for pair in self.endings],
            "cards": [
                [[name, *count_values(counts)] for name, counts in deck] for deck in self.cards
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """The tally ``to_json`` gave; raises ValueError for anything else."""
        try:
            tally = cls(
                games=int(data["games"]),
                wins_a=int(data["wins_a"]),
                wins_b=int(data["wins_b"]),
                draws=int(data["draws"]),
                first_wins=int(data["first_wins"]),
                actions=int(data["actions"]),
                turns=tuple((int(t), int(n)) for t, n in data["turns"]),
                endings=tuple((str(e), int(n)) for e, n in data["endings"]),
                cards=tuple(
                    tuple((str(name), CardCounts(*map(int, row))) for name, *row in deck)
                    for deck in data["cards"]
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a tally: {error!r}") from None
        if len(tally.cards) != 2 or tally.wins_a + tally.wins_b + tally.draws != tally.games:
            raise ValueError("not a tally: its wins and draws do not add up to its games")
        return tally


def count_sightings(
    counts: dict[str, list[int]], sightings: Iterable[CardSighting], points: int
) -> None:
    """Add one game's sightings of a deck's cards to ``counts`` (rows in
    :class:`CardCounts` field order, by card name), the deck scoring ``points``."""
    for sighting in sightings:
        row = counts.get(sighting.name)
        if row is None:
            row = counts[sighting.name] = [0] * len(CardCounts.__slots__)
        row[0] += 1
        row[1] += points
        if sighting.in_opening_hand:
            row[2] += 1
            row[3] += points
        if sighting.drawn:
            row[4] += 1
            row[5] += points
        row[6] += sighting.played


def card_rows(counts: dict[str, list[int]]) -> tuple[tuple[str, CardCounts], ...]:
    """``count_sightings``' rows as sorted (name, counts) pairs."""
    return tuple((name, CardCounts(*row)) for name, row in sorted(counts.items()))


def _results_json(counted: Tally | Figures) -> dict[str, int]:
    """The games and how they ended, as tallies and figures both give them."""
    return {name: getattr(counted, name) for name in ("games", "wins_a", "wins_b", "draws")}


def _points(summary: GameSummary, deck: str) -> int:
    """``deck``'s points in one game: 2 a win, 1 a draw."""
    return 1 if summary.winner is None else 2 * (summary.winner == deck)


def merged_counts(first: tuple[tuple[Any, Any], ...], second: tuple[tuple[Any, Any], ...]):
    """Two sorted (key, count) tuples as one, counts of a shared key added."""
    merged = dict(first)
    for key, value in second:
        merged[key] = merged[key] + value if key in merged else value
    return tuple(sorted(merged.items()))


@dataclass(frozen=True, slots=True)
class CardFigures:
    """One card's figures from its own deck's side, 17lands-style.

    ``opening_hand``, ``drawn`` and ``not_drawn`` are the deck's win rates in those
    games (a draw is half a win); ``improvement`` is drawn minus not drawn;
    ``played`` the share of games in which it was played.
    """

    name: str
    games: int
    opening_hand: Estimate
    drawn: Estimate
    not_drawn: Estimate
    improvement: Estimate
    played: Estimate


@dataclass(frozen=True, slots=True)
class Figures:
    """What a job's games show. ``win_rate`` is deck A's (a draw is half a win);
    ``first_player`` the win rate of whoever took the first turn; ``turns`` (turns,
    games) pairs; ``cards`` deck A's and deck B's card figures."""

    games: int
    wins_a: int
    wins_b: int
    draws: int
    win_rate: Estimate
    first_player: Estimate
    turns: tuple[tuple[int, int], ...]
    mean_turns: float
    median_turns: float
    mean_actions: float
    endings: tuple[tuple[str, int], ...]
    cards: tuple[tuple[CardFigures, ...], tuple[CardFigures, ...]]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data; an unbounded interval end is null."""
        return {
            **_results_json(self),
            "win_rate": estimate_json(self.win_rate),
            "first_player": estimate_json(self.first_player),
            "turns": [list(pair) for pair in self.turns],
            "mean_turns": self.mean_turns,
            "median_turns": self.median_turns,
            "mean_actions": self.mean_actions,
            "endings": dict(self.endings),
            "cards": {
                deck: [card_json(card) for card in cards]
                for deck, cards in zip(DECKS, self.cards, strict=True)
            },
        }


def estimate_json(estimate: Estimate) -> dict[str, Any]:
    """``{"value", "low", "high", "count"}``; an infinite end is null (JSON has none)."""
    return {
        "value": estimate.value,
        "low": estimate.low if math.isfinite(estimate.low) else None,
        "high": estimate.high if math.isfinite(estimate.high) else None,
        "count": estimate.count,
    }


def card_json(card: CardFigures) -> dict[str, Any]:
    """One card's figures as plain JSON data."""
    return {
        "name": card.name,
        "games": card.games,
        **{
            field: estimate_json(getattr(card, field))
            for field in ("opening_hand", "drawn", "not_drawn", "improvement", "played")
        },
    }


def figures(tally: Tally | Iterable[GameSummary]) -> Figures:
    """The figures of a tally (or of summaries, counted first)."""
    if not isinstance(tally, Tally):
        tally = Tally.of(tally)
    games = tally.games
    return Figures(
        games=games,
        wins_a=tally.wins_a,
        wins_b=tally.wins_b,
        draws=tally.draws,
        win_rate=_win_rate(tally),
        first_player=wilson_interval(tally.first_wins + tally.draws / 2, games),
        turns=tally.turns,
        mean_turns=sum(t * n for t, n in tally.turns) / games if games else 0.0,
        median_turns=median_of(tally.turns),
        mean_actions=tally.actions / games if games else 0.0,
        endings=tally.endings,
        cards=tuple(
            tuple(card_figures(name, counts) for name, counts in deck) for deck in tally.cards
        ),
    )


def card_figures(name: str, counts: CardCounts, win: int = 2) -> CardFigures:
    """A card's figures from its counts, whose points are ``win`` to a win (2: a draw
    is 1; a table's are ``games.simulations.tables.POINTS``)."""
    not_drawn = counts.games - counts.drawn
    not_drawn_points = counts.points - counts.drawn_points
    return CardFigures(
        name=name,
        games=counts.games,
        opening_hand=wilson_interval(counts.opening_points / win, counts.opening),
        drawn=wilson_interval(counts.drawn_points / win, counts.drawn),
        not_drawn=wilson_interval(not_drawn_points / win, not_drawn),
        improvement=proportion_difference(
            counts.drawn_points / win, counts.drawn, not_drawn_points / win, not_drawn
        ),
        played=wilson_interval(counts.played, counts.games),
    )


def median_of(histogram: tuple[tuple[int, int], ...]) -> float:
    """The median of the values a sorted (value, count) histogram counts (0 when empty)."""
    total = sum(n for _, n in histogram)
    if not total:
        return 0.0
    # The middle one or two values, by their 0-based ranks.
    wanted = sorted({(total - 1) // 2, total // 2})
    found = []
    seen = 0
    for value, count in histogram:
        while wanted and wanted[0] < seen + count:
            found.append(value)
            wanted.pop(0)
        seen += count
    return sum(found) / len(found) if len(found) == 2 else float(found[0])


def paired_shift(base: Iterable[GameSummary], variant: Iterable[GameSummary]) -> Estimate:
    """Deck A's win-rate shift from ``base`` to ``variant`` over the same games.

    Games are matched by (seed, seats): each matched pair gives deck A's score in the
    variant and in the base (a draw is half), and the shift is the mean change with
    Newcombe's interval for paired proportions (``paired_table``: a draw is half a win
    and half a loss, lined up across the pair; ``paired_proportion_difference``). The
    same seeds share their shuffles and dice, so what differs is what the variant
    changed (a card, a rule, an erratum); pairs that all agree still leave a wide
    interval when they are few. Games without a partner are left out; the count says
    how many pairs were matched.
    """
    scores = {(s.seed, s.swapped): s.score("a") for s in base}
    pairs = [
        (summary.score("a"), scores[key])
        for summary in variant
        if (key := (summary.seed, summary.swapped)) in scores
    ]
    return paired_proportion_difference(*paired_table(pairs))


@dataclass(frozen=True, slots=True)
class Gauntlet:
    """Each deck's win rate against each opponent: ``cells[i][j]`` is deck ``i``
    against opponent ``j``; ``overall[i]`` deck ``i`` against all opponents' games
    pooled. A pairing with no games has count 0."""

    cells: tuple[tuple[Estimate, ...], ...]
    overall: tuple[Estimate, ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, rows by deck."""
        return {
            "cells": [[estimate_json(cell) for cell in row] for row in self.cells],
            "overall": [estimate_json(estimate) for estimate in self.overall],
        }


def gauntlet_matrix(
    pairings: Mapping[tuple[int, int], Tally | Iterable[GameSummary]], decks: int, opponents: int
) -> Gauntlet:
    """The win-rate matrix of a gauntlet from each pairing's games, keyed by (deck
    index, opponent index) as ``gauntlet_games`` numbers them (deck A is the deck)."""
    tallies = {
        key: value if isinstance(value, Tally) else Tally.of(value)
        for key, value in pairings.items()
    }
    empty = Tally()
    rows = [[tallies.get((i, j), empty) for j in range(opponents)] for i in range(decks)]
    return Gauntlet(
        cells=tuple(tuple(_win_rate(tally) for tally in row) for row in rows),
        overall=tuple(_win_rate(sum(row, empty)) for row in rows),
    )


def _win_rate(tally: Tally) -> Estimate:
    return wilson_interval(tally.wins_a + tally.draws / 2, tally.games)
