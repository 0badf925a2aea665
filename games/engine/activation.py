"""The Activation phase (R13, R14, R17–R20): alternating steps until all pass.

A step is one of: play a card, activate an Avatar, remove one of your own
Remains-in-Play cards, or pass. Activating an Avatar marks it activated (R14)
and asks what it does (``AvatarActivation``): claim an anchor point, attack a
Realm Stone, move (possibly into melee), make a ranged attack, or nothing; an
activated ability (which exhausts it) may come before or after a move.
Claiming and attacking a Realm Stone need the Avatar Ready and on that spot
since the phase began.

The two levels keep a step's list short: working out an Avatar's moves is
the costly part, and only the Avatar actually activated needs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from games.engine.abilities import ability_options, bearer_of, use_ability
from games.engine.actions import (
    PASS,
    Action,
    Activate,
    AttackRealmStone,
    Claim,
    IllegalAction,
    MeleeAttack,
    Move,
    Pass,
    PlayCard,
    RangedAttack,
    RemoveRemains,
    UseAbility,
)
from games.engine.avatars import replace_avatar, trait_value, with_avatar
from games.engine.cards import CardSpec
from games.engine.claim_losses import ask_after_claim
from games.engine.combat import start_combat
from games.engine.costs import PlayerShen, shen_at
from games.engine.decisions import (
    ActivationStep,
    AvatarActivation,
    EndTurn,
    ExhaustAvatar,
    FollowUp,
)
from games.engine.effect_resolution import push
from games.engine.events import AnchorClaimed, AvatarActivated, AvatarMoved, Event, Passed
from games.engine.movement import (
    place_avatar,
    ranged_targets_within,
    reach,
    walker_may_arrive,
)
from games.engine.playing import (
    distinct_cards,
    play_card,
    play_options,
    removal_options,
    remove_remains,
)
from games.engine.seats import next_in_turn, opponent_stone_mask, players_in
from games.engine.state import (
    ACTIVATION,
    Avatar,
    GameState,
    evolve,
    player_name,
    with_item,
)
from games.engine.victory import check_all_anchors


def begin_activation(state: GameState) -> GameState:
    """Note where each Ready Avatar stands as the phase begins (R19) and open it."""
    # begin_turn has already set start_at to -1 for all: exhausted Avatars keep theirs.
    avatars = tuple(
        a if a.exhausted and a.start_at == -1 else evolve(a, start_at=-1 if a.exhausted else a.at)
        for a in state.avatars
    )
    return evolve(
        state,
        avatars=avatars,
        phase=ACTIVATION,
        pending=(*state.pending, ActivationStep(state.turn_player)),
    )


# -- Activation steps (R13) ------------------------------------------------------------


def step_options(state: GameState, decision: ActivationStep) -> list[Action]:
    """Everything ``decision.player`` may do in this Activation step (R13)."""
    player = decision.player
    options: list[Action] = [PASS]
    shen = PlayerShen(state, player)
    for card in distinct_cards(state, state.hands[player]):
        options.extend(play_options(state, player, card, shen))
    options.extend(removal_options(state, player))
    # Every Avatar not yet activated, even one that could then do nothing: that
    # activation is legal (R14), and finding out would cost its movement search.
    ready = [a.card for a in state.avatars if a.owner == player and not a.activated]
    options.extend(Activate(card) for card in ready)
    return options


def answer_step(state: GameState, decision: ActivationStep, action: Action, log: list[Event]):
    """Carry out an Activation step; the next player's in turn follows (R13, M3): the
    turn ends once every player still in has passed in a row."""
    player = decision.player
    below = state.pending[:-1]
    if isinstance(action, Pass):
        log.append(Passed(player_name(player), "passes"))
        passes = decision.passes + 1
        following = (
            EndTurn()
            if passes >= len(players_in(state))
            else ActivationStep(next_in_turn(state, player), passes)
        )
        return evolve(state, pending=(*below, following))
    following = ActivationStep(next_in_turn(state, player))
    if isinstance(action, PlayCard):
        return play_card(evolve(state, pending=(*below, following)), player, action, log)
    if isinstance(action, RemoveRemains):
        return remove_remains(evolve(state, pending=(*below, following)), player, action, log)
    if isinstance(action, Activate):
        avatar = state.avatar(action.avatar)
    elif isinstance(action, ACTIVATION_CHOICES):
        raise IllegalAction("activate the Avatar first, then choose what it does (R13, R19)")
    else:
        raise IllegalAction(
            "in an Activation step play a card, activate an Avatar, remove a Remains card "
            "or pass (R13)"
        )
    if avatar is None or avatar.owner != player:
        raise IllegalAction(f"{player_name(player)} has no Avatar to activate like that")
    if avatar.activated:
        raise IllegalAction(
            f"{state.card_name(avatar.card)} has already been activated this turn (R14)"
        )
    log.append(
        AvatarActivated(
            player_name(player),
            state.card_name(avatar.card),
            state.position_name(avatar.at, avatar.on_path),
        )
    )
    return evolve(
        state,
        avatars=with_avatar(state.avatars, evolve(avatar, activated=True)),
        pending=(*below, following, AvatarActivation(player, avatar.card)),
    )


# -- what an activated Avatar may do ----------------------------------------------------

# What an activated Avatar may do (R19); each names the Avatar, or (abilities) its card.
ACTIVATION_CHOICES = (Claim, AttackRealmStone, Move, MeleeAttack, RangedAttack, UseAbility)


def _claimable(state: GameState, avatar: Avatar) -> int:
    """The index of the anchor ``avatar`` may claim in its activation, or -1 (R20).

    One action per turn (R27) asks only that the Avatar be Ready; alternating steps
    also that it stood there since the Activation phase began.
    """
    if avatar.exhausted or (not state.ruleset.one_action and avatar.start_at != avatar.at):
        return -1
    for index, anchor in enumerate(state.anchors):
        if state.holders[index] != avatar.owner and in_claim_reach(state, avatar, anchor):
            return index
    return -1


def in_claim_reach(state: GameState, avatar: Avatar, anchor: int) -> bool:
    """Does ``avatar`` stand where it may claim ``anchor`` (R20, ``claim_reach``)?"""
    board = state.board
    reach_rule = state.ruleset.claim_reach
    if state.ruleset.anchors_on == "vertices":
        if avatar.on_path:
            return anchor in board.vertex_neighbours[avatar.at] or (
                reach_rule != "next_to" and anchor == avatar.at
            )
        return anchor in board.space_corners[avatar.at]
    if avatar.on_path:
        return reach_rule != "on" and anchor in board.vertex_spaces[avatar.at]
    if reach_rule == "on":
        return anchor == avatar.at
    distance = board.space_distance(anchor, avatar.at)
    return distance == 1 or (distance == 0 and reach_rule == "on_or_next_to")


def stone_in_reach(state: GameState, avatar: Avatar) -> int:
    """The opponent's Realm Stone ``avatar`` may attack now, or -1 (R19): any opponent's
    in reach (M4), the first in the board's order around it."""
    if avatar.exhausted or avatar.start_at != avatar.at or not state.ruleset.stone_attacks:
        return -1
    stones = opponent_stone_mask(state, avatar.owner)
    board = state.board
    near = board.vertex_neighbours[avatar.at] if avatar.on_path else board.space_corners[avatar.at]
    return next((stone for stone in near if stones >> stone & 1), -1)


