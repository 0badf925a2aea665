"""Actions in words for people: "Move Cinder Hound c3–d4 and attack Tidewell Guard".

Cards go by their printed names and positions by their R2 names (a space
``c3``, a vertex ``D4``), as the state *before* the action has them. An Avatar
sharing its name with another on the board also gets its position, and a later
copy of a card in the same pile its number, so the legal actions of one
decision never read alike (a client shows them as buttons).
"""

from __future__ import annotations

from types import MappingProxyType

from games.engine import actions
from games.engine.actions import Action, UseAbility
from games.engine.activation import stone_in_reach
from games.engine.client.places import (
    at_place,
    bearer,
    card_name,
    destination_name,
    origin_place,
    place,
    where,
)
from games.engine.decisions import (
    AfterCombat,
    AvatarActivation,
    ChooseAdvance,
    ChooseRedraw,
    CombatWindow,
    FollowUp,
    PlaceEffectCounters,
    PlaceShen,
    RemoveEffectCounters,
    RemoveOrLose,
    TakeTurn,
)
from games.engine.seats import seat_count
from games.engine.state import PLAYER_NAMES, GameState, player_name

DASH = "\N{EN DASH}"


# The plain sentences: {vertex}, {name} (the Avatar's), {avatar} (its name, with its
# position when another Avatar shares it), {at} (where it stands), {to} (where it goes)
# and {opponent} ("Blue's") are filled in from the action and the state.
_SENTENCES = MappingProxyType(
    {
        actions.PlaceRealmStone: "Place the Realm Stone on {vertex}",
        actions.PlaceCounter: "Place a Shén counter on {vertex}",
        actions.RemoveCounter: "Remove {opponent} counter on {vertex}",
        actions.Activate: "Activate {name} at {at}",
        actions.Claim: "{avatar} claims the anchor point at {at}",
        actions.AttackRealmStone: "{avatar} attacks {opponent} Realm Stone",
        actions.Move: "Move {name} {at}\N{EN DASH}{to}",
        actions.Advance: "Advance {name} {at}\N{EN DASH}{to}",
        actions.Retreat: "Retreat {avatar} to {to}",
        actions.RemoveAvatar: "Remove {avatar} from the board",
        actions.DrawCard: "Draw a card",
        actions.Refresh: "Refresh {name} at {at}",
        actions.Redraw: "Shuffle the hand back and draw a new one",
    }
)


def action_in_words(state: GameState, action: Action) -> str:
    """A sentence saying what ``action`` does, as the state before it names things."""
    sentence = _SENTENCES.get(type(action))
    if sentence is not None:
        return _fill(sentence, state, action)
    match action:
        case actions.Pass():
            return _pass(state)
        case actions.MeleeAttack(avatar, defender):
            start, origin = where(state, avatar), origin_place(state, action).name
            attacked = _avatar(state, defender)
            if origin == start:
                return f"{card_name(state, avatar)} at {start} attacks {attacked}"
            return f"Move {card_name(state, avatar)} {start}{DASH}{origin} and attack {attacked}"
        case actions.RangedAttack(avatar, defender):
            return (
                f"Ranged attack: {card_name(state, avatar)} at {where(state, avatar)} "
                f"on {card_name(state, defender)} at {where(state, defender)}"
            )
        case actions.UseAbility():
            return _ability(state, action)
        case actions.PlayCard(card, at, target, to):
            text = f"Play {_in_pile(state, card, _hand_of(state, card))}"
            if at >= 0:
                text += f" at {at_place(state, action).name}"
            if target >= 0:
                text += f" on {_avatar(state, target)}"
            return text + (f" to {destination_name(state, action)}" if to >= 0 else "")
        case actions.RemoveRemains(card, to):
            carrier = bearer(state, card)
            if carrier is None:
                owner = state.owners[card] if 0 <= card < len(state.owners) else 0
                return f"Remove {_in_pile(state, card, state.beside[owner])}"
            text = f"Remove {card_name(state, card)} from {_avatar(state, carrier.card)}"
            return text + (f", moving it to {destination_name(state, action)}" if to >= 0 else "")
        case actions.LoseCards(from_deck, hand, discard):
            return _loss(state, from_deck, hand, discard)
        case actions.ReturnCards(cards):
            return f"Return {_names(state, cards) or 'no cards'} to hand"
        case actions.EstablishRealmStone(vertex, realm):
            name = place(state, vertex, True).name
            return f"Establish a second Realm Stone ({realm}) on {name}"
        case actions.NameOpponent(opponent):
            decision = state.decision
            count = getattr(decision, "count", 0)
            return f"{_seat(opponent)} loses {_count(count)}"
        case actions.KeepAvatar(avatar):
            decision = state.decision
            text = f"Keep {_avatar(state, avatar)}"
            if isinstance(decision, RemoveOrLose):
                text += f" and lose {_count(decision.count)}"
            return text
    return repr(action)


