"""Rulesets: the rules a game follows plus the options the rulebooks list for them.

``beta-2026-07`` is the default; ``beta-2025`` and ``simplified-0.1`` are the
earlier texts, played by the same engine: they differ only in the fields below
(docs/rules-beta-2025.md and docs/rules-simplified-0.1.md say which and why).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

RECOVERY_CHOICES = ("all", "turn_player")
TURN_STRUCTURES = ("alternating", "one_action")
CLAIM_REACHES = ("on", "on_or_next_to", "next_to")
ANCHOR_KINDS = ("spaces", "vertices")
STONE_COUNTERS = ("all", "empty")
TIE_RULES = ("defender", "reroll")
DICE_PLACES = ("origin", "target")
WINDOW_SHEN = ("sides", "defended")
AFTER_COMBAT = ("both", "winner")
LOSS_POWERS = ("current", "printed")
RETREATS = ("along_attack", "moved_from", "any_empty")
OUT_RULES = ("no_cards", "no_avatars")
CARD_SHEN = ("target", "any_space")
PATH_CARDS = ("remains", "action")
RANGED_TARGETS = ("opponents", "any")
RANGED_TIES = ("as_melee", "defender")
WALKER_COUNTERS = ("own_or_empty", "any")
MOVEMENT_READINGS = ("trait", "text")
ALLY_SHEN = ("own", "team")
CLAIM_LOSSES = ("each_opponent", "chosen_opponent")
OUT_PIECES = ("removed", "remain")

# Metadata of the fields added with the earlier rulesets: the codec leaves such a
# field out of a stored game while it holds its default (see codec.OMIT_DEFAULT), so
# games stored before they existed keep their digests.
_ADDED = MappingProxyType({"omit_default": True})


def _added(default: Any) -> Any:
    return field(default=default, metadata=_ADDED)


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named set of rules. Defaults are `beta-2026-07` with its rulings (but for
    ``finite_turns``, on in :data:`BETA_2026_07`).

    ``anchors`` are the scenario's default anchor spaces (R5); ``recovery`` is
    R9, ``ko`` R12, ``realm_stone_counts`` R15/R22, ``max_turns`` R26. The fields
    after ``max_turns`` are where the earlier rulesets differ; each names its rule.
    """

    name: str = "beta-2026-07"
    width: int = 8
    height: int = 8
    anchors: tuple[str, ...] = ("a1", "h1", "a8", "h8")
    hand_size: int = 7
    placements_per_turn: int = 3
    # R16: the Items an Avatar may carry (0: no limit).
    max_items: int = 3
    ranged_reach: int = 4
    recovery: str = "all"
    ko: bool = False
    realm_stone_counts: bool = True
    max_turns: int = 60
    # R13/R27: alternating steps each turn, or exactly one action per turn.
    turn_structure: str = _added("alternating")
    # R8: a hand without an Avatar may be redrawn once.
    opening_redraw: bool = _added(False)
    # R8/R29: False is simplified-0.1's force of Avatars, all in hand, no deck.
    deck: bool = _added(True)
    # R5/R20: anchor points on spaces or on vertices; held half each from the start.
    anchors_on: str = _added("spaces")
    anchors_held: bool = _added(False)
    # R20: where the claiming Avatar stands relative to the anchor point.
    claim_reach: str = _added("on")
    # R7: starting counters on all neighbours (which must be empty), or on the empty ones.
    stone_counters: str = _added("all")
    # R28: a second Realm Stone may be established.
    second_stone: bool = _added(False)
    # R16: Spirits a player may have in play at once (0: any number).
    spirits_limit: int = _added(0)
    # R18: exhausted Avatars are −1 to their traits.
    exhausted_penalty: bool = _added(True)
    # R22: who wins a tie; where the attacker's counters count in melee; ranged counters.
    ties: str = _added("defender")
    attacker_dice_at: str = _added("origin")
    ranged_counters: bool = _added(False)
    # R22: abilities in the combat windows, and where the windows' Shén is counted.
    window_abilities: bool = _added(True)
    window_shen: str = _added("sides")
    # R23: after-combat abilities of both melee combatants or the winner only.
    after_combat: str = _added("both")
    # R23: a beaten attacker pays (cards, removal on a double) like a beaten defender.
    beaten_attacker_pays: bool = _added(True)
    # R23: the card loss is the winner's current power, or the power printed on its card.
    loss_power: str = _added("current")
    # R12, R20, R23: whether anything costs cards at all.
    card_losses: bool = _added(True)
    # R23: how beaten Avatars retreat; whether a winning attacker must advance.
    retreat: str = _added("along_attack")
    advance_always: bool = _added(False)
    # R23: the defender of a melee is exhausted too.
    exhaust_defender: bool = _added(True)
    # R19: Avatars may attack a Realm Stone.
    stone_attacks: bool = _added(True)
    # R25: a player is out with no cards left, or with no Avatar in play or in hand.
    out_when: str = _added("no_cards")
    # R15: a non-Avatar card is paid at its target, or at any one space whatever it aims at.
    card_shen: str = _added("target")
    # R22: an Item may be played in a combat window, onto the player's fighting Avatar.
    window_items: bool = _added(False)
    # R16: Items may be played onto an Avatar walking the Spirit Path.
    items_on_walkers: bool = _added(False)
    # R16: a card moving an Avatar onto or off the Spirit Path stays attached, or is discarded.
    path_cards: str = _added("remains")
    # R7: a Realm Stone may stand on the board's edge, with 2 or 3 starting counters.
    stone_on_edge: bool = _added(True)
    # R8: the opening redraw is offered only when the deck still holds an Avatar.
    redraw_needs_avatar_in_deck: bool = _added(True)
    # R19: a ranged attack targets an opponent's Avatar, or any other Avatar.
    ranged_targets: str = _added("opponents")
    # R22: a ranged tie is settled like a melee one (``ties``), or goes to the defender.
    ranged_ties: str = _added("as_melee")
    # R23: the winner of a ranged attack may use an after-combat ability.
    ranged_after_combat: bool = _added(True)
    # R21: a diagonal step may not cross a Realm Stone's vertex.
    stone_blocks_diagonal: bool = _added(True)
    # R21: walkers step onto empty or own-counter vertices only, and leave the game
    # ending a turn on an opponent's counter; or counters stop no walker.
    walker_counters: str = _added("own_or_empty")
    # R21: movement is the card's movement trait, or the older texts' one space or
    # vertex (a Spirit walking the Path 3, as its beta card text said) plus bonuses.
    movement: str = _added("trait")
    # R9, R16: every turn of alternating steps ends: only the Recovery draw reshuffles,
    # and a card that gives cards back is never given back (R13). False, the field's
    # default, is the reading matches and jobs stored before these rulings were played
    # under: theirs stays left out of their digests, and they replay as they were.
    finite_turns: bool = _added(False)
    # M4: costs and combat dice count a player's own counters, or their team's too.
    ally_shen: str = _added("own")
    # M5: after a claim each opponent loses the cards, or one opponent the claimer names.
    claim_loss: str = _added("each_opponent")
    # M7: a player who is out takes their pieces off the board, or leaves them, ownerless.
    out_pieces: str = _added("removed")

    def __post_init__(self) -> None:
        choices = (
            ("recovery", RECOVERY_CHOICES),
            ("turn_structure", TURN_STRUCTURES),
            ("anchors_on", ANCHOR_KINDS),
            ("claim_reach", CLAIM_REACHES),
            ("stone_counters", STONE_COUNTERS),
            ("ties", TIE_RULES),
            ("attacker_dice_at", DICE_PLACES),
            ("window_shen", WINDOW_SHEN),
            ("after_combat", AFTER_COMBAT),
            ("loss_power", LOSS_POWERS),
            ("retreat", RETREATS),
            ("out_when", OUT_RULES),
            ("card_shen", CARD_SHEN),
            ("path_cards", PATH_CARDS),
            ("ranged_targets", RANGED_TARGETS),
            ("ranged_ties", RANGED_TIES),
            ("walker_counters", WALKER_COUNTERS),
            ("movement", MOVEMENT_READINGS),
            ("ally_shen", ALLY_SHEN),
            ("claim_loss", CLAIM_LOSSES),
            ("out_pieces", OUT_PIECES),
        )
        for name, allowed in choices:
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        if not 1 <= len(self.anchors) <= 6:
            raise ValueError("a scenario has 1 to 6 anchor points (R5)")
        if self.anchors_held and len(self.anchors) % 2:
            raise ValueError("anchor points held half each need an even number of them (R5)")
        if self.max_turns < 1 or self.hand_size < 0 or self.placements_per_turn < 0:
            raise ValueError("max_turns must be positive; hand and placement counts not negative")
        if self.spirits_limit < 0:
            raise ValueError("spirits_limit must not be negative (0: no limit)")
        if self.max_items < 0:
            raise ValueError("max_items must not be negative (0: no limit)")

    @property
    def one_action(self) -> bool:
        """True when a turn is exactly one action (R27), as in the earlier rulesets."""
        return self.turn_structure == "one_action"

    @property
    def max_players(self) -> int:
        """M1: the most players a game of these rules seats. Anchor points held half each
        from the start (simplified-0.1) make a two-player game."""
        return 2 if self.anchors_held else 6

    def with_options(self, **options: object) -> Ruleset:
        """This ruleset with some options changed (for simulations comparing rulings)."""
        return replace(self, **options)


