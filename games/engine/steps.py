"""Activation steps (R13): what a player may do in one, and doing it.

A step plays a card, activates an Avatar (which then says what it does, see
``activation``), removes one of the player's Remains-in-Play cards, or passes;
the opponent's step follows, and two passes in succession end the turn.
"""

from __future__ import annotations

from games.engine.actions import (
    PASS,
    Action,
    Activate,
    IllegalAction,
    Pass,
    PlayCard,
    RemoveRemains,
    shared_row,
)
from games.engine.activation import ACTIVATION_CHOICES
from games.engine.avatars import with_avatar
from games.engine.cards import CardSpec
from games.engine.decisions import ActivationStep, AvatarActivation, EndTurn
from games.engine.events import AvatarActivated, Event, Passed
from games.engine.playing import play_card, play_options, removal_options, remove_remains
from games.engine.state import PLAYERS, GameState, evolve, other, player_name

# The last (cards, hand, its first card of each kind) per player, one tuple each so a
# thread always reads a matching set: a hand lasts many steps (moves, activations).
_LAST_DISTINCT: list[tuple] = [((), (), ()), ((), (), ())]


def _distinct(cards: tuple[CardSpec, ...], hand: tuple[int, ...], player: int) -> tuple[int, ...]:
    """The first card in ``hand`` of each CardSpec: identical cards give identical plays."""
    seen_cards, seen_hand, found = _LAST_DISTINCT[player]
    if seen_hand is hand and seen_cards is cards:
        return found
    specs: set[int] = set()
    firsts = []
    for card in hand:
        spec = id(cards[card])
        if spec not in specs:
            specs.add(spec)
            firsts.append(card)
    found = tuple(firsts)
    _LAST_DISTINCT[player] = (cards, hand, found)
    return found


def step_options(state: GameState, decision: ActivationStep) -> list[Action]:
    """Everything ``decision.player`` may do in this Activation step (R13)."""
    player = decision.player
    options: list[Action] = [PASS]
    for card in _distinct(state.cards, state.hands[player], player):
        options.extend(play_options(state, player, card))
    options.extend(removal_options(state, player))
    # Every Avatar not yet activated, even one that could then do nothing: that
    # activation is legal (R14), and finding out would cost its movement search.
    ready = [a.card for a in state.avatars if a.owner == player and not a.activated]
    if ready:
        options.extend(shared_row(Activate, (), ready))
    return options


def answer_step(state: GameState, decision: ActivationStep, action: Action, log: list[Event]):
    """Carry out an Activation step; the opponent's step follows (R13)."""
    player = decision.player
    below = state.pending[:-1]
    if isinstance(action, Pass):
        log.append(Passed(player_name(player), "passes"))
        passes = decision.passes + 1
        following = EndTurn() if passes >= len(PLAYERS) else ActivationStep(other(player), passes)
        return evolve(state, pending=(*below, following))
    following = ActivationStep(other(player))
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