def _fill(sentence: str, state: GameState, action: Action) -> str:
    avatar = getattr(action, "avatar", -1)
    vertex = getattr(action, "vertex", -1)
    return sentence.format(
        vertex=place(state, vertex, True).name,
        name=card_name(state, avatar),
        avatar=_avatar(state, avatar) if avatar >= 0 else "",
        at=where(state, avatar),
        to=destination_name(state, action),
        opponent=_opponent(state, action),
    )


# Pass per decision: what declining means there.
_PASS_WORDS = (
    (PlaceShen, "Stop placing Shén counters"),
    (PlaceEffectCounters, "Stop placing counters"),
    (RemoveEffectCounters, "Stop removing counters"),
    (CombatWindow, "Pass: play nothing more on this combat"),
    (AfterCombat, "Use no after-combat ability"),
    (ChooseAdvance, "Stay put"),
    (ChooseRedraw, "Keep this hand"),
    (TakeTurn, "Pass: nothing can be done this turn"),
)


def _pass(state: GameState) -> str:
    decision = state.decision
    if isinstance(decision, AvatarActivation | FollowUp):
        return f"End the activation of {_avatar(state, decision.avatar)}"
    for kind, words in _PASS_WORDS:
        if isinstance(decision, kind):
            return words
    return "Pass"


def _ability(state: GameState, action: UseAbility) -> str:
    card, index = action.card, action.index
    spec = state.cards[card] if 0 <= card < len(state.cards) else None
    ability = (
        spec.abilities[index].name if spec and 0 <= index < len(spec.abilities) else "an ability"
    )
    carrier = bearer(state, card)
    user = card_name(state, card) if carrier is None else _avatar(state, carrier.card)
    text = f"{user} uses {ability}"
    if carrier is not None and carrier.card != card:
        text += f" of {card_name(state, card)}"
    if action.target >= 0:
        text += f" on {_avatar(state, action.target)}"
    return text + (f" to {destination_name(state, action)}" if action.to >= 0 else "")


def _loss(state: GameState, from_deck: int, hand: tuple, discard: tuple) -> str:
    total = from_deck + len(hand) + len(discard)
    if not total:
        return "Lose no cards"
    parts = []
    if hand:
        parts.append(f"{_names(state, hand)} from hand")
    if discard:
        parts.append(f"{_names(state, discard)} from the discard pile")
    if from_deck:
        parts.append(f"{from_deck} from the top of the deck")
    return f"Lose {_count(total)}: {', '.join(parts)}"


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _names(state: GameState, cards: tuple[int, ...]) -> str:
    """ "Kindle", "Kindle and Rage", "Kindle, Rage and Calm"; "" for none."""
    names = [card_name(state, card) for card in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _avatar(state: GameState, card: int) -> str:
    """An Avatar's name, with its position when another Avatar on the board shares it."""
    name = card_name(state, card)
    alike = sum(1 for avatar in state.avatars if card_name(state, avatar.card) == name)
    return f"{name} at {where(state, card)}" if alike > 1 else name


def _in_pile(state: GameState, card: int, pile: tuple[int, ...]) -> str:
    """A card's name, numbered when an earlier card of ``pile`` has the same name."""
    name = card_name(state, card)
    before = pile[: pile.index(card)] if card in pile else ()
    earlier = sum(1 for other_card in before if card_name(state, other_card) == name)
    return f"{name} (copy {earlier + 1})" if earlier else name


def _hand_of(state: GameState, card: int) -> tuple[int, ...]:
    owner = state.owners[card] if 0 <= card < len(state.owners) else 0
    return state.hands[owner]


def _seat(player: object) -> str:
    """A seat's colour, or its number when it is no seat at all."""
    known = type(player) is int and 0 <= player < len(PLAYER_NAMES)
    return player_name(player) if known else f"seat {player!r}"


def _opponent(state: GameState, action: Action) -> str:
    """The possessive of the opponent ``action`` acts against: "Blue's". The owner of the
    counter it removes or of the Realm Stone it attacks; with two players, the other."""
    player = state.to_decide
    owner = None
    if isinstance(action, actions.RemoveCounter) and state.board.is_vertex(action.vertex):
        owner = state.grid.owner(action.vertex)
    elif isinstance(action, actions.AttackRealmStone):
        avatar = state.avatar(action.avatar)
        stone = -1 if avatar is None else stone_in_reach(state, avatar)
        owner = state.grid.stone_owner(stone) if stone >= 0 else None
    if owner is None and player is not None and seat_count(state) == 2:
        owner = 1 - player
    return "the opponent's" if owner is None else f"{player_name(owner)}'s"
