"""What happened at the table: the last combat's dice, and the events in words with the
rule each one cites and, for a combat's roll, where each die came from.

An event class names its rule in its docstring ("MeleeRolled ... (R22)"). Some events
cite a rule that depends on what they say or on the ruleset (a draw is a turn's one
action, R27, only in the earlier rulesets; a game over cites the rule that ended it):
``CITED`` reads those. A line cites a rule only when the match's own rulebook has it,
so a link never points at a rule another ruleset's book has (R27-R29 are not in
beta-2026-07's).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from games.engine import (
    PLAYERS,
    AvatarActivated,
    AvatarPlaced,
    AvatarRemoved,
    AvatarStateChanged,
    CardsDrawn,
    Event,
    FirstPlayerRolled,
    GameOver,
    MeleeRolled,
    Passed,
    RangedRolled,
    RealmStoneAttacked,
    TurnBegan,
    TurnEnded,
    combat_detail,
    player_name,
)
from games.play import event_words
from games.rules.rulebooks import RULE_NUMBER, UnknownRuleset, rulebook

ONE_ACTION = "R27"
# What a game's end cites: the rule that ended it (a resignation cites none).
ENDINGS = {"anchors": "R20", "out_of_cards": "R25", "no_avatars": "R25", "adjudicated": "R26"}
# What a pass cites, by what the player passed.
PASSES = {
    "passes": "R13",
    "stops placing Shén": "R10",
    "is done in the combat window": "R22",
    "has nothing to do and passes": ONE_ACTION,
}


def _turn(event: Event, one_action: bool) -> tuple[str, ...]:
    return (ONE_ACTION,) if one_action else ()


# The rules of the events whose rule is not their class's: (event, one action a turn?) to
# the rules it may cite, most precise first.
CITED: dict[type, Callable[[Event, bool], tuple[str, ...]]] = {
    # As a turn's one action (R27); in beta-2026-07 only an effect draws (no rule of its own).
    CardsDrawn: _turn,
    TurnBegan: _turn,
    TurnEnded: _turn,
    # Refreshed as a turn's action or by an effect; exhausted: R18 says what that is.
    AvatarStateChanged: lambda event, one_action: ("R18",),
    GameOver: lambda event, one_action: (ENDINGS.get(event.reason, ""),),
    Passed: lambda event, one_action: (PASSES.get(event.what, ""),),
    # A retreat or an advance after combat (R23); the Path's walks are an effect's.
    AvatarPlaced: lambda event, one_action: (
        ("R23",) if event.why in ("retreats", "advances") else ()
    ),
    # Removed by combat (R23), or for ending a turn on an opponent's Shén on the Path (R21).
    AvatarRemoved: lambda event, one_action: (
        "R21" if event.why == "ended the turn on an opponent's Shén" else "R23",
    ),
    RealmStoneAttacked: lambda event, one_action: ("R19",),
}


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
    # Whose the attacking and the defending Avatar are ("Red", "Blue"; "" when the
    # events do not say): in a mirror match both Avatars may bear one name.
    attacker_side: str = ""
    defender_side: str = ""

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
    """One event in words and the rule it cites ("R22"), if it names one; ``detail``, the
    lines a reader may open under it (a combat's dice, source by source, R22)."""

    text: str
    rule: str
    detail: tuple[str, ...] = ()


def last_combat(events: Sequence[Event], seat_count: int = 2) -> CombatDice | None:
    """The dice of the latest combat among ``events`` in a game of ``seat_count`` seats,
    or None. The defender's side is told only with two seats, where it is the other
    player: with more, the events name the defending Avatar but not its player."""
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
                    *_sides(event.attacker, events[:at], seat_count),
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
                    *_sides(event.attacker, events[:at], seat_count),
                )
    return None


def _sides(attacker: str, before: Sequence[Event], seat_count: int) -> tuple[str, str]:
    """(the attacker's side, the defender's: the other player of a two-seat game, "" with
    more seats or when the attacker's side is not known)."""
    side = _side_of(attacker, before)
    if not side or seat_count != 2:
        return side, ""
    return side, next(n for n in map(player_name, PLAYERS) if n != side)


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


def log_line(
    event: Event,
    rules: Collection[str] | None = None,
    one_action: bool = False,
    *,
    first_chosen: bool = False,
) -> LogLine:
    """``event`` in words with the rule it cites (``MeleeRolled``: R22): the first of its
    rules that ``rules`` (the rule numbers of the match's rulebook; None: any) has.
    ``first_chosen``: the match chose who takes the first turn, so the roll for it (R6),
    which only seated the players, is not told as if it decided anything."""
    text = event_words(event, first_chosen=first_chosen)
    if first_chosen and isinstance(event, FirstPlayerRolled):
        return LogLine(text, "")  # the roll only seated the players: no rule to cite
    cite = CITED.get(type(event))
    cited = cite(event, one_action) if cite else (event_rule(type(event)),)
    rule = next((rule for rule in cited if rule and (rules is None or rule in rules)), "")
    if isinstance(event, GameOver):  # the reason in words; the link cites its rule
        return LogLine(text.removesuffix(f" ({rule})") if rule else text, rule)
    return LogLine(text, rule, combat_detail(event))


def rulebook_rules(ruleset: str) -> frozenset[str] | None:
    """The rule numbers ``ruleset``'s rulebook has ("R27"), or None when it has no rulebook
    (then every rule an event names is cited)."""
    try:
        book = rulebook(ruleset)
    except UnknownRuleset:
        return None
    return frozenset(heading.number for heading in book.headings if heading.number)


def event_rule(kind: type) -> str:
    """The first rule number an event class's description names, or ""."""
    found = RULE_NUMBER.search(kind.__doc__ or "")
    return found.group(1) if found else ""
