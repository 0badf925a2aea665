"""How good a position is for one player: the greedy bot's judgement and the search
bot's cut-off.

A position scores ``score(player) - score(opponent)``, in units of about one
card, from the terms below; a finished game scores ``WIN``, ``-WIN`` or 0.
The terms follow the ways the game is won (docs/rules.md): running the
opponent out of cards (R25, and R26 counts cards at the turn limit) and
holding every anchor point (R20).

* **Cards left** (``card``): cards in hand, deck and discard pile are the life
  total; every loss (captures R12, claims R20, combat R23, Realm Stone
  attacks R19) is paid in them. A card in hand is worth no more than one in
  the deck or the discard pile (``hand`` is 0): any bonus makes a card that
  returns cards from the discard pile to hand (``gain_cards_back``) score a
  gain every time it is played, and two of them then looped, each returning
  the other (the sample decks' Recall pair did), until R16 ruled that a card
  that gives cards back is never given back.
* **Anchors** (``anchor``): each anchor point held. A claim beyond the first
  costs the opponent cards, and holding them all wins.
* **Board presence** (``avatar``, ``strength``, ``ready``): an Avatar in play
  no longer counts as a card (R25), so it must be worth more than the card it
  cost, and more the stronger it is (melee, defense and ranged, with Items and
  lasting effects, R18 penalty included) and when it is Ready.
* **Shén counters** (``counter``): they pay for cards and abilities (R15) and
  roll dice in melee (R22).
* **Threats**: an Avatar on an anchor its owner does not hold can claim it next
  turn (``on_anchor``); one nearer to such an anchor is closer to a claim
  (``approach``); one next to the opponent's Realm Stone can attack it for its
  melee in cards (``at_stone``, R19); counters in a group with one liberty left
  and no chain to their Realm Stone are one placement from capture, a card each
  (``in_atari``, R11, R12).

The weights are a starting point set by reasoning, not fitted: a bench run of
the greedy bot against the random bot (``bench/bots.py``) checks that they
play sensibly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.engine.avatars import trait_value
from games.engine.state import Avatar, GameState, other

# A won game, far above any difference of the terms below.
WIN = 1000.0
# A score difference of this many cards' worth is about a 73% (e: 1) chance to win.
SCALE = 6.0


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in cards (see the module docstring for each term)."""

    card: float = 1.0
    hand: float = 0.0
    anchor: float = 2.5
    avatar: float = 1.3
    strength: float = 0.15
    ready: float = 0.15
    counter: float = 0.2
    on_anchor: float = 0.8
    approach: float = 0.06
    at_stone: float = 0.3
    in_atari: float = 0.4


WEIGHTS = Weights()


def evaluate(state: GameState, player: int, weights: Weights = WEIGHTS) -> float:
    """``state`` for ``player``: their score minus the opponent's (±WIN once decided)."""
    result = state.result
    if result is not None:
        if result.winner is None:
            return 0.0
        return WIN if result.winner == player else -WIN
    return _score(state, player, weights) - _score(state, other(player), weights)


def win_chance(state: GameState, player: int, weights: Weights = WEIGHTS) -> float:
    """``evaluate`` squashed to 0…1: 1 a win, 0 a loss, 0.5 an even position."""
    result = state.result
    if result is not None:
        return 0.5 if result.winner is None else float(result.winner == player)
    return chance(evaluate(state, player, weights))


def chance(value: float) -> float:
    """A score (as ``evaluate`` gives) as a chance to win: a logistic of ``value / SCALE``."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / SCALE))))


def _score(state: GameState, player: int, w: Weights) -> float:
    hand = len(state.hands[player])
    score = w.card * (hand + len(state.decks[player]) + len(state.discards[player]))
    score += w.hand * hand
    score += w.anchor * sum(holder == player for holder in state.holders)
    score += w.counter * state.grid.counter_count(player)
    score += _presence(state, player, w)
    score -= w.in_atari * _counters_in_atari(state, player)
    return score


def _presence(state: GameState, player: int, w: Weights) -> float:
    """Board presence and the threats the player's Avatars make."""
    board = state.board
    width = board.width
    corners = board.space_corner_masks
    enemy_stone = state.stones[other(player)]
    stone_bit = 1 << enemy_stone if enemy_stone >= 0 else 0
    # Anchors the player does not hold, as (space, file, rank): distances are king
    # moves (R4), worked out here rather than through the board's checked lookups,
    # since every position the bots look at is scored.
    open_anchors = [
        (anchor, anchor % width, anchor // width)
        for anchor, holder in zip(state.anchors, state.holders, strict=True)
        if holder != player
    ]
    far = max(width, board.height)
    total = 0.0
    for avatar in state.avatars:
        if avatar.owner != player:
            continue
        total += w.avatar + w.strength * _strength(state, avatar)
        if not avatar.exhausted:
            total += w.ready
        if avatar.on_path:
            continue
        at = avatar.at
        if open_anchors:
            file, rank = at % width, at // width
            nearest = far
            for anchor, anchor_file, anchor_rank in open_anchors:
                if anchor == at:
                    total += w.on_anchor
                distance = max(abs(file - anchor_file), abs(rank - anchor_rank))
                nearest = min(nearest, distance)
            total += w.approach * (far - nearest)
        if corners[at] & stone_bit:
            total += w.at_stone * trait_value(state, avatar, "melee")
    return total


def _strength(state: GameState, avatar: Avatar) -> int:
    """Melee, defense and ranged with Items' printed bonuses, less the R18 penalty.

    A cheaper reading than ``trait_value`` (no lasting effects or end-of-turn
    modifiers): it is worked out for every Avatar of every position looked at.
    """
    cards = state.cards
    spec = cards[avatar.card]
    strength = spec.melee + spec.defense + spec.ranged
    for item in avatar.items:
        bonus = cards[item]
        strength += bonus.bonus_melee + bonus.bonus_defense + bonus.bonus_ranged
    return max(0, strength - 3) if avatar.exhausted else strength


def _counters_in_atari(state: GameState, player: int) -> int:
    """The player's counters in groups with one liberty and no chain to their Realm Stone."""
    return sum(
        group.members.bit_count()
        for group in state.grid.layout.groups()
        if group.owner == player and not group.anchored and group.liberties.bit_count() == 1
    )
