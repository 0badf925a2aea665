"""The Shén rules engine: a pure-Python library (no Django; an import-linter contract
enforces it). A game is a function of (ruleset, decks by value, seed, actions).

    state = new_game(RULESETS["beta-2026-07"], [deck_a, deck_b], seed=1)
    while not is_over(state):
        state, events = apply(state, choose(legal_actions(state)))

What a program built on it needs is exported here: the three verbs, the
rulesets, card specs, the action, decision and event types, the codecs (whole
values, and actions for clients), replays, each player's view and the bots.
For clients: ``describe_decision(state)`` (what to draw and offer), actions as
JSON (``action_to_json``/``action_from_json``) and in words (``action_in_words``).
The rules it implements are stated and numbered in ``docs/rules.md``.

The package's own layout: the rules are its flat modules (``game`` holds the three
verbs; ``state``, ``actions``, ``decisions`` and ``events`` the values; one module per
part of a turn); ``bots/`` plays it by itself, ``client/`` says it to clients, and
``testing/`` sets up positions for its tests. The rules import none of those three.
"""

from games.engine.actions import (
    Action,
    Activate,
    Advance,
    AttackRealmStone,
    Claim,
    DrawCard,
    EstablishRealmStone,
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
    Redraw,
    Refresh,
    RemoveAvatar,
    RemoveCounter,
    RemoveRemains,
    Retreat,
    ReturnCards,
    UseAbility,
)
from games.engine.bots import Bot, GameStalled, RandomBot, play_game
from games.engine.bots.greedy import GreedyBot
from games.engine.bots.roster import BOTS, make_bot
from games.engine.bots.search import SearchBot
from games.engine.cards import AbilitySpec, CardSpec
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.client.decision_view import DecisionView, decision_to_json, describe_decision
from games.engine.client.words import action_in_words
from games.engine.codec import CodecError, clone, from_json, state_digest, to_json
from games.engine.decisions import (
    ActivationStep,
    AfterCombat,
    AvatarActivation,
    ChooseAdvance,
    ChooseLostCards,
    ChooseRealmStone,
    ChooseRedraw,
    ChooseRetreat,
    ChooseReturnedCards,
    CombatWindow,
    Decision,
    FollowUp,
    PlaceEffectCounters,
    PlaceShen,
    RemoveEffectCounters,
    RemoveOrLose,
    TakeTurn,
)
from games.engine.events import (
    AbilityUsed,
    AnchorClaimed,
    AvatarActivated,
    AvatarMoved,
    AvatarPlaced,
    AvatarRemoved,
    AvatarStateChanged,
    BonusDice,
    CardPlayed,
    CardsDrawn,
    CardsLost,
    CardsReturned,
    CounterPlaced,
    CountersCaptured,
    CountersRemoved,
    Event,
    FirstPlayerRolled,
    GameOver,
    MeleeRolled,
    Passed,
    RangedRolled,
    RealmStoneAttacked,
    RealmStonePlaced,
    Recovered,
    RemainsRemoved,
    TraitModified,
    TurnBegan,
    TurnEnded,
)
from games.engine.game import apply, legal_actions, new_game
from games.engine.replay import ReplayMismatch, ReplayResult, record_digests, replay
from games.engine.ruleset import RULESETS, Ruleset
from games.engine.setup import DeckList, Scenario, start_game
from games.engine.state import Avatar, GameState, Result
from games.engine.victory import is_over, winner
from games.engine.view import redact_events, view_for

__all__ = (
    "BOTS",
    "RULESETS",
    "AbilitySpec",
    "AbilityUsed",
    "Action",
    "Activate",
    "ActivationStep",
    "Advance",
    "AfterCombat",
    "AnchorClaimed",
    "AttackRealmStone",
    "Avatar",
    "AvatarActivated",
    "AvatarActivation",
    "AvatarMoved",
    "AvatarPlaced",
    "AvatarRemoved",
    "AvatarStateChanged",
    "BonusDice",
    "Bot",
    "CardPlayed",
    "CardSpec",
    "CardsDrawn",
    "CardsLost",
    "CardsReturned",
    "ChooseAdvance",
    "ChooseLostCards",
    "ChooseRealmStone",
    "ChooseRedraw",
    "ChooseRetreat",
    "ChooseReturnedCards",
    "Claim",
    "CodecError",
    "CombatWindow",
    "CounterPlaced",
    "CountersCaptured",
    "CountersRemoved",
    "Decision",
    "DecisionView",
    "DeckList",
    "DrawCard",
    "EstablishRealmStone",
    "Event",
    "FirstPlayerRolled",
    "FollowUp",
    "GameOver",
    "GameStalled",
    "GameState",
    "GreedyBot",
    "IllegalAction",
    "KeepAvatar",
    "LoseCards",
    "MeleeAttack",
    "MeleeRolled",
    "Move",
    "Pass",
    "Passed",
    "PlaceCounter",
    "PlaceEffectCounters",
    "PlaceRealmStone",
    "PlaceShen",
    "PlayCard",
    "RandomBot",
    "RangedAttack",
    "RangedRolled",
    "RealmStoneAttacked",
    "RealmStonePlaced",
    "Recovered",
    "Redraw",
    "Refresh",
    "RemainsRemoved",
    "RemoveAvatar",
    "RemoveCounter",
    "RemoveEffectCounters",
    "RemoveOrLose",
    "RemoveRemains",
    "ReplayMismatch",
    "ReplayResult",
    "Result",
    "Retreat",
    "ReturnCards",
    "Ruleset",
    "Scenario",
    "SearchBot",
    "TakeTurn",
    "TraitModified",
    "TurnBegan",
    "TurnEnded",
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
    "make_bot",
    "new_game",
    "play_game",
    "record_digests",
    "redact_events",
    "replay",
    "start_game",
    "state_digest",
    "to_json",
    "view_for",
    "winner",
)
