"""What the state waits for: decisions a player answers, and tasks the engine runs.

Both live on ``GameState.pending`` (a stack, top last). A rule that needs
several answers in a row (a combat, an effect placing counters) pushes its
later tasks first and its first decision on top, so the engine never calls
back into a player: it stops at the next decision and waits for an action.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.effects import EffectStep
from games.engine.state import note


@dataclass(frozen=True, slots=True)
class Decision:
    """Something ``player`` must answer with an action."""

    player: int


class Task:
    """Something the engine does by itself when it reaches the top of the stack."""

    __slots__ = ()


# -- decisions ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseRealmStone(Decision):
    """Set-up: ``player`` places their Realm Stone (R7)."""


@dataclass(frozen=True, slots=True)
class PlaceShen(Decision):
    """Recovery and Set-Up: ``player`` places a counter or stops (R10).
    ``placed``/``stopped`` are per player."""

    placed: tuple[int, ...] = (0, 0)
    stopped: tuple[bool, ...] = (False, False)


@dataclass(frozen=True, slots=True)
class ChooseRedraw(Decision):
    """Set-up (R8, ``opening_redraw``): ``player``'s hand has no Avatar: redraw it, or
    Pass to keep it."""


@dataclass(frozen=True, slots=True)
class TakeTurn(Decision):
    """One action per turn (R27): ``player`` draws, places a counter, plays a card,
    refreshes an Avatar, claims, establishes a second Realm Stone, uses an ability,
    shoots, or moves (maybe into combat)."""


@dataclass(frozen=True, slots=True)
class ActivationStep(Decision):
    """Activation: ``player`` plays a card, activates an Avatar, removes a Remains
    card or passes (R13). ``passes`` counts passes in succession."""

    passes: int = 0


@dataclass(frozen=True, slots=True)
class AvatarActivation(Decision):
    """What the activated ``avatar`` does: claim, attack a Realm Stone, move (maybe
    into melee), shoot or use an ability (R19); Pass ends the activation doing
    nothing (it still counts as activated, R14)."""

    avatar: int


@dataclass(frozen=True, slots=True)
class FollowUp(Decision):
    """The rest of ``avatar``'s activation: a move after an ability, or an ability
    after a move (R19); Pass ends it."""

    avatar: int
    may_move: bool
    may_use_ability: bool


@dataclass(frozen=True, slots=True)
class CombatWindow(Decision):
    """``player`` may play one card and use one ability on the combat (R22); Pass closes."""


@dataclass(frozen=True, slots=True)
class AfterCombat(Decision):
    """``player`` may use one of ``avatar``'s after-combat abilities; Pass declines."""

    avatar: int


@dataclass(frozen=True, slots=True)
class RemoveOrLose(Decision):
    """``player``'s defeated ``avatar``: remove it, or keep it and lose ``count`` cards (R23)."""

    avatar: int
    count: int


@dataclass(frozen=True, slots=True)
class ChooseLostCards(Decision):
    """``player`` loses ``count`` cards, choosing from hand, discard and deck top (R24)."""

    count: int


@dataclass(frozen=True, slots=True)
class ChooseOpponent(Decision):
    """After ``player``'s claim (M5, ``claim_loss`` "chosen_opponent"): name the opponent
    who loses ``count`` cards."""

    count: int


@dataclass(frozen=True, slots=True)
class ChooseReturnedCards(Decision):
    """A gain_cards_back effect: ``player`` returns up to ``count`` cards of their
    discard pile to hand, choosing which."""

    count: int


@dataclass(frozen=True, slots=True)
class ChooseRetreat(Decision):
    """``avatar``'s retreat is blocked; ``player`` picks one of ``options`` by the Realm
    Stone (R23)."""

    avatar: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseAdvance(Decision):
    """The winning attacker may move into the attacked position ``to`` (R23)."""

    avatar: int
    to: int


@dataclass(frozen=True, slots=True)
class PlaceEffectCounters(Decision):
    """A place_counters effect: ``player`` places ``remaining`` more counters (Pass stops)."""

    remaining: int


@dataclass(frozen=True, slots=True)
class RemoveEffectCounters(Decision):
    """A remove_counters effect: ``player`` removes up to ``remaining`` opponent counters
    among ``vertices``."""

    remaining: int
    vertices: tuple[int, ...]


# -- tasks --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealHands(Task):
    """Both players shuffle and draw their opening hands (R8), then turn 1 begins."""


@dataclass(frozen=True, slots=True)
class BeginTurn(Task):
    """Recovery (R9), then the placement of Shén (R10)."""


@dataclass(frozen=True, slots=True)
class EndTurn(Task):
    """Walkers on opponent counters leave, modifiers lapse, the turn limit is checked."""


@dataclass(frozen=True, slots=True)
class ResolveSteps(Task):
    """The rest of an effect: ``steps`` for ``player`` from ``source`` (an Avatar or -1)
    on ``target`` (an Avatar or -1); ``origin``/``origin_on_path`` is where it acts from;
    ``to`` a chosen Spirit-Path destination. ``card`` notes whose text or ability the
    effect is (-1: not known), so the trait changes and bonus dice it gives can name it."""

    player: int
    steps: tuple[EffectStep, ...]
    source: int
    target: int
    origin: int
    origin_on_path: bool
    to: int = -1
    card: int = note(-1)


@dataclass(frozen=True, slots=True)
class DiscardCard(Task):
    """A resolved one-shot card goes to its owner's discard pile (R16)."""

    card: int


@dataclass(frozen=True, slots=True)
class RollCombat(Task):
    """Roll the dice (or not, on a Realm Stone) and settle who won."""


@dataclass(frozen=True, slots=True)
class CombatRetreat(Task):
    """The loser of a melee retreats (R23), if still on the board."""


@dataclass(frozen=True, slots=True)
class CombatEnd(Task):
    """Exhaust the combatants (R18: after the action), open after-combat windows."""


@dataclass(frozen=True, slots=True)
class ClearCombat(Task):
    """Forget the finished combat."""


@dataclass(frozen=True, slots=True)
class OfferAdvance(Task):
    """A winning melee attacker may move into the vacated position (R23)."""


@dataclass(frozen=True, slots=True)
class ExhaustAvatar(Task):
    """Exhaust ``avatar`` once its action has resolved (R18)."""

    avatar: int
