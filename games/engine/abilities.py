"""Using abilities printed on an Avatar or its Items (R15, R19, R22).

An ability is usable when its owner's Shén at the Avatar's position (or, in
combat, at the combat, R22) is at least its power cost. ``activated``
abilities are a step of the Avatar's activation and exhaust it; ``in_combat``
and ``after_combat`` ones belong to the combat windows.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engine.actions import IllegalAction, UseAbility
from games.engine.cards import AbilitySpec, path_verb
from games.engine.effect_resolution import effect_task, push
from games.engine.events import AbilityUsed, Event
from games.engine.playing import path_destinations
from games.engine.state import Avatar, GameState, player_name


def _mover_is_self(ability: AbilitySpec) -> bool:
    for step in ability.effect:
        if step.verb in ("walk_spirit_path", "leave_spirit_path"):
            return dict(step.params)["target"] == "self"
    return True


def ability_options(state: GameState, avatar: Avatar, timing: str, shen: int) -> list[UseAbility]:
    """Every legal use of ``avatar``'s ``timing`` abilities (its own and its Items') with
    ``shen`` Shén available."""
    options: list[UseAbility] = []
    cards = state.cards
    for card in (avatar.card, *avatar.items):
        for index, ability in enumerate(cards[card].abilities):
            if ability.timing != timing or ability.cost > shen:
                continue
            kind = ability.target_kind()
            if kind == "none":
                targets: list[Avatar | None] = [None]
            else:
                targets = [
                    a
                    for a in state.avatars
                    if kind == "any_avatar" or (a.owner == avatar.owner) == (kind == "own_avatar")
                ]
            verb = path_verb(ability.effect)
            for target in targets:
                target_card = -1 if target is None else target.card
                if verb is None:
                    options.append(UseAbility(card, index, target_card))
                    continue
                mover = avatar if _mover_is_self(ability) else target
                if mover is None:
                    continue
                options.extend(
                    UseAbility(card, index, target_card, to)
                    for to in path_destinations(state, mover, verb)
                )
    return options


def bearer_of(state: GameState, card: int) -> Avatar | None:
    """The Avatar whose card, or one of whose Items, is ``card``."""
    for avatar in state.avatars:
        if avatar.card == card or card in avatar.items:
            return avatar
    return None


def use_ability(
    state: GameState,
    action: UseAbility,
    options: Callable[[], list[UseAbility]],
    log: list[Event],
) -> GameState:
    """Use the ability named by ``action`` if it is among ``options()``; pushes its effect."""
    if action not in options():
        raise IllegalAction(_why_not(state, action))
    avatar = bearer_of(state, action.card)
    ability = state.cards[action.card].abilities[action.index]
    log.append(AbilityUsed(player_name(avatar.owner), state.card_name(action.card), ability.name))
    task = effect_task(
        avatar.owner,
        ability.effect,
        source=avatar.card,
        target=action.target,
        origin=avatar.at,
        origin_on_path=avatar.on_path,
        to=action.to,
        card=action.card,
    )
    return push(state, task)


def _why_not(state: GameState, action: UseAbility) -> str:
    avatar = bearer_of(state, action.card)
    if avatar is None:
        # Its number alone: a card's name would tell where it is to one who cannot see it.
        return f"card {action.card!r} is not an Avatar or an Item in play"
    spec = state.cards[action.card]
    if not 0 <= action.index < len(spec.abilities):
        return f"{spec.name} has no ability number {action.index}"
    ability = spec.abilities[action.index]
    where = state.position_name(avatar.at, avatar.on_path)
    return (
        f"{spec.name} cannot use {ability.name} now ({ability.timing}, cost {ability.cost} "
        f"at {where}; R15, R19)"
    )
