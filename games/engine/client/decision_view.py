"""What a client needs to draw the waiting decision and send an answer.

``describe_decision(state)`` says whose decision it is, what kind, a prompt in
words, and the legal actions grouped by source: the piece a player picks first
(an Avatar on the board, a card in hand, a Remains card in play; none for
board-wide choices and "pass"), each option with its action as JSON, its words
and the positions it points at, so a UI highlights sources, then targets.
``decision_to_json`` is the same as plain JSON data::

    {"player": 0, "player_name": "Red", "kind": "avatar_activation",
     "prompt": "Red: what does Cinder Hound at c3 do?",
     "groups": [
       {"source": null,
        "options": [{"action": {"type": "pass"},
                     "words": "End the activation of Cinder Hound",
                     "at": null, "target": null, "to": null}]},
       {"source": {"kind": "avatar", "card": 12, "name": "Cinder Hound",
                   "position": {"index": 18, "on_path": false, "name": "c3"}},
        "options": [{"action": {"type": "move", "avatar": 12, "to": 27},
                     "words": "Move Cinder Hound c3–d4", "at": null, "target": null,
                     "to": {"index": 27, "on_path": false, "name": "d4"}}]}],
     "cards": null}

An option's ``at`` is where the acting piece goes or acts from (a manifest
spot, a melee attacker's origin), ``target`` the position it acts on (a
vertex, an attacked or targeted Avatar, a Realm Stone, an anchor point) and
``to`` where something moves. A position's ``on_path`` tells a vertex of the
Spirit Path from a space.

A card loss or return lists a few answers only (one per mix of piles); any
other choice of cards is legal too, so ``cards`` says what to choose from:
``{"count": 2, "exact": true, "hand": [{"card": 3, "name": "Kindle"}],
"discard": [...], "deck": 12}`` (deck: how many may come off its top), to be
answered with a ``lose_cards`` (or ``return_cards``) action.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from types import MappingProxyType
from typing import Any

from games.engine import actions, decisions
from games.engine.actions import Action
from games.engine.activation import stone_in_reach
from games.engine.card_piles import returnable
from games.engine.client.action_json import action_from_json, action_to_json
from games.engine.client.places import (
    Place,
    at_place,
    avatar_place,
    bearer,
    card_name,
    destination,
    origin_place,
    place,
)
from games.engine.client.words import action_in_words
from games.engine.game import legal_actions
from games.engine.seats import seat_count
from games.engine.state import GameState, player_name

__all__ = (
    "CardChoice",
    "DecisionView",
    "NamedCard",
    "Option",
    "OptionGroup",
    "Place",
    "Source",
    "action_from_json",
    "action_in_words",
    "action_to_json",
    "decision_to_json",
    "describe_decision",
)


@dataclass(frozen=True, slots=True)
class Source:
    """The piece a group of options starts from: an ``avatar`` on the board, a card in
    ``hand``, or a ``remains`` card in play (``position``: where it stands, if anywhere)."""

    kind: str
    card: int
    name: str
    position: Place | None


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action with its words and the positions it points at."""

    action: Action
    words: str
    at: Place | None
    target: Place | None
    to: Place | None


@dataclass(frozen=True, slots=True)
class OptionGroup:
    """The options starting from one ``source`` (None: board-wide choices and pass)."""

    source: Source | None
    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class NamedCard:
    """A card a player may pick, by its int and printed name."""

    card: int
    name: str


@dataclass(frozen=True, slots=True)
class CardChoice:
    """What a card loss or return asks for: ``count`` cards (exactly, or up to), from
    these ``hand`` and ``discard`` cards and up to ``deck`` off the top of the deck."""

    count: int
    exact: bool
    hand: tuple[NamedCard, ...]
    discard: tuple[NamedCard, ...]
    deck: int


@dataclass(frozen=True, slots=True)
class DecisionView:
    """The waiting decision as a client draws it."""

    player: int
    player_name: str
    kind: str
    prompt: str
    groups: tuple[OptionGroup, ...]
    cards: CardChoice | None