BETA_2026_07 = Ruleset(finite_turns=True)

# The older beta: one action per turn, a second Realm Stone, ko, one Spirit, re-rolled melee
# ties, printed powers for card losses (docs/rules-beta-2025.md).
BETA_2025 = Ruleset(
    name="beta-2025",
    hand_size=6,
    ko=True,
    # R26's safeguard, in turns of one action: greedy games end by the rules in 87-238
    # turns, so 200 cut off one in six of them (docs/rules-beta-2025.md, R26).
    max_turns=400,
    turn_structure="one_action",
    opening_redraw=True,
    claim_reach="on_or_next_to",
    second_stone=True,
    spirits_limit=1,
    exhausted_penalty=False,
    ties="reroll",
    attacker_dice_at="target",
    ranged_counters=True,
    window_abilities=False,
    window_shen="defended",
    after_combat="winner",
    beaten_attacker_pays=False,
    loss_power="printed",
    retreat="moved_from",
    advance_always=True,
    exhaust_defender=False,
    card_shen="any_space",
    window_items=True,
    max_items=0,
    items_on_walkers=True,
    path_cards="action",
    stone_on_edge=False,
    redraw_needs_avatar_in_deck=False,
    ranged_ties="defender",
    ranged_after_combat=False,
    stone_blocks_diagonal=False,
    walker_counters="any",
)

# The starter rules: a force of Avatars in hand, anchors on vertices held half each, no
# card losses, doubles remove the defender (docs/rules-simplified-0.1.md).
SIMPLIFIED_0_1 = replace(
    BETA_2025,
    name="simplified-0.1",
    anchors=("A1", "I1", "A9", "I9"),
    ko=False,
    opening_redraw=False,
    deck=False,
    anchors_on="vertices",
    anchors_held=True,
    claim_reach="next_to",
    stone_counters="empty",
    spirits_limit=0,
    window_shen="defended",
    card_losses=False,
    retreat="any_empty",
    stone_attacks=False,
    out_when="no_avatars",
    stone_on_edge=True,
)

RULESETS = MappingProxyType({r.name: r for r in (BETA_2026_07, BETA_2025, SIMPLIFIED_0_1)})
