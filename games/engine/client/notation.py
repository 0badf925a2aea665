"""Actions written and read in R2 notation, for logs, tests and people.

E5                  place a Shén counter on vertex E5
stone E5            place the Realm Stone on E5
pass                pass / stop / stay / close a window
play kindle         play an untargeted card
play ember-warden at c3          manifest (a Spirit Avatar at a vertex: at D4)
play fire-blade on c3            an Item, Remains or Action aimed at the Avatar on c3
play spirit-walk on c3 to C3     ... moving it onto the Spirit Path at C3
remove spirit-walk to c3         remove a Remains card (reversing its move)
activate c3         activate the Avatar on c3; then one of the next five, or:
done                end its activation (also written "pass")
c3-e5               move
c3xd4 / c3-d4xe5    melee attack (from c3, or after moving to d4)
c3>>f6              ranged attack
c3 claims           claim the anchor point on c3
c3 attacks stone    attack the Realm Stone next to c3
c3 uses Surge [on d4] [to D4]    an ability of the Avatar on c3 or its Items
lose deck 2 hand kindle discard calm,rage    lose cards (R24)
return kindle, rage / return none   cards back from the discard pile (gain_cards_back)
remove avatar / keep avatar      after losing a combat (R23)
retreat c1 / advance / take E5   a blocked retreat, moving in, removing a counter
draw / refresh c3 / redraw       a turn's draw or refresh (R27), a new opening hand (R8)
stone E5 jade       establish a second Realm Stone of a realm on E5 (R28)
name Blue           name the opponent who loses a claim's cards (M5, chosen_opponent)
"""

from __future__ import annotations

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
    NameOpponent,
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
from games.engine.client.places import at_place, destination_name, origin_place, where
from games.engine.decisions import (
    AvatarActivation,
    ChooseLostCards,
    ChooseReturnedCards,
    FollowUp,
)
from games.engine.state import GameState, player_name

# Decisions where Pass ends an Avatar's activation: it is written "done" there.
_ACTIVATION_ENDS = (AvatarActivation, FollowUp)


def describe(state: GameState, action: Action) -> str:
    """``action`` in notation, as the state before it names things."""
    board = state.board
    match action:
        case PlaceCounter(vertex):
            return board.vertex_name(vertex)
        case PlaceRealmStone(vertex):
            return f"stone {board.vertex_name(vertex)}"
        case Pass():
            return "done" if isinstance(state.decision, _ACTIVATION_ENDS) else "pass"
        case Activate(avatar):
            return f"activate {where(state, avatar)}"
        case PlayCard(card, at, target, to):
            spec = state.cards[card]
            text = f"play {spec.slug}"
            if at >= 0:
                text += f" at {at_place(state, action).name}"
            if target >= 0:
                text += f" on {where(state, target)}"
            if to >= 0:
                text += f" to {destination_name(state, action)}"
            return text
        case RemoveRemains(card, to):
            text = f"remove {state.cards[card].slug}"
            if to >= 0:
                text += f" to {destination_name(state, action)}"
            return text
        case Move(avatar):
            return f"{where(state, avatar)}-{destination_name(state, action)}"
        case MeleeAttack(avatar, defender):
            start = where(state, avatar)
            origin_name = origin_place(state, action).name
            prefix = start if origin_name == start else f"{start}-{origin_name}"
            return f"{prefix}x{where(state, defender)}"
        case RangedAttack(avatar, defender):
            return f"{where(state, avatar)}>>{where(state, defender)}"
        case Claim(avatar):
            return f"{where(state, avatar)} claims"
        case AttackRealmStone(avatar):
            return f"{where(state, avatar)} attacks stone"
        case UseAbility(card, index, target, to):
            text = f"{where(state, card)} uses {state.cards[card].abilities[index].name}"
            if target >= 0:
                text += f" on {where(state, target)}"
            if to >= 0:
                text += f" to {destination_name(state, action)}"
            return text
        case LoseCards(from_deck, hand, discard):
            parts = ["lose"]
            if from_deck:
                parts.append(f"deck {from_deck}")
            if hand:
                parts.append("hand " + ",".join(state.cards[c].slug for c in hand))
            if discard:
                parts.append("discard " + ",".join(state.cards[c].slug for c in discard))
            return " ".join(parts)
        case ReturnCards(cards):
            return "return " + (", ".join(state.cards[c].slug for c in cards) or "none")
        case RemoveAvatar():
            return "remove avatar"
        case KeepAvatar():
            return "keep avatar"
        case Retreat():
            return f"retreat {destination_name(state, action)}"
        case Advance():
            return "advance"
        case RemoveCounter(vertex):
            return f"take {board.vertex_name(vertex)}"
        case DrawCard():
            return "draw"
        case Refresh(avatar):
            return f"refresh {where(state, avatar)}"
        case Redraw():
            return "redraw"
        case NameOpponent(opponent):
            return f"name {player_name(opponent)}"
        case EstablishRealmStone(vertex, realm):
            return f"stone {board.vertex_name(vertex)} {realm.lower()}"
    return repr(action)


def parse(state: GameState, text: str, legal: list[Action]) -> Action:
    """The action among ``legal`` written as ``text`` (card losses and returns: any
    choice of cards).

    Raises IllegalAction listing what could be written instead.
    """
    wanted = " ".join(text.split())
    decision = state.decision
    if isinstance(decision, ChooseLostCards) and wanted.startswith("lose"):
        return _parse_loss(state, decision.player, wanted)
    if isinstance(decision, ChooseReturnedCards) and wanted.split()[:1] == ["return"]:
        return _parse_return(state, decision.player, wanted)
    if isinstance(decision, _ACTIVATION_ENDS) and wanted.lower() == "pass":
        wanted = "done"
    for action in legal:
        if describe(state, action).lower() == wanted.lower():
            return action
    options = ", ".join(sorted({describe(state, a) for a in legal})[:40])
    raise IllegalAction(f"{wanted!r} is not legal now; legal: {options}")


def _parse_loss(state: GameState, player: int, text: str) -> LoseCards:
    words = text.split()[1:]
    from_deck, hand, discard = 0, [], []
    piles = {"hand": (state.hands[player], hand), "discard": (state.discards[player], discard)}
    while words:
        key = words.pop(0)
        if not words:
            raise IllegalAction(f"'{key}' needs a value in {text!r}")
        value = words.pop(0)
        if key == "deck":
            from_deck = int(value)
        elif key in piles:
            pile, chosen = piles[key]
            remaining = list(pile)
            for slug in value.split(","):
                card = next((c for c in remaining if state.cards[c].slug == slug), None)
                if card is None:
                    raise IllegalAction(f"no {slug} left in the {key}")
                remaining.remove(card)
                chosen.append(card)
        else:
            raise IllegalAction(f"lose from deck, hand or discard, not {key!r}")
    return LoseCards(from_deck, tuple(hand), tuple(discard))


def _parse_return(state: GameState, player: int, text: str) -> ReturnCards:
    """``return kindle, rage`` (the newest copy of each named card first) or ``return none``."""
    named = text[len("return") :].replace(",", " ").split()
    if named == ["none"]:
        return ReturnCards()
    remaining = list(reversed(state.discards[player]))
    chosen = []
    for slug in named:
        card = next((c for c in remaining if state.cards[c].slug == slug), None)
        if card is None:
            raise IllegalAction(f"no {slug} left in the discard pile")
        remaining.remove(card)
        chosen.append(card)
    return ReturnCards(tuple(chosen))