def describe_decision(state: GameState) -> DecisionView | None:
    """The decision waiting in ``state`` for a client, or None once the game is over.

    Every legal action appears in exactly one group, in the engine's order.
    """
    decision = state.decision
    if decision is None:
        return None
    groups: dict[Source | None, list[Option]] = {}
    for action in legal_actions(state):
        groups.setdefault(source_of(state, action), []).append(_option(state, action))
    player = decision.player
    return DecisionView(
        player=player,
        player_name=player_name(player),
        kind=DECISION_KINDS[type(decision)],
        prompt=_prompt(state, decision),
        groups=tuple(OptionGroup(source, tuple(options)) for source, options in groups.items()),
        cards=_card_choice(state, decision),
    )


def decision_to_json(view: DecisionView) -> dict[str, Any]:
    """``view`` as plain JSON data, in the shape the module docstring shows."""
    return _plain(view)


def _plain(value: Any) -> Any:
    """A view's dataclasses as objects of their fields, tuples as lists, actions as JSON."""
    if isinstance(value, Action):
        return action_to_json(value)
    if is_dataclass(value):
        return {field.name: _plain(getattr(value, field.name)) for field in fields(value)}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def source_of(state: GameState, action: Action) -> Source | None:
    """The piece ``action`` starts from, or None for board-wide choices and pass."""
    match action:
        case actions.PlayCard(card):
            return Source("hand", card, card_name(state, card), None)
        case actions.RemoveRemains(card):
            return Source("remains", card, card_name(state, card), avatar_place(state, card))
        case actions.UseAbility(card):
            carrier = bearer(state, card)
            return _avatar_source(state, card if carrier is None else carrier.card)
    # Every action with an ``avatar`` field is something that Avatar does or suffers.
    avatar = getattr(action, "avatar", None)
    return None if avatar is None else _avatar_source(state, avatar)


def _avatar_source(state: GameState, card: int) -> Source:
    return Source("avatar", card, card_name(state, card), avatar_place(state, card))


def _option(state: GameState, action: Action) -> Option:
    at = target = None
    match action:
        case (
            actions.PlaceCounter(vertex)
            | actions.PlaceRealmStone(vertex)
            | actions.RemoveCounter(vertex)
            | actions.EstablishRealmStone(vertex)
        ):
            target = place(state, vertex, True)
        case actions.PlayCard(at=spot, target=aimed):
            at = at_place(state, action) if spot >= 0 else None
            target = avatar_place(state, aimed) if aimed >= 0 else None
        case actions.UseAbility(target=aimed) if aimed >= 0:
            target = avatar_place(state, aimed)
        case actions.MeleeAttack(avatar, defender):
            origin = origin_place(state, action)
            at = None if origin == avatar_place(state, avatar) else origin
            target = avatar_place(state, defender)
        case actions.RangedAttack(defender=defender):
            target = avatar_place(state, defender)
        case actions.Claim(avatar):
            target = avatar_place(state, avatar)
        case actions.AttackRealmStone(avatar):
            attacker = state.avatar(avatar)
            stone = -1 if attacker is None else stone_in_reach(state, attacker)
            target = place(state, stone, True) if stone >= 0 else None
    return Option(action, action_in_words(state, action), at, target, destination(state, action))


def _card_choice(state: GameState, decision: Any) -> CardChoice | None:
    if isinstance(decision, decisions.ChooseLostCards):
        player = decision.player
        hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
        need = min(decision.count, len(hand) + len(deck) + len(discard))
        return CardChoice(need, True, _named(state, hand), _named(state, discard), len(deck))
    if isinstance(decision, decisions.ChooseReturnedCards):
        discard = returnable(state, decision.player)
        most = min(decision.count, len(discard))
        return CardChoice(most, False, (), _named(state, discard), 0)
    return None


def _named(state: GameState, cards: tuple[int, ...]) -> tuple[NamedCard, ...]:
    return tuple(NamedCard(card, card_name(state, card)) for card in cards)


# -- the kinds of decision ------------------------------------------------------------