def _ranged_targets(state: GameState, avatar: Avatar) -> list[int]:
    if avatar.on_path or avatar.exhausted:
        return []
    if trait_value(state, avatar, "ranged") <= 0:
        return []
    return ranged_targets_within(state, avatar, state.ruleset.ranged_reach)


def _may_stand(state: GameState, avatar: Avatar, position: int) -> bool:
    # A walker may not end a step where it leaves its own group without liberty.
    return not avatar.on_path or position == avatar.at or walker_may_arrive(state, avatar, position)


def movement_options(state: GameState, avatar: Avatar) -> list[Action]:
    """Moves and melee attacks open to ``avatar`` (R21)."""
    destinations, attacks = reach(state, avatar)
    card = avatar.card
    # Only a walker's step onto a last liberty of its own groups needs a closer look.
    danger = state.grid.last_liberties(avatar.owner) if avatar.on_path else 0
    if danger:
        destinations = [
            to
            for to in destinations
            if not danger >> to & 1 or walker_may_arrive(state, avatar, to)
        ]
        attacks = [
            (defender, origin)
            for defender, origin in attacks
            if origin == avatar.at
            or not danger >> origin & 1
            or walker_may_arrive(state, avatar, origin)
        ]
    moves: list[Action] = [Move(card, to) for to in destinations]
    moves.extend(MeleeAttack(card, defender, origin) for defender, origin in attacks)
    return moves


