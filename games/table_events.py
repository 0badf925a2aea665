"""What happened at the table: the last combat's dice, and the events in words with the
rule each one cites."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import (
    AvatarActivated,
    Event,
    MeleeRolled,
    RangedRolled,
    RealmStoneAttacked,
    TurnBegan,
)
from games.engine.state import PLAYERS, player_name
from games.rulebooks import RULE_NUMBER


@dataclass(frozen=True, slots=True)
class CombatDice:
    """The dice of one combat: who attacked whom, both rolls, totals and the winner."""

    kind: str
    attacker: str
    defender: str
    attack: tuple[int, ...]
    defense: tuple[int, ...]
    attacker_won: bool
    words: str
    # Whose the attacking Avatar is ("Red", "Blue"; "" when the events do not say): in a
    # mirror match both Avatars may bear one name.
    attacker_side: str = ""

    @property
    def defender_side(self) -> str:
        """The other player ("" when the attacker's side is not known)."""
        if not self.attacker_side:
            return ""
        return next(n for n in map(player_name, PLAYERS) if n != self.attacker_side)

    @property
    def attack_total(self) -> int:
        """The attacker's total."""
        return sum(self.attack)

    @property
    def defense_total(self) -> int:
        """The defender's total."""
        return sum(self.defense)


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event in words and the rule it cites ("R22"), if it names one."""

    text: str
    rule: str


def last_combat(events: Sequence[Event]) -> CombatDice | None:
    """The dice of the latest combat among ``events``, or None."""
    for at in range(len(events) - 1, -1, -1):
        event = events[at]
        match event:
            case MeleeRolled() | RangedRolled():
                kind = "melee" if isinstance(event, MeleeRolled) else "ranged"
                return CombatDice(
                    kind,
                    event.attacker,
                    event.defender,
                    event.attack_dice,
                    event.defense_dice,
                    sum(event.attack_dice) > sum(event.defense_dice),
                    event.log_line(),
                    _side_of(event.attacker, events[:at]),
                )
            case RealmStoneAttacked():
                return CombatDice(
                    "stone",
                    event.attacker,
                    "the Realm Stone",
                    (),
                    (),
                    True,
                    event.log_line(),
                    _side_of(event.attacker, events[:at]),
                )
    return None


def _side_of(attacker: str, before: Sequence[Event]) -> str:
    """The player whose Avatar ``attacker`` attacked: an attack is part of the activation
    of its Avatar (R13, R14) by the player whose turn it is, so the latest activation of
    that Avatar or, failing that, the turn's start names them; "" when neither is seen."""
    for event in reversed(before):
        match event:
            case AvatarActivated(player=player, avatar=avatar) if avatar == attacker:
                return player
            case TurnBegan(player=player):
                return player
    return ""


def log_line(event: Event) -> LogLine:
    """``event`` in words with the rule its class names (``MeleeRolled``: R22)."""
    return LogLine(event.log_line(), event_rule(type(event)))


def event_rule(kind: type) -> str:
    """The first rule number an event class's description names, or ""."""
    found = RULE_NUMBER.search(kind.__doc__ or "")
    return found.group(1) if found else ""
