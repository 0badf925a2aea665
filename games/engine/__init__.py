"""The Shén rules engine: a pure-Python library (no Django; an import-linter contract
enforces it).

    state = new_game(RULESETS["beta-2026-07"], [deck_a, deck_b], seed=1)
    while not is_over(state):
        state, events = apply(state, choose(legal_actions(state)))

For clients: ``describe_decision(state)`` (what to draw and offer), actions as
JSON (``action_to_json``/``action_from_json``) and in words (``action_in_words``);
for storage: the canonical codec (``to_json``, ``from_json``, ``state_digest``).
"""

from games.engine.action_json import action_from_json, action_to_json
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
from games.engine.client import DecisionView, decision_to_json, describe_decision
from games.engine.codec import CodecError, clone, from_json, state_digest, to_json
from games.engine.engine import apply, legal_actions, new_game
from games.engine.events import Event
from games.engine.ruleset import RULESETS, Ruleset
from games.engine.setup import DeckList, Scenario, start_game
from games.engine.state import Avatar, GameState, Result
from games.engine.victory import is_over, winner
from games.engine.words import action_in_words

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
    "CodecError",
    "DecisionView",
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
    "action_from_json",
    "action_in_words",
    "action_to_json",
    "apply",
    "clone",
    "decision_to_json",
    "describe_decision",
    "from_json",
    "is_over",
    "legal_actions",
    "new_game",
    "start_game",
    "state_digest",
    "to_json",
    "winner",
]