def _has_activated(spec: CardSpec) -> bool:
    return any(ability.timing == "activated" for ability in spec.abilities)


def _has_activated_ability(state: GameState, avatar: Avatar) -> bool:
    cards = state.cards
    if _has_activated(cards[avatar.card]):
        return True
    return any(_has_activated(cards[card]) for card in avatar.items)


def activated_abilities(state: GameState, avatar: Avatar) -> list[UseAbility]:
    """The activated abilities a Ready ``avatar`` can pay for where it stands (R15, R19)."""
    if avatar.exhausted:
        return []
    shen = shen_at(state, avatar.owner, avatar.at, avatar.on_path)
    return ability_options(state, avatar, "activated", shen)


def activation_choices(state: GameState, decision: AvatarActivation) -> Iterator[Action]:
    """Everything the activated Avatar may do (R19), Pass (nothing more) first."""
    yield PASS
    avatar = state.avatar(decision.avatar)
    if avatar is not None:
        yield from avatar_choices(state, avatar)


def avatar_choices(state: GameState, avatar: Avatar) -> Iterator[Action]:
    """Claim, attack a Realm Stone, move or melee, shoot, use an ability (R19)."""
    card = avatar.card
    if _claimable(state, avatar) >= 0:
        yield Claim(card)
    if stone_in_reach(state, avatar) >= 0:
        yield AttackRealmStone(card)
    yield from movement_options(state, avatar)
    yield from (RangedAttack(card, defender) for defender in _ranged_targets(state, avatar))
    if _has_activated_ability(state, avatar):
        yield from activated_abilities(state, avatar)


def follow_up_choices(state: GameState, decision: FollowUp) -> Iterator[Action]:
    """The rest of an activation, Pass (end it) first: a move after an ability, an
    ability after a move."""
    yield PASS
    avatar = state.avatar(decision.avatar)
    if avatar is None:
        return
    if decision.may_move:
        yield from movement_options(state, avatar)
    if decision.may_use_ability:
        yield from activated_abilities(state, avatar)


# -- doing it ---------------------------------------------------------------------------


