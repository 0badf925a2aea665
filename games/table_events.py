"""What happened at the table: the last combat's dice, and the events in words with the
rule each one cites."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import Event, MeleeRolled, RangedRolled, RealmStoneAttacked
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
    for event in reversed(events):
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
                )
            case RealmStoneAttacked():
                return CombatDice(
                    "stone", event.attacker, "the Realm Stone", (), (), True, event.log_line()
                )
    return None


def log_line(event: Event) -> LogLine:
    """``event`` in words with the rule its class names (``MeleeRolled``: R22)."""
    return LogLine(event.log_line(), event_rule(type(event)))


def event_rule(kind: type) -> str:
    """The first rule number an event class's description names, or ""."""
    found = RULE_NUMBER.search(kind.__doc__ or "")
    return found.group(1) if found else ""
