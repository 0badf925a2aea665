"""What a placement or a move is worth before it is played: the greedy bot's shortlist.

Playing an option forward (``apply``, the rest of its step, ``evaluation``) costs
about a tenth of a millisecond, and most menus are long: a Shén placement holds
30–60 vertices (PlaceShen, the one-action turn's TakeTurn), an activated Avatar a
dozen moves. These two kinds change few of the evaluation's terms, so their change
of score is worked out here from the position alone, as ``evaluation`` would see it:

* **a placement**: one counter more (``counter``), the opponent's counters it
  captures (a counter and, where captures cost cards, a card each: R12), and the
  counters it puts in atari or takes out of it (``in_atari``), read from the
  groups once the counter is put (``put_counter`` on the grid's layout alone, a few
  microseconds, instead of a whole ``apply``);
* **a move**: the moving Avatar's threats where it ends up less those where it
  stands (``on_anchor``, ``approach``, ``at_stone``: ``evaluation.position_value``).

The greedy bot plays forward only the best few options of each kind by these
estimates (:class:`Shortlist`) and every option of the other kinds (cards, attacks,
claims, abilities, Realm Stones, passing), whose effects are too varied to
estimate. An estimate only ranks: the choice is still made on played-forward
scores, so an estimate that misses a chain of effects costs at most a worse pick
among the shortlisted options of its kind.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from games.engine.actions import Action, Move, PlaceCounter
from games.engine.bots.evaluation import Weights, counters_in_atari, position_value
from games.engine.groups import put_counter
from games.engine.state import GameState, other


@dataclass(frozen=True)
class Shortlist:
    """How many options of each estimated kind are played forward per decision
    (None: all of them, as the greedy bot did before it estimated)."""

    placements: int | None = 3
    moves: int | None = 2

    def of(
        self, state: GameState, actions: Sequence[Action], player: int, weights: Weights
    ) -> Sequence[Action]:
        """``actions`` worth playing forward, in the engine's order: the best placements
        and moves by estimate (between equal estimates the engine's order), and every
        other action."""
        placing = [a for a in actions if type(a) is PlaceCounter]
        moving = [a for a in actions if type(a) is Move]
        if not _cut(placing, self.placements) and not _cut(moving, self.moves):
            return actions
        keep: set[Action] = set()
        if _cut(placing, self.placements):
            keep.update(
                _best(placing, self.placements, partial(_placement, state, player, weights))
            )
        else:
            keep.update(placing)
        if _cut(moving, self.moves):
            keep.update(_best(moving, self.moves, partial(_move, state, weights)))
        else:
            keep.update(moving)
        return [a for a in actions if a in keep or type(a) not in (PlaceCounter, Move)]


SHORTLIST = Shortlist()
# Every option played forward: the greedy bot before estimates (bench/bots.py compares).
EVERY_OPTION = Shortlist(None, None)


def _cut(options: list, count: int | None) -> bool:
    return count is not None and len(options) > count


def _placement(state: GameState, player: int, weights: Weights, action: PlaceCounter) -> float:
    return placement_gain(state, player, action.vertex, weights)


def _move(state: GameState, weights: Weights, action: Move) -> float:
    return move_gain(state, action, weights)


def _best(options: list, count: int, gain: Callable[[Action], float]) -> list:
    """The ``count`` options of highest ``gain``; between equals, the earlier."""
    ranked = sorted(range(len(options)), key=lambda i: (-gain(options[i]), i))
    return [options[i] for i in ranked[:count]]


def placement_gain(state: GameState, player: int, vertex: int, weights: Weights) -> float:
    """The evaluation's change for ``player`` when their counter goes on ``vertex``
    (see the module docstring); -inf for a placement that would be captured at once."""
    grid = state.grid
    layout = grid.layout
    changed = put_counter(grid.geometry, layout, vertex, player, capture=True)
    if changed is None:
        return -float("inf")
    after, captured = changed
    opponent = other(player)
    taken = sum(mask.bit_count() for owner, mask in captured.items() if owner != player)
    card = weights.card if state.ruleset.card_losses else 0.0
    gain = weights.counter + taken * (card + weights.counter)
    own_before, own_after = counters_in_atari(layout, player), counters_in_atari(after, player)
    their_before = counters_in_atari(layout, opponent)
    their_after = counters_in_atari(after, opponent)
    return gain + weights.in_atari * ((own_before - own_after) - (their_before - their_after))


def move_gain(state: GameState, move: Move, weights: Weights) -> float:
    """The evaluation's change when the Avatar ``move`` names goes to ``move.to``:
    its threats there less its threats where it stands."""
    avatar = next(a for a in state.avatars if a.card == move.avatar)
    if avatar.on_path:
        return 0.0
    return position_value(state, avatar, move.to, weights) - position_value(
        state, avatar, avatar.at, weights
    )