# decision class -> its stable snake_case kind, for clients to switch on.
DECISION_KINDS: MappingProxyType[type, str] = MappingProxyType(
    {
        decisions.ChooseRealmStone: "choose_realm_stone",
        decisions.PlaceShen: "place_shen",
        decisions.PlaceEffectCounters: "place_effect_counters",
        decisions.RemoveEffectCounters: "remove_effect_counters",
        decisions.ActivationStep: "activation_step",
        decisions.AvatarActivation: "avatar_activation",
        decisions.FollowUp: "follow_up",
        decisions.CombatWindow: "combat_window",
        decisions.AfterCombat: "after_combat",
        decisions.RemoveOrLose: "remove_or_lose",
        decisions.ChooseLostCards: "choose_lost_cards",
        decisions.ChooseOpponent: "choose_opponent",
        decisions.ChooseReturnedCards: "choose_returned_cards",
        decisions.ChooseRetreat: "choose_retreat",
        decisions.ChooseAdvance: "choose_advance",
        decisions.ChooseRedraw: "choose_redraw",
        decisions.TakeTurn: "take_turn",
    }
)

# decision class -> its prompt after the player's name; {avatar} is the decision's Avatar
# and where it stands, {counters} "2 more counters", {cards} the cards to choose.
PROMPTS: MappingProxyType[type, str] = MappingProxyType(
    {
        decisions.ChooseRealmStone: "place your Realm Stone",
        decisions.PlaceShen: "place a Shén counter or pass",
        decisions.PlaceEffectCounters: "place {counters} or stop",
        decisions.RemoveEffectCounters: "remove up to {counters} of {opponent} or stop",
        decisions.ActivationStep: "play a card, activate an Avatar, remove a Remains card or pass",
        decisions.AvatarActivation: "what does {avatar} do?",
        decisions.FollowUp: "{avatar} may still {still}, or end its activation",
        decisions.CombatWindow: "play a card or use an ability on the combat, or pass",
        decisions.AfterCombat: "use an after-combat ability of {avatar}, or decline",
        decisions.RemoveOrLose: "remove the defeated {avatar}, or keep it and lose {count}",
        decisions.ChooseLostCards: (
            "choose {cards} to lose from hand, discard pile or the top of the deck (R24)"
        ),
        decisions.ChooseOpponent: "name the opponent who loses {count} for your claim (M5)",
        decisions.ChooseReturnedCards: "return up to {cards} from the discard pile to hand",
        decisions.ChooseRetreat: "choose where {avatar} retreats",
        decisions.ChooseAdvance: "advance {avatar} into the attacked position, or stay",
        decisions.ChooseRedraw: "your hand has no Avatar: redraw it, or keep it",
        decisions.TakeTurn: (
            "take one action: draw, place a counter, play a card, refresh, claim, establish "
            "a Realm Stone, use an ability, shoot, or move"
        ),
    }
)


def _counters_owners(state: GameState, decision: Any) -> str:
    """Whose counters a RemoveEffectCounters decision may remove: "Blue's", or "Blue's and
    Green's" with more opponents in reach (M4)."""
    grid = state.grid
    owners = sorted({grid.owner(v) for v in getattr(decision, "vertices", ())} - {None})
    if not owners and seat_count(state) == 2:
        owners = [1 - decision.player]
    return " and ".join(f"{player_name(owner)}'s" for owner in owners) or "an opponent's"


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def _prompt(state: GameState, decision: Any) -> str:
    avatar = getattr(decision, "avatar", -1)
    found = avatar_place(state, avatar)
    remaining = getattr(decision, "remaining", 0)
    may = [
        ("move", getattr(decision, "may_move", False)),
        ("use an ability", getattr(decision, "may_use_ability", False)),
    ]
    choice = _card_choice(state, decision)
    text = PROMPTS[type(decision)].format(
        avatar=card_name(state, avatar) + ("" if found is None else f" at {found.name}"),
        counters="1 more counter" if remaining == 1 else f"{remaining} more counters",
        opponent=_counters_owners(state, decision),
        still=" or ".join(what for what, allowed in may if allowed) or "do nothing more",
        count=_cards(getattr(decision, "count", 0)),
        cards=_cards(0 if choice is None else choice.count),
    )
    return f"{player_name(decision.player)}: {text}"
