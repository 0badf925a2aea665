"""How good a position is for one player: the greedy bot's judgement and the search
bot's cut-off.

A position scores ``score(player) - score(opponent)``, in units of about one
card, from the terms below; a finished game scores ``WIN``, ``-WIN`` or 0.
The terms follow the ways the game is won (docs/rules.md): running the
opponent out of cards (R25, and R26 counts cards at the turn limit) and
holding every anchor point (R20).

* **Life** (``card``): what the ruleset's R25 counts (``victory.life``). In most
  rulesets the cards in hand, deck and discard pile are the life total; every
  loss (captures R12, claims R20, combat R23, Realm Stone attacks R19) is paid
  in them. A card in hand is worth no more than one in
  the deck or the discard pile (``hand`` is 0): any bonus makes a card that
  returns cards from the discard pile to hand (``gain_cards_back``) score a
  gain every time it is played, and two of them then looped, each returning
  the other (the sample decks' Recall pair did), until R16 ruled that a card
  that gives cards back is never given back. In simplified-0.1, which loses no
  cards, a player is out with no Avatar on the board or in hand: those are its life.
  The last few count for more (``scarcity``: a penalty of ``scarcity / (1 + life)``),
  since the player with none left loses.
* **Anchors** (``anchor``): each anchor point held. A claim beyond the first
  costs the opponent cards, and holding them all wins: one short of all of them is
  worth ``last_anchor`` more.
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

``WEIGHTS`` are a starting point set by reasoning. Each ruleset's own weights
(``weights_for``) are data, in ``weights.json`` beside this module, each with how it
was found: a search by self-play, ``bench/tune_weights.py``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from pathlib import Path
from types import MappingProxyType

from games.engine.avatars import trait_value
from games.engine.cards import CardSpec
from games.engine.groups import Layout
from games.engine.ruleset import Ruleset
from games.engine.seats import opponents, players_in, team_of
from games.engine.state import Avatar, GameState
from games.engine.victory import life

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
    last_anchor: float = 0.0
    scarcity: float = 0.0


# The weights set by reasoning, before any tuning: the start of bench/tune_weights.py's
# search, and the weights of a ruleset the tuning file does not name.
WEIGHTS = Weights()
# The tuned weights per ruleset, with how they were found (bench/tune_weights.py).
TUNED_WEIGHTS_FILE = Path(__file__).with_name("weights.json")


def read_tuned_weights(text: str) -> Mapping[str, Weights]:
    """The weights per ruleset name in a tuning file's JSON (see weights.json); an
    unknown weight's name is a ValueError."""
    known = {f.name for f in fields(Weights)}
    tuned = {}
    for ruleset, entry in json.loads(text).items():
        values = entry["weights"]
        unknown = set(values) - known
        if unknown:
            raise ValueError(f"{ruleset}: no weight called {', '.join(sorted(unknown))}")
        tuned[ruleset] = Weights(**{name: float(value) for name, value in values.items()})
    return MappingProxyType(tuned)


TUNED = read_tuned_weights(TUNED_WEIGHTS_FILE.read_text(encoding="utf-8"))


def weights_for(ruleset: Ruleset) -> Weights:
    """The tuned weights of ``ruleset`` (by its name: a match's options keep it), else
    :data:`WEIGHTS`."""
    return TUNED.get(ruleset.name, WEIGHTS)


def evaluate(state: GameState, player: int, weights: Weights = WEIGHTS) -> float:
    """``state`` for ``player``: their side's score minus the best other side's (±WIN once
    decided). A side is a team (M8), or a player on their own; with two players, the
    opponent's score."""
    result = state.result
    if result is not None:
        if result.winner is None:
            return 0.0
        return WIN if player in result.winners else -WIN
    own, theirs = _scores(state, player, weights)
    return own - theirs


def win_chance(state: GameState, player: int, weights: Weights = WEIGHTS) -> float:
    """``evaluate`` squashed to 0…1: 1 a win, 0 a loss, 0.5 an even position."""
    result = state.result
    if result is not None:
        return 0.5 if result.winner is None else float(player in result.winners)
    return chance(evaluate(state, player, weights))


