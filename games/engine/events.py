"""Events: what happened, as frozen data with a log line in R2 notation.

Events carry names (players, cards, positions) rather than ints so a log
line reads on its own, without the state it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType


class Event:
    """Base class of every event."""

    __slots__ = ()

    def log_line(self) -> str:  # pragma: no cover - every event overrides it
        raise NotImplementedError


# Metadata of a field added after games were stored (``codec.OMIT_DEFAULT``): left out
# of the text while it holds its default, so older logs read and print as before.
_ADDED = MappingProxyType({"omit_default": True})


def _dice(dice: tuple[int, ...]) -> str:
    return f"{len(dice)} {'die' if len(dice) == 1 else 'dice'} [{','.join(map(str, dice))}]" + (
        f"={sum(dice)}"
    )


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


@dataclass(frozen=True, slots=True)
class FirstPlayerRolled(Event):
    """Both players' 2d6 for the first player, re-rolls included (R6)."""

    rolls: tuple[tuple[int, ...], ...]
    first: str

    def log_line(self) -> str:
        rolled = "; ".join(f"[{','.join(map(str, r))}]" for r in self.rolls)
        return f"Rolls for first player: {rolled}; {self.first} places a Realm Stone first"


@dataclass(frozen=True, slots=True)
class RealmStonePlaced(Event):
    """A Realm Stone and its starting counters (R7)."""

    player: str
    vertex: str
    counters: tuple[str, ...]

    def log_line(self) -> str:
        return f"{self.player} sets the Realm Stone on {self.vertex} ({' '.join(self.counters)})"


@dataclass(frozen=True, slots=True)
class RealmStoneEstablished(Event):
    """A second Realm Stone replaces a counter (R28)."""

    player: str
    vertex: str
    realm: str

    def log_line(self) -> str:
        return f"{self.player} establishes a second Realm Stone ({self.realm}) on {self.vertex}"


@dataclass(frozen=True, slots=True)
class HandRedrawn(Event):
    """A hand without an Avatar shuffled back and drawn again (R8, beta-2025)."""

    player: str
    drawn: int

    def log_line(self) -> str:
        return f"{self.player} has no Avatar and draws a new hand of {_cards(self.drawn)}"


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    """A new turn and whose it is."""

    turn: int
    player: str

    def log_line(self) -> str:
        return f"Turn {self.turn}: {self.player}"


@dataclass(frozen=True, slots=True)
class Recovered(Event):
    """A player's recovery: Avatars refreshed, cards drawn (R9)."""

    player: str
    refreshed: int
    drawn: int
    reshuffled: bool

    def log_line(self) -> str:
        shuffle = ", reshuffling the discard pile" if self.reshuffled else ""
        return f"{self.player} refreshes {self.refreshed} and draws {_cards(self.drawn)}{shuffle}"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards drawn by an effect, or as a turn's action (R27)."""

    player: str
    count: int
    reshuffled: bool

    def log_line(self) -> str:
        shuffle = " (reshuffled the discard pile)" if self.reshuffled else ""
        return f"{self.player} draws {_cards(self.count)}{shuffle}"


@dataclass(frozen=True, slots=True)
class CounterPlaced(Event):
    """One Shén counter placed (R10)."""

    player: str
    vertex: str

    def log_line(self) -> str:
        return f"{self.player} places Shén on {self.vertex}"


@dataclass(frozen=True, slots=True)
class CountersCaptured(Event):
    """A player's counters captured (R11)."""

    player: str
    vertices: tuple[str, ...]

    def log_line(self) -> str:
        return f"{self.player} Shén captured: {' '.join(self.vertices)}"


@dataclass(frozen=True, slots=True)
class CountersRemoved(Event):
    """Counters removed by an effect (not a capture)."""

    player: str
    vertices: tuple[str, ...]

    def log_line(self) -> str:
        return f"{self.player} Shén removed: {' '.join(self.vertices)}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A player passed, stopped or closed a window."""

    player: str
    what: str

    def log_line(self) -> str:
        return f"{self.player} {self.what}"


