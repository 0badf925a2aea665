"""A combat's dice in words, part by part: where each die comes from (R18, R22).

"Red's Jade Squire attacks with 5 dice: melee 2, Shén around 2, Iron Blade +1; rolls
6 5 3 1 1 = 16". What a roll event's pools say (``MeleeRolled.attack_pool``), which
the engine counted the dice from: every card named there is in play or was played
face up, so the words are the same for every reader.
"""

from __future__ import annotations

from types import MappingProxyType

from games.engine.events import DicePool, Event, MeleeRolled, Part, RangedRolled

MINUS = "\N{MINUS SIGN}"

# The parts that are counted, not added: said with their number alone ("melee 2").
_COUNTED = MappingProxyType(
    {
        "melee": "melee",
        "defense": "defense",
        "ranged": "ranged",
        "movement": "movement",
        "shen": "Shén around",
    }
)
# What a part without a card is called.
_UNNAMED = MappingProxyType(
    {
        "ability": "ability",
        "item": "Item",
        "attached": "attached card",
        "turn": "until end of turn",
        "exhausted": "exhausted",
        "floor": "not below 0",
        "realm_stone": "Realm Stone",
        "bonus": "bonus dice",
    }
)


def signed(amount: int) -> str:
    """+2, −1 (a minus sign, not a hyphen)."""
    return f"+{amount}" if amount >= 0 else f"{MINUS}{-amount}"


def part_words(part: Part) -> str:
    """One part of a pool: "melee 2", "Shén around 1", "Iron Blade +1", "exhausted −1"."""
    counted = _COUNTED.get(part.what)
    if counted is not None:
        return f"{counted} {part.amount}"
    if part.what == "ability" and part.card:
        return f"{part.card}'s ability {signed(part.amount)}"
    name = part.card or _UNNAMED.get(part.what, part.what)
    return f"{name} {signed(part.amount)}"


def dice_count(count: int) -> str:
    """ "1 die", "5 dice"."""
    return f"{count} {'die' if count == 1 else 'dice'}"


def faces(dice: tuple[int, ...]) -> str:
    """ "6 5 3", "no dice"."""
    return " ".join(map(str, dice)) if dice else "no dice"


def rolled(dice: tuple[int, ...]) -> str:
    """ "rolls 6 5 3 = 14", "rolls no dice"."""
    return f"rolls {faces(dice)} = {sum(dice)}" if dice else "rolls no dice"


def pool_words(pool: DicePool, avatar: str, verb: str, dice: tuple[int, ...]) -> str:
    """One side's dice: "Red's Jade Squire attacks with 5 dice: melee 2, Shén around 2,
    Iron Blade +1; rolls 6 5 3 1 1 = 16"."""
    parts = ", ".join(part_words(part) for part in pool.parts)
    return f"{pool.player}'s {avatar} {verb} with {dice_count(pool.count)}: {parts}; {rolled(dice)}"


def combat_detail(event: Event) -> tuple[str, ...]:
    """Where each die of a melee or ranged roll came from, one line a side, then the tie
    rule and any tied roll rolled again; () for any other event, or one whose pools are
    not told."""
    if not isinstance(event, MeleeRolled | RangedRolled) or not event.attack_pool.parts:
        return ()
    verb = "attacks" if isinstance(event, MeleeRolled) else "shoots"
    lines = [
        pool_words(event.attack_pool, event.attacker, verb, event.attack_dice),
        pool_words(event.defense_pool, event.defender, "defends", event.defense_dice),
    ]
    for tied in event.rerolled:
        total = sum(tied.attack_dice)
        lines.append(
            f"Tied {total} to {total} ({faces(tied.attack_dice)} vs {faces(tied.defense_dice)}), "
            "rolled again"
        )
    if event.ties == "reroll":
        lines.append("A tie is rolled again.")
    else:
        lines.append("A tie goes to the defender.")
    return tuple(lines)