def answer_activation(
    state: GameState, decision: AvatarActivation, action: Action, log: list[Event]
) -> GameState:
    """What the activated Avatar does, or Pass: nothing (R14: it stays activated)."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    avatar = state.avatar(decision.avatar)
    if isinstance(action, UseAbility):
        actor = bearer_of(state, action.card)
        acting = actor is not None and actor.card == decision.avatar
    else:
        acting = isinstance(action, ACTIVATION_CHOICES) and action.avatar == decision.avatar
    if avatar is None or not acting:
        raise IllegalAction(
            f"now {state.card_name(decision.avatar)} claims, attacks, moves, shoots or uses "
            "an ability, or is done (R19)"
        )
    return activate(state, avatar, action, log)


def activate(state: GameState, avatar: Avatar, action: Action, log: list[Event]) -> GameState:
    """Carry out what the activated ``avatar`` does with ``action``."""
    name = state.card_name(avatar.card)
    if isinstance(action, Claim):
        index = _claimable(state, avatar)
        if index < 0:
            raise IllegalAction(
                f"{name} cannot claim: it must stand Ready on an anchor point you do not hold "
                "since the Activation phase began (R20)"
            )
        return claim(state, avatar, index, log)
    if isinstance(action, AttackRealmStone):
        stone = stone_in_reach(state, avatar)
        if stone < 0:
            raise IllegalAction(
                f"{name} cannot attack a Realm Stone: it must be Ready next to it since the "
                "Activation phase began (R19)"
            )
        return start_combat(state, log, kind="stone", attacker=avatar, target=stone)
    if isinstance(action, RangedAttack):
        if action.defender not in _ranged_targets(state, avatar):
            whose = "another" if state.ruleset.ranged_targets == "any" else "an opponent's"
            raise IllegalAction(
                f"{name} cannot shoot that: Ready, in a space, with ranged power, at {whose} "
                f"Avatar 1–{state.ruleset.ranged_reach} spaces away in a space (R19)"
            )
        defender = state.avatar(action.defender)
        return start_combat(
            state, log, kind="ranged", attacker=avatar, target=defender.at, defender=defender
        )
    if isinstance(action, Move | MeleeAttack):
        return move(state, avatar, action, log, follow_up=True)
    if isinstance(action, UseAbility):
        options = partial(activated_abilities, state, avatar)
        state = push(
            state, FollowUp(avatar.owner, avatar.card, True, False), ExhaustAvatar(avatar.card)
        )
        return use_ability(state, action, options, log)
    raise IllegalAction(f"{name} cannot do that in its activation (R19)")


def move(state: GameState, avatar: Avatar, action: Action, log: list[Event], *, follow_up: bool):
    """A move or a melee attack by ``avatar`` (already marked activated)."""
    name = state.card_name(avatar.card)
    _check_move(state, avatar, action)
    if isinstance(action, MeleeAttack):
        defender = state.avatar(action.defender)
        return start_combat(
            state,
            log,
            kind="melee",
            attacker=avatar,
            target=defender.at,
            defender=defender,
            origin=action.origin,
        )
    start = state.position_name(avatar.at, avatar.on_path)
    log.append(AvatarMoved(name, start, state.position_name(action.to, avatar.on_path)))
    if follow_up and not avatar.exhausted and _has_activated_ability(state, avatar):
        state = push(state, FollowUp(avatar.owner, avatar.card, False, True))
    return place_avatar(state, avatar, action.to, avatar.on_path, log)


def _check_move(state: GameState, avatar: Avatar, action: Action) -> None:
    destinations, attacks = reach(state, avatar)
    name = state.card_name(avatar.card)
    if isinstance(action, MeleeAttack):
        where = action.origin
        legal = (action.defender, where) in attacks and _may_stand(state, avatar, where)
    else:
        where = action.to
        legal = where in destinations and _may_stand(state, avatar, where)
    if not legal:
        on_board = _on_board(state, where, avatar.on_path)
        place = state.position_name(where, avatar.on_path) if on_board else repr(where)
        raise IllegalAction(
            f"{name} cannot reach {place} that way (movement "
            f"{trait_value(state, avatar, 'movement')}; R18, R21)"
        )


def _on_board(state: GameState, position: object, on_path: bool) -> bool:
    board = state.board
    limit = board.vertex_count if on_path else board.space_count
    return type(position) is int and 0 <= position < limit


def answer_follow_up(state: GameState, decision: FollowUp, action: Action, log: list[Event]):
    """The second half of an activation, or Pass to end it."""
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, Pass):
        return state
    avatar = state.avatar(decision.avatar)
    if decision.may_move and isinstance(action, Move | MeleeAttack):
        return move(state, avatar, action, log, follow_up=False)
    if decision.may_use_ability and isinstance(action, UseAbility):
        options = partial(activated_abilities, state, avatar)
        state = push(state, ExhaustAvatar(avatar.card))
        return use_ability(state, action, options, log)
    raise IllegalAction(
        f"{state.card_name(decision.avatar)} may now only "
        + ("move" if decision.may_move else "use an ability")
        + " or pass (R19)"
    )


def claim(state: GameState, avatar: Avatar, index: int, log: list[Event]) -> GameState:
    """R20: the claimer holds the anchor; the opponents lose (anchors held − 1) cards
    (M5: each of them, or the one the claimer names, ``claim_loss``)."""
    player = avatar.owner
    state = replace_avatar(state, evolve(avatar, exhausted=True))
    holders = with_item(state.holders, index, player)
    state = evolve(state, holders=holders)
    held = sum(1 for h in holders if h == player)
    log.append(
        AnchorClaimed(
            player_name(player),
            state.card_name(avatar.card),
            state.anchor_name(index),
            held,
        )
    )
    state = check_all_anchors(state, player, log)
    if state.result is None:
        state = ask_after_claim(state, player, held - 1)
    return state


def exhaust(state: GameState, card: int) -> GameState:
    """Exhaust ``card``'s Avatar if it is still on the board (R18)."""
    avatar = state.avatar(card)
    if avatar is None or avatar.exhausted:
        return state
    return replace_avatar(state, evolve(avatar, exhausted=True))
