"""What an option is worth before it is played: the greedy bot's shortlist.

Playing an option forward (``apply``, the rest of its step, ``evaluation``) costs
a tenth of a millisecond for a quiet one and over half a millisecond for an attack
(the combat windows, the roll, the loss), and most menus are long: a Shén placement
holds 30–60 vertices (PlaceShen, the one-action turn's TakeTurn), an activated
Avatar a dozen moves and attacks, an Activation step an activation per Ready
Avatar, each worth what that Avatar then does. Four kinds are estimated here from
the position alone:

* **a placement**: one counter more (``counter``), the opponent's counters it
  captures (a counter and, where captures cost cards, a card each: R12), and the
  counters it puts in atari or takes out of it (``in_atari``), read from the
  groups once the counter is put (``put_counter`` on the grid's layout alone, a few
  microseconds, instead of a whole ``apply``), and only from the groups next to it
  when it captures nothing: the evaluation's own change of score;
* **a move**: the moving Avatar's threats where it ends up less those where it
  stands (``on_anchor``, ``approach``, ``at_stone``: ``evaluation.Threats``), again
  the evaluation's own change;
* **an attack** (melee or ranged): the defender's board presence by the odds of the
  two sides' traits, less, in a melee, the attacker's own by the opposite odds where
  a beaten attacker pays (R22, R23), plus a melee's move to where it fights;
* **an activation**: the best of what the Avatar could then do, read from where it
  stands without listing its moves (that listing costs as much as playing one
  forward): claim the anchor under it, attack the Realm Stone next to it or an Avatar
  in reach, walk toward an anchor it does not hold.

The greedy bot plays forward only the best few options of each kind by these
estimates (:class:`Shortlist`), at most ``estimated`` of them in all where that is
set, and every option of the other kinds (cards, claims, abilities, Realm Stones,
passing), whose effects are too varied to estimate. An estimate only ranks: the
choice is still made on played-forward scores, so an estimate that misses a chain
of effects costs at most a worse pick among the shortlisted options. The placement
and move estimates compare with the evaluation's scores; the attack and activation
ones only with others of their kind (and each other, under ``estimated``).

Whatever several options' estimates share (each player's threats, the Avatars'
traits, the counters in atari before) is worked out once per decision, in an
:class:`Estimates` that lives for that call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from games.engine.actions import (
    PASS,
    Action,
    Activate,
    MeleeAttack,
    Move,
    PlaceCounter,
    RangedAttack,
)
from games.engine.avatars import trait_value
from games.engine.board import Geometry
from games.engine.bots.evaluation import Threats, Weights, in_atari_by_owner, strength
from games.engine.groups import Group, Layout, put_counter, roots_next_to
from games.engine.seats import opponent_seats
from games.engine.state import Avatar, GameState


@dataclass(frozen=True)
class Shortlist:
    """How many options of each estimated kind are played forward per decision
    (None: all of them, as the greedy bot did before it estimated)."""

    placements: int | None = 1
    moves: int | None = 1
    attacks: int | None = 2
    activations: int | None = None
    # Of all the estimated kinds together, the best this many by estimate (None: no cap).
    estimated: int | None = None
    # Whether Pass is played forward too, when something else is on offer.
    passing: bool = True

    def of(
        self, state: GameState, actions: Sequence[Action], player: int, weights: Weights
    ) -> Sequence[Action]:
        """``actions`` worth playing forward, in the engine's order: the best of each
        estimated kind by estimate (between equal estimates the engine's order), at most
        ``estimated`` of them in all, and every other action."""
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            kind = KINDS.get(type(action))
            if kind is not None:
                by_kind.setdefault(kind, []).append(action)
        cut = {
            kind: options for kind, options in by_kind.items() if _cut(options, getattr(self, kind))
        }
        estimated = sum(len(options) for options in by_kind.values())
        if not cut and not _cut(range(estimated), self.estimated):
            return actions if self.passing else _without_pass(actions)
        estimates = Estimates(state, player, weights)
        kept: list[Action] = []
        for kind, options in by_kind.items():
            kept += _best(options, getattr(self, kind), estimates.gain) if kind in cut else options
        if _cut(kept, self.estimated):
            kept = _best(kept, self.estimated, estimates.gain)
        keep = set(kept)
        kept = [a for a in actions if a in keep or type(a) not in KINDS]
        return kept if self.passing else _without_pass(kept)


# The greedy bot's shortlist. One placement and one move: their estimates are the
# evaluation's own change, so playing more forward only met ties. Every activation: with
# the best two by estimate the bot won 34% of 40 beta-2026-07 games against the greedy
# bot of before (3 placements, 2 moves and every other option, at both levels), with
# every one 52%: the estimate too often misses which Avatar's activation is best.
SHORTLIST = Shortlist()
# The greedy bot's own choices inside a step (what an activated Avatar does): the kinds
# not estimated and the best estimated option alone, since each is played forward for
# every option that leads to it. Not Pass: an activation is worth what the Avatar can do
# (passing is the step's own Pass), and without it the bot won 50% of 40 beta-2026-07
# games against itself with it, at 12% less CPU per game.
FOLLOW_UP_OPTIONS = Shortlist(1, 1, 1, 1, estimated=1, passing=False)
# Every option played forward: the greedy bot before estimates (bench/bots.py compares).
EVERY_OPTION = Shortlist(None, None, None, None)
# The shortlist before attacks and activations were estimated: the search bot's leaves
# keep it, so that its strength and cost are what they were measured to be.
PLACEMENTS_AND_MOVES = Shortlist(3, 2, None, None)

# The estimated kinds of action, by the Shortlist field that says how many to keep.
KINDS: Mapping[type, str] = MappingProxyType(
    {
        PlaceCounter: "placements",
        Move: "moves",
        MeleeAttack: "attacks",
        RangedAttack: "attacks",
        Activate: "activations",
    }
)


def _without_pass(actions: Sequence[Action]) -> Sequence[Action]:
    others = [a for a in actions if a != PASS]
    return others or actions


def _cut(options: Sequence, count: int | None) -> bool:
    return count is not None and len(options) > count


class Estimates:
    """The estimates of one decision's options, with what they share worked out once:
    each player's threats (``evaluation.Threats``), each Avatar by its card, its traits
    and its threats where it stands, each defender's worth. Lives for one call."""

    __slots__ = (
        "atari",
        "avatars",
        "gains",
        "player",
        "standing",
        "state",
        "threats",
        "traits",
        "weights",
    )

    def __init__(self, state: GameState, player: int, weights: Weights) -> None:
        self.state, self.player, self.weights = state, player, weights
        self.avatars = {avatar.card: avatar for avatar in state.avatars}
        self.threats: dict[int, Threats] = {}
        self.atari: list[int] | None = None
        self.traits: dict[tuple[int, str], int] = {}
        self.standing: dict[int, float] = {}
        self.gains: dict[Action, float] = {}

    def avatar(self, card: int) -> Avatar:
        """The Avatar in play that is ``card``."""
        return self.avatars[card]

    def trait(self, avatar: Avatar, trait: str) -> int:
        """``avatar``'s current ``trait`` (``avatars.trait_value``)."""
        key = (avatar.card, trait)
        if key not in self.traits:
            self.traits[key] = trait_value(self.state, avatar, trait)
        return self.traits[key]

    def threats_at(self, avatar: Avatar, at: int) -> float:
        """The threats ``avatar`` would make on space ``at``, less those where it stands."""
        threats = self.threats_of(avatar.owner)
        if avatar.card not in self.standing:
            self.standing[avatar.card] = threats.at(avatar, avatar.at)
        return threats.at(avatar, at) - self.standing[avatar.card]

    def attack_value(self, attacker: Avatar, trait: str, defender: Avatar) -> float:
        """An attack by ``attacker`` with its ``trait`` on ``defender``: the defender's
        board presence (``avatar``, ``strength``) times the attacker's share of the two
        sides' traits (R22: each side rolls dice by its trait), less, in a melee where a
        beaten attacker pays (R23), the attacker's own presence times the defender's
        share (a ranged attack that fails costs nothing)."""
        power = self.trait(attacker, trait)
        guard = self.trait(defender, "defense")
        share = power / (power + guard) if power + guard else 0.5
        value = share * self.at_stake(defender)
        if trait == "melee" and self.state.ruleset.beaten_attacker_pays:
            value -= (1.0 - share) * self.at_stake(attacker)
        return value

    def at_stake(self, avatar: Avatar) -> float:
        """``avatar``'s board presence by the evaluation, Readiness aside."""
        weights = self.weights
        return weights.avatar + weights.strength * strength(self.state.cards, avatar)

    def in_atari(self) -> list[int]:
        """Each player's counters in atari in this position (``in_atari_by_owner``)."""
        if self.atari is None:
            self.atari = in_atari_by_owner(self.state.grid.layout)
        return self.atari

    def threats_of(self, owner: int) -> Threats:
        """``owner``'s threats in this position."""
        if owner not in self.threats:
            self.threats[owner] = Threats(self.state, owner, self.weights)
        return self.threats[owner]

    def gain(self, action: Action) -> float:
        """The option's estimate, by its kind (see ``KINDS``)."""
        if action not in self.gains:
            self.gains[action] = self._gain(action)
        return self.gains[action]

    def _gain(self, action: Action) -> float:
        kind = type(action)
        if kind is PlaceCounter:
            return placement_gain(self.state, self.player, action.vertex, self.weights, self)
        if kind is Move:
            return move_gain(self.state, action, self.weights, self)
        if kind is Activate:
            return activation_gain(self.state, action, self.weights, self)
        return attack_gain(self.state, action, self.weights, self)


def _best(options: list, count: int, gain: Callable[[Action], float]) -> list:
    """The ``count`` options of highest ``gain``; between equals, the earlier."""
    ranked = sorted(range(len(options)), key=lambda i: (-gain(options[i]), i))
    return [options[i] for i in ranked[:count]]


def placement_gain(
    state: GameState,
    player: int,
    vertex: int,
    weights: Weights,
    estimates: Estimates | None = None,
) -> float:
    """The evaluation's change for ``player`` when their counter goes on ``vertex``
    (see the module docstring); -inf for a placement that would be captured at once.
    ``estimates``: the decision's, whose count of counters in atari before is shared."""
    grid = state.grid
    layout = grid.layout
    rivals = opponent_seats(state, player)
    changed = put_counter(grid.geometry, layout, vertex, player, capture=True, opponents=rivals)
    if changed is None:
        return -float("inf")
    after, captured = changed
    taken = sum(mask.bit_count() for owner, mask in captured.items() if owner != player)
    card = weights.card if state.ruleset.card_losses else 0.0
    gain = weights.counter + taken * (card + weights.counter)
    if captured:  # liberties come back around the captured counters: count them all
        before = in_atari_by_owner(layout) if estimates is None else estimates.in_atari()
        now = in_atari_by_owner(after)
    else:
        before, now = _atari_change(grid.geometry, layout, after, vertex, player)
    own_before, own_after = before[player], now[player]
    # The opponents' counters in atari, all of them (M4): with two players, the other's.
    their_before = sum(count for seat, count in enumerate(before) if rivals >> seat & 1)
    their_after = sum(count for seat, count in enumerate(now) if rivals >> seat & 1)
    return gain + weights.in_atari * ((own_before - own_after) - (their_before - their_after))


def _atari_change(
    geometry: Geometry, layout: Layout, after: Layout, vertex: int, player: int
) -> tuple[list[int], list[int]]:
    """Each player's counters in atari among the groups a placement on ``vertex`` that
    captures nothing changes, before and after: the groups next to it, which lose a
    liberty (the player's own merge into the new counter's group). Every other group is
    the same in both layouts, so the difference is the whole board's."""
    before = [0] * len(layout.counters)
    now = [0] * len(layout.counters)
    for root in roots_next_to(geometry, layout, vertex):
        group = layout.by_root[root]
        _count_atari(before, group)
        if group.owner != player:
            _count_atari(now, after.by_root[root])
    _count_atari(now, after.group_at(vertex))
    return before, now


def _count_atari(counts: list[int], group: Group) -> None:
    if not group.anchored and group.liberties.bit_count() == 1:
        counts[group.owner] += group.members.bit_count()


def move_gain(
    state: GameState, move: Move, weights: Weights, estimates: Estimates | None = None
) -> float:
    """The evaluation's change when the Avatar ``move`` names goes to ``move.to``:
    its threats there less its threats where it stands (``estimates``: the decision's,
    when there is one already)."""
    estimates = estimates or Estimates(state, state.to_decide, weights)
    avatar = estimates.avatar(move.avatar)
    if avatar.on_path:
        return 0.0
    return estimates.threats_at(avatar, move.to)


def attack_gain(
    state: GameState,
    attack: MeleeAttack | RangedAttack,
    weights: Weights,
    estimates: Estimates | None = None,
) -> float:
    """What an attack is worth, to rank attacks among themselves: what is at stake on
    each side by the odds of the traits (``Estimates.attack_value``), plus, for a melee
    attack, the attacker's threats where it fights (``origin``) less where it stands."""
    estimates = estimates or Estimates(state, state.to_decide, weights)
    avatar = estimates.avatar(attack.avatar)
    melee = type(attack) is MeleeAttack
    defender = estimates.avatar(attack.defender)
    gain = estimates.attack_value(avatar, "melee" if melee else "ranged", defender)
    if melee and not avatar.on_path and attack.origin != avatar.at:
        gain += estimates.threats_at(avatar, attack.origin)
    return gain


def activation_gain(
    state: GameState, activate: Activate, weights: Weights, estimates: Estimates | None = None
) -> float:
    """What activating an Avatar is worth, to rank activations among themselves, read
    from where it stands without listing what it may do (that listing is most of the
    cost of playing the activation forward): the best of a claim of the anchor it
    stands on (``anchor``, R20), an attack on the Realm Stone next to it (its melee in
    cards, R19), an attack on an opposing Avatar it could reach (as ``attack_gain``,
    melee within its movement and one space, ranged within the ruleset's reach, in king
    moves, R19, R21) and a move toward the nearest anchor it does not hold (``approach``
    for each space nearer, ``on_anchor`` on it); 0 when it could do none of these."""
    estimates = estimates or Estimates(state, state.to_decide, weights)
    avatar = estimates.avatar(activate.avatar)
    if avatar.on_path:  # walking the Spirit Path: no claim, attack or anchor in reach
        return 0.0
    owner = avatar.owner
    threats = estimates.threats_of(owner)
    best = 0.0
    for anchor, holder in zip(state.anchors, state.holders, strict=True):
        if anchor == avatar.at and holder != owner:
            best = weights.anchor
    melee = estimates.trait(avatar, "melee")
    if threats.corners[avatar.at] & threats.stone_bit:
        best = max(best, weights.card * melee)
    movement = estimates.trait(avatar, "movement")
    ranged = estimates.trait(avatar, "ranged")
    reach = state.ruleset.ranged_reach
    distance = state.board.space_distance
    for enemy in state.avatars:
        if enemy.owner == owner or enemy.on_path:
            continue
        apart = distance(avatar.at, enemy.at)
        if melee > 0 and apart <= movement + 1:
            best = max(best, estimates.attack_value(avatar, "melee", enemy))
        if ranged > 0 and apart <= reach:
            best = max(best, estimates.attack_value(avatar, "ranged", enemy))
    nearest = min((distance(avatar.at, anchor) for anchor, *_ in threats.open_anchors), default=0)
    if nearest and movement:
        toward = weights.approach * min(movement, nearest)
        best = max(best, toward + (weights.on_anchor if nearest <= movement else 0.0))
    return best
