"""The waiting decision as the table offers it: buttons grouped by source, and which
board positions are sources and which are targets.

Every choice is one option of the engine's ``DecisionView``, so nothing the
engine would refuse is offered. A choice's ``point`` is where a click on the
board picks it (where it moves to, else what it targets, else where it acts
from); choices without one are buttons only. A card loss or return also gets
a ``CardPicker`` for any other legal mix of cards (assembled by table.js).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from games.engine import (
    Activate,
    CardChoice,
    DecisionView,
    GameState,
    IllegalAction,
    Option,
    Source,
    action_to_json,
    apply,
    describe_decision,
)

# A group with more choices than this starts folded in the panel (unless preselected).
OPEN_GROUP = 6
PICKED_ACTIONS = {"choose_lost_cards": "lose_cards", "choose_returned_cards": "return_cards"}
# One action a turn (R27): what each kind of action is called in the prompt, in this order.
TURN_ACTIONS = {
    "draw_card": "draw a card",
    "place_counter": "place a Shén counter",
    "play_card": "play a card",
    "refresh": "refresh an Avatar",
    "claim": "claim an anchor point",
    "establish_realm_stone": "establish a second Realm Stone",
    "use_ability": "use an ability",
    "ranged_attack": "shoot",
    "move": "move",
    "melee_attack": "attack",
    "attack_realm_stone": "attack a Realm Stone",
    "pass": "pass",
}
# What a board target does, by its action's type: a combat (R19, R22) looks other than a
# move on the board, whose place then reads "attack target"; anything else is "act".
COMBATS = frozenset({"melee_attack", "ranged_attack", "attack_realm_stone"})
MOVES = frozenset({"move", "retreat", "advance"})
TARGET_WORDS = {"attack": "attack target", "move": "move target", "act": "target"}
# The titles of board-wide groups by their action's type ("On the board" otherwise).
BOARD_TITLES = {
    "place_counter": "Place a Shén counter",
    "place_realm_stone": "Place your Realm Stone",
    "establish_realm_stone": "Establish a second Realm Stone (R28)",
}


def point_key(index: int, on_path: bool) -> str:
    """The key of a board position: ``v12`` for a vertex, ``s12`` for a space."""
    return f"{'v' if on_path else 's'}{index}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as a button: its words, its JSON, where a board click picks it."""

    key: str
    group: str
    words: str
    kind: str
    action: str
    point: str

    @property
    def target_kind(self) -> str:
        """``attack`` (it starts a combat), ``move`` or ``act``: how its place looks."""
        return "attack" if self.kind in COMBATS else "move" if self.kind in MOVES else "act"


def target_kind(choices: Iterable[Choice]) -> str:
    """How a place that stands for ``choices`` looks: ``attack`` if any starts a combat,
    else ``move`` if any moves there, else ``act`` ("" for no choice at all)."""
    kinds = {choice.target_kind for choice in choices}
    return next((kind for kind in ("attack", "move", "act") if kind in kinds), "")


def target_words(name: str, choices: Sequence[Choice]) -> str:
    """A live place in words, for screen readers: "d4, attack target: Ember Warden at c3
    attacks Tide Sentinel" (static/js/table.js words a place the same way)."""
    kind = target_kind(choices)
    if not kind:
        return name
    return f"{name}, {TARGET_WORDS[kind]}: " + "; or ".join(c.words for c in choices)


@dataclass(frozen=True, slots=True)
class ChoiceGroup:
    """The choices starting from one source (``kind`` "" for board-wide ones)."""

    key: str
    title: str
    kind: str
    point: str
    choices: tuple[Choice, ...]
    open: bool


@dataclass(frozen=True, slots=True)
class CardPicker:
    """Any mix of ``cards`` a loss (``lose_cards``) or a return (``return_cards``) allows."""

    action_type: str
    cards: CardChoice


@dataclass(frozen=True, slots=True)
class Panel:
    """The decision for the player who answers it.

    ``buttons``: board-wide choices with no position (pass, done, listed card
    losses); ``groups``: every other choice by source. ``sources_at`` maps a
    board key to the groups starting there, ``hand_sources`` a hand card to
    its group. When every sourced choice starts from one piece (an activated
    Avatar, a retreat), that piece is ``preselected``: its targets are live from
    the start, like the board-wide ones; ``free_targets`` are both. ``reach`` maps
    the group of an Avatar that may be activated to what it could do once activated
    (choices of the next decision, shown on the board and never posted as they are).
    """

    player: int
    player_name: str
    kind: str
    prompt: str
    number: int
    buttons: tuple[Choice, ...]
    groups: tuple[ChoiceGroup, ...]
    picker: CardPicker | None
    sources_at: Mapping[str, str]
    hand_sources: Mapping[int, str]
    target_keys: tuple[str, ...]
    free_targets: frozenset[str]
    preselected: str
    reach: Mapping[str, tuple[Choice, ...]]

    @property
    def choices(self) -> tuple[Choice, ...]:
        """Every choice, buttons first."""
        return self.buttons + tuple(c for group in self.groups for c in group.choices)


