"""One action per turn (R27): the turn of the earlier rulesets.

``turn_structure`` "one_action" replaces Recovery, the placement of Shén and the
alternating Activation steps with a single decision, :class:`TakeTurn`: the turn
player does exactly one of draw a card, place one Shén counter, play a card,
refresh an Avatar, claim an anchor point, establish a second Realm Stone (R28),
use an ability of a Ready Avatar, make a ranged attack, or move a Ready Avatar
(into combat, or to attack a Realm Stone it started the turn next to). Whatever
follows from it (captures, combat, card losses) resolves, and the turn ends.

Exhausted Avatars do nothing until refreshed: only Ready ones claim, shoot,
move or use abilities. A player with nothing at all to do passes, so a game can
never stall. With ``ko``, a counter may not go where the previous turn's
placement captured (R12).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from games.engine.abilities import bearer_of, use_ability
from games.engine.actions import (
    PASS,
    Action,
    AttackRealmStone,
    Claim,
    DrawCard,
    EstablishRealmStone,
    IllegalAction,
    MeleeAttack,
    Move,
    Pass,
    PlaceCounter,
    PlayCard,
    RangedAttack,
    Refresh,
    UseAbility,
)
from games.engine.activation import (
    activate,
    activated_abilities,
    avatar_choices,
    move,
)
from games.engine.avatars import replace_avatar
from games.engine.card_piles import draw
from games.engine.costs import PlayerShen
from games.engine.decisions import EndTurn, ExhaustAvatar, TakeTurn
from games.engine.effect_resolution import push
from games.engine.events import AvatarStateChanged, CardsDrawn, Event, Passed
from games.engine.placement import place_counter, placements
from games.engine.playing import distinct_cards, play_card, play_options
from games.engine.second_stone import establish, establish_options
from games.engine.state import ACTIVATION, GameState, evolve, player_name

# What a Ready Avatar may do as the turn's action; each names the Avatar (abilities: a card).
AVATAR_ACTIONS = (Claim, AttackRealmStone, Move, MeleeAttack, RangedAttack, UseAbility)


def begin_one_action_turn(state: GameState) -> GameState:
    """Note where each Ready Avatar starts the turn (a Realm Stone attack needs it, R19)
    and ask the turn player for the turn's action."""
    avatars = tuple(
        evolve(a, start_at=-1 if a.exhausted else a.at, activated=False) for a in state.avatars
    )
    player = state.turn_player
    return evolve(
        state,
        avatars=avatars,
        phase=ACTIVATION,
        pending=(*state.pending, EndTurn(), TakeTurn(player)),
    )


def may_draw(state: GameState, player: int) -> bool:
    """A player with a deck (or a discard pile to make one) may draw (R27)."""
    return state.ruleset.deck and bool(state.decks[player] or state.discards[player])


def turn_options(state: GameState, decision: TakeTurn) -> Iterator[Action]:
    """Every action ``decision.player`` may take this turn; Pass only when there is none.

    Generated one by one: the engine looks at the first two to see whether the
    turn is a forced pass."""
    found = False
    for option in _turn_actions(state, decision.player):
        found = True
        yield option
    if not found:
        yield PASS


def _turn_actions(state: GameState, player: int) -> Iterator[Action]:
    if may_draw(state, player):
        yield DrawCard()
    yield from (PlaceCounter(vertex) for vertex in placements(state, player))
    shen = PlayerShen(state, player)
    for card in distinct_cards(state, state.hands[player]):
        yield from play_options(state, player, card, shen)
    yield from establish_options(state, player)
    for avatar in state.avatars:
        if avatar.owner != player:
            continue
        if avatar.exhausted:
            yield Refresh(avatar.card)
        else:
            yield from avatar_choices(state, avatar)


def answer_turn(state: GameState, decision: TakeTurn, action: Action, log: list[Event]):
    """Carry out the turn's one action (R27); the turn ends once it has resolved."""
    player = decision.player
    state = evolve(state, pending=state.pending[:-1])
    if isinstance(action, PlaceCounter):
        # Checked against the previous turn's captures (ko, R12) before they lapse.
        return place_counter(state, player, action.vertex, log)
    if isinstance(action, Pass) and next(_turn_actions(state, player), None) is not None:
        raise IllegalAction(f"{player_name(player)} must take one action this turn (R27)")
    # Any other action lets the previous turn's captures lapse (ko, R12).
    state = evolve(state, just_captured=())
    if isinstance(action, Pass):
        log.append(Passed(player_name(player), "has nothing to do and passes"))
        return state
    if isinstance(action, DrawCard):
        if not may_draw(state, player):
            raise IllegalAction(f"{player_name(player)} has no card to draw (R27)")
        state, _, reshuffled = draw(state, player, 1)
        log.append(CardsDrawn(player_name(player), 1, reshuffled))
        return state
    if isinstance(action, PlayCard):
        return play_card(state, player, action, log)
    if isinstance(action, EstablishRealmStone):
        return establish(state, player, action, log)
    if isinstance(action, Refresh):
        avatar = state.avatar(action.avatar)
        if avatar is None or avatar.owner != player or not avatar.exhausted:
            raise IllegalAction("refresh one of your exhausted Avatars (R27)")
        log.append(AvatarStateChanged(state.card_name(avatar.card), "is refreshed"))
        return replace_avatar(state, evolve(avatar, exhausted=False))
    if isinstance(action, AVATAR_ACTIONS):
        return _avatar_action(state, player, action, log)
    raise IllegalAction(
        "a turn is one action: draw, place a counter, play a card, refresh, claim, "
        "establish a Realm Stone, use an ability, shoot, or move (R27)"
    )


def _avatar_action(state: GameState, player: int, action: Action, log: list[Event]):
    """What a Ready Avatar of ``player`` does as the turn's action."""
    if isinstance(action, UseAbility):
        avatar = bearer_of(state, action.card)
    else:
        avatar = state.avatar(action.avatar)
    if avatar is None or avatar.owner != player:
        raise IllegalAction(f"{player_name(player)} has no Avatar to do that")
    if avatar.exhausted:
        raise IllegalAction(
            f"{state.card_name(avatar.card)} is exhausted: refresh it before it acts again (R27)"
        )
    if isinstance(action, Move | MeleeAttack):
        return move(state, avatar, action, log, follow_up=False)
    if isinstance(action, UseAbility):
        options = partial(activated_abilities, state, avatar)
        state = push(state, ExhaustAvatar(avatar.card))
        return use_ability(state, action, options, log)
    return activate(state, avatar, action, log)
