"""Rulesets: the rules a game follows plus the options docs/rules.md lists for them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

RECOVERY_CHOICES = ("all", "turn_player")


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of rules. Defaults are `beta-2026-07` with its rulings.

    ``anchors`` are the scenario's default anchor spaces (R5); ``recovery`` is
    R9, ``ko`` R12, ``realm_stone_counts`` R15/R22, ``max_turns`` R26.
    """

    name: str = "beta-2026-07"
    width: int = 8
    height: int = 8
    anchors: tuple[str, ...] = ("a1", "h1", "a8", "h8")
    hand_size: int = 7
    placements_per_turn: int = 3
    max_items: int = 3
    ranged_reach: int = 4
    recovery: str = "all"
    ko: bool = False
    realm_stone_counts: bool = True
    max_turns: int = 60

    def __post_init__(self) -> None:
        if self.recovery not in RECOVERY_CHOICES:
            raise ValueError(f"recovery must be one of {', '.join(RECOVERY_CHOICES)}")
        if not 1 <= len(self.anchors) <= 6:
            raise ValueError("a scenario has 1 to 6 anchor points (R5)")
        if self.max_turns < 1 or self.hand_size < 0 or self.placements_per_turn < 0:
            raise ValueError("max_turns must be positive; hand and placement counts not negative")

    def with_options(self, **options: object) -> Ruleset:
        """This ruleset with some options changed (for simulations comparing rulings)."""
        return replace(self, **options)


BETA_2026_07 = Ruleset()

RULESETS = MappingProxyType({BETA_2026_07.name: BETA_2026_07})