def chance(value: float) -> float:
    """A score (as ``evaluate`` gives) as a chance to win: a logistic of ``value / SCALE``."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / SCALE))))


def _scores(state: GameState, player: int, w: Weights) -> tuple[float, float]:
    """(``player``'s side's score, the best other side's), each player's term as the
    module docstring says and a team's the sum of its players' (M8).

    Every seat in one pass over the Avatars and the groups: every position the bots
    look at is scored, so the board is read once, not once per player."""
    presence = _presence(state, w)
    atari = in_atari_by_owner(state.grid.layout)
    counters = state.grid.layout.counters
    anchors = len(state.holders)
    sides: dict[int, float] = {}
    for seat in players_in(state):
        left = life(state, seat)
        score = w.card * left + w.hand * len(state.hands[seat]) - w.scarcity / (1 + left)
        held = sum(holder == seat for holder in state.holders)
        score += w.anchor * held
        if held == anchors - 1:
            score += w.last_anchor
        score += w.counter * counters[seat].bit_count()
        score += presence[seat]
        score -= w.in_atari * atari[seat]
        side = team_of(state, seat)
        sides[side] = sides.get(side, 0.0) + score
    own = sides.pop(team_of(state, player), 0.0)
    return own, max(sides.values(), default=0.0)


def _presence(state: GameState, w: Weights) -> list[float]:
    """Board presence and the threats each player's Avatars make, per player."""
    threats = [Threats(state, side, w) for side in range(len(state.hands))]
    totals = [0.0] * len(threats)
    cards = state.cards
    for avatar in state.avatars:
        owner = avatar.owner
        total = totals[owner] + (w.avatar + w.strength * strength(cards, avatar))
        if not avatar.exhausted:
            total += w.ready
        if not avatar.on_path:
            total += threats[owner].at(avatar, avatar.at)
        totals[owner] = total
    return totals


def position_value(state: GameState, avatar: Avatar, at: int, w: Weights) -> float:
    """The threats ``avatar`` (not walking the Spirit Path) makes standing on space ``at``:
    the position-dependent part of its presence."""
    return Threats(state, avatar.owner, w).at(avatar, at)


class Threats:
    """The threats of one player's Avatars, by where they stand: on an anchor the player
    does not hold, how near the nearest such anchor is, next to the enemy Realm Stone.

    Distances are king moves (R4), worked out here rather than through the board's
    checked lookups, since every position the bots look at is scored.
    """

    __slots__ = ("corners", "far", "open_anchors", "state", "stone_bit", "weights", "width")

    def __init__(self, state: GameState, player: int, w: Weights) -> None:
        board = state.board
        self.state, self.weights = state, w
        self.width = width = board.width
        self.far = max(width, board.height)
        self.corners = board.space_corner_masks
        # The opponents' first Realm Stones: where an Avatar next to one may attack it.
        self.stone_bit = 0
        for opponent in opponents(state, player):
            if state.stones[opponent] >= 0:
                self.stone_bit |= 1 << state.stones[opponent]
        side = team_of(state, player)
        self.open_anchors = [
            (anchor, anchor % width, anchor // width)
            for anchor, holder in zip(state.anchors, state.holders, strict=True)
            if holder < 0 or team_of(state, holder) != side
        ]

    def at(self, avatar: Avatar, at: int) -> float:
        """The threats ``avatar`` makes standing on space ``at``."""
        w = self.weights
        total = 0.0
        if self.open_anchors:
            rank, file = divmod(at, self.width)
            nearest = self.far
            # abs() and max() spelled out: this loop runs for every Avatar of every
            # position the bots score.
            for anchor, anchor_file, anchor_rank in self.open_anchors:
                if anchor == at:
                    total += w.on_anchor
                across = file - anchor_file if file > anchor_file else anchor_file - file
                along = rank - anchor_rank if rank > anchor_rank else anchor_rank - rank
                distance = across if across > along else along
                if distance < nearest:
                    nearest = distance
            total += w.approach * (self.far - nearest)
        if self.corners[at] & self.stone_bit:
            total += w.at_stone * trait_value(self.state, avatar, "melee")
        return total


def strength(cards: tuple[CardSpec, ...], avatar: Avatar) -> int:
    """Melee, defense and ranged with Items' printed bonuses, less the R18 penalty.

    A cheaper reading than ``trait_value`` (no lasting effects or end-of-turn
    modifiers): it is worked out for every Avatar of every position looked at.
    """
    spec = cards[avatar.card]
    strength = spec.melee + spec.defense + spec.ranged
    for item in avatar.items:
        bonus = cards[item]
        strength += bonus.bonus_melee + bonus.bonus_defense + bonus.bonus_ranged
    return max(0, strength - 3) if avatar.exhausted else strength


def in_atari_by_owner(layout: Layout) -> list[int]:
    """Each player's counters in groups with one liberty and no chain to their Realm
    Stone, from one pass over the groups."""
    found = [0] * len(layout.counters)
    for group in layout.by_root:
        if group is not None and not group.anchored and group.liberties.bit_count() == 1:
            found[group.owner] += group.members.bit_count()
    return found