@dataclass(frozen=True, slots=True)
class CardsLost(Event):
    """Cards a player lost from the game, and from where (R24)."""

    player: str
    count: int
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    from_deck: int = 0

    def log_line(self) -> str:
        parts = []
        if self.hand:
            parts.append("hand: " + ", ".join(self.hand))
        if self.discard:
            parts.append("discard: " + ", ".join(self.discard))
        if self.from_deck:
            parts.append(f"deck: {self.from_deck}")
        detail = f" ({'; '.join(parts)})" if parts else ""
        return f"{self.player} loses {_cards(self.count)}{detail}"


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A card played from hand (R16)."""

    player: str
    card: str
    where: str

    def log_line(self) -> str:
        return f"{self.player} plays {self.card}{' ' + self.where if self.where else ''}"


@dataclass(frozen=True, slots=True)
class AbilityUsed(Event):
    """An ability used."""

    player: str
    source: str
    ability: str

    def log_line(self) -> str:
        return f"{self.source} uses {self.ability}"


@dataclass(frozen=True, slots=True)
class RemainsRemoved(Event):
    """A Remains-in-Play card taken back off the board."""

    player: str
    card: str

    def log_line(self) -> str:
        return f"{self.player} removes {self.card} from play"


@dataclass(frozen=True, slots=True)
class AvatarActivated(Event):
    """A player activates one of their Avatars (R13, R14)."""

    player: str
    avatar: str
    at: str

    def log_line(self) -> str:
        return f"{self.player} activates {self.avatar} on {self.at}"


@dataclass(frozen=True, slots=True)
class AvatarMoved(Event):
    """An Avatar's move (R21)."""

    avatar: str
    start: str
    end: str

    def log_line(self) -> str:
        return f"{self.avatar} moves {self.start}-{self.end}"


@dataclass(frozen=True, slots=True)
class AvatarPlaced(Event):
    """An Avatar put somewhere other than by moving: a retreat, an advance, the Path."""

    avatar: str
    start: str
    end: str
    why: str

    def log_line(self) -> str:
        return f"{self.avatar} {self.why} {self.start}-{self.end}"


@dataclass(frozen=True, slots=True)
class AvatarRemoved(Event):
    """An Avatar removed from the game, and why."""

    avatar: str
    at: str
    why: str

    def log_line(self) -> str:
        return f"{self.avatar} on {self.at} is removed from the game ({self.why})"


@dataclass(frozen=True, slots=True)
class AvatarStateChanged(Event):
    """An Avatar refreshed or exhausted by an effect."""

    avatar: str
    change: str

    def log_line(self) -> str:
        return f"{self.avatar} {self.change}"


@dataclass(frozen=True, slots=True)
class TraitModified(Event):
    """A trait changed until the end of the turn."""

    avatar: str
    trait: str
    amount: int

    def log_line(self) -> str:
        return f"{self.avatar} gets {self.amount:+d} {self.trait} until end of turn"


@dataclass(frozen=True, slots=True)
class BonusDice(Event):
    """Extra combat dice for one side (R22)."""

    player: str
    count: int

    def log_line(self) -> str:
        return f"{self.player} adds {self.count} combat {'die' if self.count == 1 else 'dice'}"


@dataclass(frozen=True, slots=True)
class CardsReturned(Event):
    """Cards returned from the discard pile to hand."""

    player: str
    cards: tuple[str, ...]

    def log_line(self) -> str:
        return f"{self.player} returns {', '.join(self.cards) or 'nothing'} to hand"


@dataclass(frozen=True, slots=True)
class Part:
    """One part of an Avatar's trait or of a side's combat dice (R18, R22): what gives it,
    how much (negative: it takes away), and the card that gives it ("" for none).

    ``what``: the printed trait ("melee", "defense", "ranged", "movement"); the Avatar's
    own lasting "ability"; an "item"; an "attached" card; a change until the end of the
    "turn"; the "exhausted" penalty (R18); the "floor" that lifts a trait taken below 0
    back to 0; the player's "shen" counters around and their "realm_stone" (R15);
    "bonus" dice. Every card it names is in play or was played face up: anyone may read it."""

    what: str
    amount: int
    card: str = ""


@dataclass(frozen=True, slots=True)
class DicePool:
    """One side's combat dice, part by part: the dice rolled are the sum of ``parts``."""

    player: str = ""
    parts: tuple[Part, ...] = ()

    @property
    def count(self) -> int:
        """How many dice the side rolls."""
        return sum(part.amount for part in self.parts)


@dataclass(frozen=True, slots=True)
class TiedRoll:
    """A tied roll that was rolled again (R22, ``ties`` "reroll")."""

    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]