def decision_panel(decision: DecisionView, number: int, view: GameState | None = None) -> Panel:
    """The panel of ``decision``, a decision of the state numbered ``number``; with the
    deciding player's ``view`` of that state, also each activation's ``reach``."""
    buttons: list[Choice] = []
    groups: list[ChoiceGroup] = []
    sources_at: dict[str, list[str]] = {}
    hand_sources: dict[int, list[str]] = {}
    targets: dict[str, None] = {}
    free: set[str] = set()
    count = 0
    for index, group in enumerate(decision.groups, start=1):
        key = f"g{index}"
        choices = []
        for option in group.options:
            count += 1
            choice = _choice(option, f"o{count}", key if group.source else "")
            if choice.point:
                targets[choice.point] = None
                if group.source is None:
                    free.add(choice.point)
            if group.source is None and not choice.point:
                buttons.append(choice)
            else:
                choices.append(choice)
        if not choices:
            continue
        source = group.source
        if source is None:
            groups.extend(_board_groups(key, choices))
            continue
        point = _source_point(source)
        if point:
            sources_at.setdefault(point, []).append(key)
        if source.kind == "hand":
            hand_sources.setdefault(source.card, []).append(key)
        short = len(choices) <= OPEN_GROUP
        groups.append(ChoiceGroup(key, _title(source), source.kind, point, tuple(choices), short))
    preselected = _preselected(groups)
    for index, group in enumerate(groups):
        if group.key in preselected.split():
            # The piece the decision is about: its choices are live and unfolded.
            free.update(choice.point for choice in group.choices if choice.point)
            groups[index] = replace(group, open=True)
    return Panel(
        player=decision.player,
        player_name=decision.player_name,
        kind=decision.kind,
        prompt=_prompt(decision, buttons + [c for group in groups for c in group.choices]),
        number=number,
        buttons=tuple(buttons),
        groups=tuple(groups),
        picker=_picker(decision),
        sources_at={point: " ".join(keys) for point, keys in sources_at.items()},
        hand_sources={card: " ".join(keys) for card, keys in hand_sources.items()},
        target_keys=tuple(targets),
        free_targets=frozenset(free),
        preselected=preselected,
        reach=MappingProxyType(activation_reach(view, decision, groups) if view else {}),
    )


def activation_reach(
    view: GameState, decision: DecisionView, groups: Sequence[ChoiceGroup]
) -> dict[str, tuple[Choice, ...]]:
    """For each group with an Avatar's activation (R13, R14), the choices with a place
    that the Avatar has once activated: where it could move, whom it could attack.

    Activating only marks the Avatar, so the player's own ``view`` shows what the real
    state would: every place named is public. An Avatar that could do nothing once
    activated reaches nothing."""
    activations = {
        f"g{index}": option.action
        for index, group in enumerate(decision.groups, start=1)
        for option in group.options
        if isinstance(option.action, Activate)
    }
    reach: dict[str, tuple[Choice, ...]] = {}
    for group in groups:
        activation = activations.get(group.key)
        if activation is None:
            continue
        try:
            activated, _ = apply(view, activation)
        except IllegalAction:
            continue  # the view cannot show it; the panel still offers the activation
        following = describe_decision(activated)
        if following is None or following.kind != "avatar_activation":
            continue
        choices = tuple(
            choice
            for next_group in following.groups
            if next_group.source is not None and next_group.source.card == activation.avatar
            for option in next_group.options
            if (choice := _choice(option, "", group.key)).point
        )
        if choices:
            reach[group.key] = choices
    return reach


def _prompt(decision: DecisionView, choices: list[Choice]) -> str:
    """The decision's prompt; a one-action turn's names only the actions open now (the
    engine's names every action the rule allows, "draw" even with no deck to draw from)."""
    if decision.kind != "take_turn":
        return decision.prompt
    kinds = {choice.kind for choice in choices}
    named = [words for kind, words in TURN_ACTIONS.items() if kind in kinds]
    if not named:
        return decision.prompt
    either = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"
    return f"{decision.player_name}: take one action (R27): {either}"


def _board_groups(key: str, choices: list[Choice]) -> list[ChoiceGroup]:
    """Board-wide choices, one group per kind of action: a rare one (a second Realm Stone)
    is not lost among dozens of counter placements in one folded group."""
    kinds: dict[str, list[Choice]] = {}
    for choice in choices:
        kinds.setdefault(choice.kind, []).append(choice)
    return [
        ChoiceGroup(
            key if index == 0 else f"{key}-{kind}",
            BOARD_TITLES.get(kind, "On the board"),
            "",
            "",
            tuple(same),
            len(same) <= OPEN_GROUP,
        )
        for index, (kind, same) in enumerate(kinds.items())
    ]


def _preselected(groups: list[ChoiceGroup]) -> str:
    """The groups of the one piece on the board every sourced choice starts from, or ""."""
    sourced = [group for group in groups if group.kind]
    points = {group.point for group in sourced}
    if len(points) != 1 or "" in points:
        return ""
    return " ".join(group.key for group in sourced)


def _choice(option: Option, key: str, group: str) -> Choice:
    action = action_to_json(option.action)
    place = option.to or option.target or option.at
    return Choice(
        key=key,
        group=group,
        words=option.words,
        kind=action["type"],
        action=json.dumps(action, separators=(",", ":")),
        point=point_key(place.index, place.on_path) if place else "",
    )


def _source_point(source: Source | None) -> str:
    position = source.position if source else None
    return point_key(position.index, position.on_path) if position else ""


def _title(source: Source | None) -> str:
    if source is None:
        return "On the board"
    where = f" on {source.position.name}" if source.position else ""
    if source.kind == "hand":
        return f"{source.name} (from your hand)"
    if source.kind == "remains":
        return f"{source.name} (Remains{where})"
    return f"{source.name}{where}"


def _picker(decision: DecisionView) -> CardPicker | None:
    cards = decision.cards
    action_type = PICKED_ACTIONS.get(decision.kind)
    if cards is None or action_type is None or cards.count == 0:
        return None
    return CardPicker(action_type, cards)
