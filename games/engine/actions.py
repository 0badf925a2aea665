"""Actions: every answer a player can give to the decision waiting in the state.

Positions are board ints (spaces, or vertices for the Spirit Path); cards
and Avatars are card ints of the state (an Avatar is named by the card that
manifested it). ``-1`` means "not given". ``games.engine.client.notation`` writes and
reads them in R2 notation.
"""

from __future__ import annotations

from dataclasses import dataclass


class IllegalAction(ValueError):
    """An action that does not answer the waiting decision legally; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Action:
    """Base class of every action."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class PlaceRealmStone(Action):
    """Set-up: place your Realm Stone on ``vertex`` (R7)."""

    vertex: int


@dataclass(frozen=True, slots=True)
class PlaceCounter(Action):
    """Place one Shén counter on ``vertex`` (R10, or a place_counters effect)."""

    vertex: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline: stop placing, pass an activation step, end an activation (written
    "done"), close a combat window, stay put instead of advancing."""


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card`` from hand (R16).

    ``at``: the space (vertex for a Spirit Avatar) an Avatar manifests on, or
    the space an untargeted card is paid at. ``target``: the Avatar the card
    goes onto or acts on. ``to``: where a Spirit-Path effect moves the target.
    """

    card: int
    at: int = -1
    target: int = -1
    to: int = -1


@dataclass(frozen=True, slots=True)
class RemoveRemains(Action):
    """Remove one of your Remains-in-Play cards to reverse its effect (R13).
    ``to`` is where a reversed Spirit-Path card moves its Avatar."""

    card: int
    to: int = -1


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Activate ``avatar`` (R13, R14); what it does is the next decision."""

    avatar: int


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """The activated ``avatar`` claims the anchor point it stands on (R20)."""

    avatar: int


@dataclass(frozen=True, slots=True)
class AttackRealmStone(Action):
    """The activated ``avatar`` attacks the opponent's Realm Stone next to it."""

    avatar: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """The activated ``avatar`` moves to ``to`` (R21)."""

    avatar: int
    to: int


@dataclass(frozen=True, slots=True)
class MeleeAttack(Action):
    """Move ``avatar`` to ``origin`` (its own position when already next to the
    defender) and step into ``defender``'s position: a melee attack (R21, R22)."""

    avatar: int
    defender: int
    origin: int


@dataclass(frozen=True, slots=True)
class RangedAttack(Action):
    """The activated ``avatar`` makes a ranged attack on ``defender`` (R19, R22)."""

    avatar: int
    defender: int


@dataclass(frozen=True, slots=True)
class UseAbility(Action):
    """Use ability number ``index`` printed on ``card`` (an Avatar or one of its Items
    or attachments), aimed at Avatar ``target``; ``to`` for Spirit-Path effects."""

    card: int
    index: int
    target: int = -1
    to: int = -1


@dataclass(frozen=True, slots=True)
class LoseCards(Action):
    """Answer a card loss (R24): ``from_deck`` cards off the top of the deck and
    these cards from hand and discard pile."""

    from_deck: int = 0
    hand: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ReturnCards(Action):
    """Answer a gain_cards_back effect: these ``cards`` of your discard pile go back
    to your hand (none at all is an answer too: it says "up to")."""

    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class RemoveAvatar(Action):
    """Lose the defeated ``avatar`` instead of the cards (R23)."""

    avatar: int


@dataclass(frozen=True, slots=True)
class KeepAvatar(Action):
    """Keep the defeated ``avatar`` and lose the cards instead (R23)."""

    avatar: int


@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Place ``avatar``, whose retreat is blocked, at ``to`` next to your Realm Stone (R23)."""

    avatar: int
    to: int


@dataclass(frozen=True, slots=True)
class Advance(Action):
    """The winning attacker moves into the attacked position (R23); Pass stays put."""

    avatar: int


@dataclass(frozen=True, slots=True)
class RemoveCounter(Action):
    """Remove an opponent's counter from ``vertex`` (a remove_counters effect)."""

    vertex: int


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """One action per turn (R27): draw a card from your deck."""


@dataclass(frozen=True, slots=True)
class Refresh(Action):
    """One action per turn (R27): turn your exhausted ``avatar`` back to Ready."""

    avatar: int


@dataclass(frozen=True, slots=True)
class EstablishRealmStone(Action):
    """One action per turn (R28): replace your counter on ``vertex`` with a second
    Realm Stone of ``realm``."""

    vertex: int
    realm: str = ""


@dataclass(frozen=True, slots=True)
class Redraw(Action):
    """Set-up (R8, beta-2025): shuffle a hand without an Avatar back and draw again;
    Pass keeps it."""


@dataclass(frozen=True, slots=True)
class NameOpponent(Action):
    """After a claim (M5, ``claim_loss`` "chosen_opponent"): the claimer names the
    opponent, a player still in, who loses the cards."""

    opponent: int


# Pass has no fields: one instance serves everywhere.
PASS = Pass()
