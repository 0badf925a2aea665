"""Draw odds for a deck, from the hypergeometric distribution, as exact fractions.

The rules (R8, R9): each player shuffles and draws an opening hand of 7; at the
start of every turn each player draws *up to* 7. How many new cards a player
sees therefore depends on how many they played (or lost from hand) the turn
before. We model that with one stated assumption: the player empties ``k``
cards from hand each turn (``played_per_turn``, default 2), so by turn ``N``
they have seen ``7 + k·(N − 1)`` cards (turn 1 draws nothing: the hand is
already full). The draw is without replacement from one shuffle; the discard
pile's reshuffle is ignored, so seeing the whole deck means certainty.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TypeVar

OPENING_HAND = 7
DEFAULT_PLAYED_PER_TURN = 2

T = TypeVar("T")


class OddsError(ValueError):
    """Numbers that describe no possible draw (more successes than cards, …)."""


def probability_at_least(population: int, successes: int, draws: int, k: int = 1) -> Fraction:
    """The exact chance of at least ``k`` successes in ``draws`` cards from ``population``.

    ``successes`` of the ``population`` cards count as a hit. Drawing more cards
    than the deck holds draws the whole deck.
    """
    if population < 0 or successes < 0 or draws < 0 or k < 0:
        raise OddsError("Card counts cannot be negative.")
    if successes > population:
        raise OddsError(f"{successes} matching cards cannot be in a deck of {population}.")
    draws = min(draws, population)
    if k == 0:
        return Fraction(1)
    if k > min(successes, draws):
        return Fraction(0)
    failures = population - successes
    below_k = sum(comb(successes, hits) * comb(failures, draws - hits) for hits in range(k))
    return 1 - Fraction(below_k, comb(population, draws))


def cards_seen_by_turn(
    turn: int, played_per_turn: int = DEFAULT_PLAYED_PER_TURN, hand: int = OPENING_HAND
) -> int:
    """How many cards a player has seen by the start of ``turn`` (after its draw).

    An opening ``hand`` (7), then each turn refills the hand: with ``played_per_turn``
    cards leaving the hand each turn, that many are drawn at each later turn.
    """
    if turn < 1:
        raise OddsError("Turns are numbered from 1.")
    if not 0 <= played_per_turn <= hand:
        raise OddsError(f"Between 0 and {hand} cards can be played from a hand of {hand}.")
    return hand + played_per_turn * (turn - 1)


def chance_in_opening_hand(*, deck_size: int, copies: int) -> Fraction:
    """The chance that at least one of ``copies`` cards is among the opening 7."""
    return probability_at_least(deck_size, copies, OPENING_HAND)


def chance_by_turn(
    *, deck_size: int, copies: int, turn: int, played_per_turn: int = DEFAULT_PLAYED_PER_TURN
) -> Fraction:
    """The chance of having seen at least one of ``copies`` cards by ``turn``."""
    return probability_at_least(deck_size, copies, cards_seen_by_turn(turn, played_per_turn))


@dataclass(frozen=True)
class DrawChance:
    """One line of the odds panel: a card or group, its copies, and the chances of drawing one."""

    label: str
    copies: int
    in_opening_hand: Fraction
    by_turn: Fraction

    @property
    def opening_percent(self) -> float:
        return float(self.in_opening_hand * 100)

    @property
    def by_turn_percent(self) -> float:
        return float(self.by_turn * 100)


def deck_draw_chances(
    groups: Iterable[tuple[str, int]],
    *,
    deck_size: int,
    turn: int,
    played_per_turn: int = DEFAULT_PLAYED_PER_TURN,
    hand: int = OPENING_HAND,
) -> list[DrawChance]:
    """For each (label, copies) group, in the order given: the chance in the opening
    ``hand`` and by ``turn``."""
    seen = cards_seen_by_turn(turn, played_per_turn, hand)
    return [
        DrawChance(
            label=label,
            copies=copies,
            in_opening_hand=probability_at_least(deck_size, copies, hand),
            by_turn=probability_at_least(deck_size, copies, seen),
        )
        for label, copies in groups
    ]


def draw_sample_hand(
    cards: Iterable[tuple[T, int]], rng: random.Random, hand: int = OPENING_HAND
) -> list[T]:
    """``hand`` cards (or the whole deck, if smaller) from one fresh shuffle of the copies."""
    deck = [card for card, count in cards for _copy in range(count)]
    return rng.sample(deck, min(hand, len(deck)))