# An event that says nothing of its pools (built before they were told): no parts.
NO_POOL = DicePool()


@dataclass(frozen=True, slots=True)
class MeleeRolled(Event):
    """A melee attack's dice and winner (R22)."""

    attacker: str
    start: str
    origin: str
    target: str
    defender: str
    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]
    winner: str
    # Where each side's dice come from, the tie rule and the tied rolls rolled again:
    # ``ties`` "defender" (a tie goes to the defender) or "reroll".
    attack_pool: DicePool = NO_POOL
    defense_pool: DicePool = NO_POOL
    ties: str = "defender"
    rerolled: tuple[TiedRoll, ...] = ()

    def log_line(self) -> str:
        move = f"moves {self.start}-{self.origin} and " if self.start != self.origin else ""
        return (
            f"{self.attacker} {move}attacks {self.defender} on {self.target}: "
            f"{_dice(self.attack_dice)} vs {_dice(self.defense_dice)}; {self.winner} wins"
        )


@dataclass(frozen=True, slots=True)
class RangedRolled(Event):
    """A ranged attack's dice and winner (R22)."""

    attacker: str
    origin: str
    defender: str
    target: str
    attack_dice: tuple[int, ...]
    defense_dice: tuple[int, ...]
    winner: str
    # Where each side's dice come from, the tie rule and the tied rolls rolled again:
    # ``ties`` "defender" (a tie goes to the defender) or "reroll".
    attack_pool: DicePool = NO_POOL
    defense_pool: DicePool = NO_POOL
    ties: str = "defender"
    rerolled: tuple[TiedRoll, ...] = ()

    def log_line(self) -> str:
        return (
            f"{self.attacker} on {self.origin} shoots {self.defender} on {self.target}: "
            f"{_dice(self.attack_dice)} vs {_dice(self.defense_dice)}; {self.winner} wins"
        )


@dataclass(frozen=True, slots=True)
class RealmStoneAttacked(Event):
    """An attack on a Realm Stone: no dice, the attacker wins."""

    attacker: str
    origin: str
    stone: str
    power: int

    def log_line(self) -> str:
        return (
            f"{self.attacker} on {self.origin} attacks the Realm Stone on {self.stone} "
            f"({self.power})"
        )


@dataclass(frozen=True, slots=True)
class AnchorClaimed(Event):
    """An anchor point claimed (R20)."""

    player: str
    avatar: str
    anchor: str
    held: int

    def log_line(self) -> str:
        return f"{self.avatar} claims {self.anchor} for {self.player} (holds {self.held})"


@dataclass(frozen=True, slots=True)
class OpponentNamed(Event):
    """The claimer names the opponent who loses the cards (M5, ``chosen_opponent``)."""

    player: str
    opponent: str
    count: int

    def log_line(self) -> str:
        return f"{self.player} names {self.opponent} to lose {_cards(self.count)}"


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """The end of a turn."""

    turn: int

    def log_line(self) -> str:
        return f"Turn {self.turn} ends"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The result: a winner (None for a draw) and why; with more than two seats
    ``among`` names everyone sharing it (a winning team, or the players drawing, M8)."""

    winner: str | None
    reason: str
    among: tuple[str, ...] = field(default=(), metadata=_ADDED)

    def log_line(self) -> str:
        if len(self.among) > 1:
            names = ", ".join(self.among[:-1]) + " and " + self.among[-1]
            verb = "draw" if self.winner is None else "win"
            return f"{names} {verb} ({self.reason})"
        if self.winner is None:
            return f"The game is a draw ({self.reason})"
        return f"{self.winner} wins ({self.reason})"


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """A player with no cards in hand, deck and discard pile is out (R25, M7): how many
    of their Shén counters left the board, and the anchor points that became unclaimed
    (their Avatars leaving are told by AvatarRemoved)."""

    player: str
    counters: int = 0
    unclaimed: tuple[str, ...] = ()

    def log_line(self) -> str:
        text = f"{self.player} is out of cards and leaves the game"
        parts = []
        if self.counters:
            parts.append(f"{self.counters} Shén counter{'s' * (self.counters != 1)} removed")
        if self.unclaimed:
            parts.append(", ".join(self.unclaimed) + " unclaimed")
        return text + (f" ({'; '.join(parts)})" if parts else "")
