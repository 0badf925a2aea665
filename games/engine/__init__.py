"""The Shén rules engine: a pure-Python library (no Django; an import-linter contract
enforces it).

    state = new_game(RULESETS["beta-2026-07"], [deck_a, deck_b], seed=1)
    while not is_over(state):
        state, events = apply(state, choose(legal_actions(state)))
"""

from games.engine.actions import (
    Action,
    Activate,
    Advance,
    AttackRealmStone,
    Claim,
    IllegalAction,
    KeepAvatar,
    LoseCards,
    MeleeAttack,
    Move,
    Pass,
    PlaceCounter,
    PlaceRealmStone,
    PlayCard,
    RangedAttack,
    RemoveAvatar,
    RemoveCounter,
    RemoveRemains,
    Retreat,
    ReturnCards,
    UseAbility,
)
from games.engine.cards import AbilitySpec, CardSpec
from games.engine.engine import apply, legal_actions, new_game
from games.engine.events import Event
from games.engine.ruleset import RULESETS, Ruleset
from games.engine.setup import DeckList, Scenario, start_game
from games.engine.state import Avatar, GameState, Result
from games.engine.victory import is_over, winner

__all__ = [
    "RULESETS",
    "AbilitySpec",
    "Action",
    "Activate",
    "Advance",
    "AttackRealmStone",
    "Avatar",
    "CardSpec",
    "Claim",
    "DeckList",
    "Event",
    "GameState",
    "IllegalAction",
    "KeepAvatar",
    "LoseCards",
    "MeleeAttack",
    "Move",
    "Pass",
    "PlaceCounter",
    "PlaceRealmStone",
    "PlayCard",
    "RangedAttack",
    "RemoveAvatar",
    "RemoveCounter",
    "RemoveRemains",
    "Result",
    "Retreat",
    "ReturnCards",
    "Ruleset",
    "Scenario",
    "UseAbility",
    "apply",
    "is_over",
    "legal_actions",
    "new_game",
    "start_game",
    "winner",
]
