"""What one player may see of a game: their view of the state and of the events.

A player sees the board, every card in play, every discard pile and the cards
beside the board, their own hand, and only the sizes of everything else: every
other hand (a team-mate's too, M9), every deck (their order is unknown to
everyone, R8) and every out-of-game pile (cards lost off the top of a deck leave
unseen, R24, and the state does not remember which those were). The generator
state goes too: with
it one could replay every shuffle and foresee every die.

A hidden card is ``HIDDEN`` in its pile, and when it belongs to another player
its spec in ``state.cards`` becomes ``HIDDEN_SPEC``, so another player's deck
list does not leak through the card table either. The view's card table ends
with one extra ``HIDDEN_SPEC``, so looking up ``HIDDEN`` finds the placeholder.

Refusals follow the same rule (``seen_by``): a refusal names a card only when the
deciding player sees where it is, and ``refused_for`` gives one sentence for every card
number they cannot place, so no refusal tells another hand from a deck or from nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import fields, is_dataclass, replace
from types import MappingProxyType

from games.engine import events
from games.engine.actions import Action, IllegalAction
from games.engine.cards import CardSpec
from games.engine.events import CardsLost, Event
from games.engine.state import GameState, player_name

HIDDEN = -1
NOBODY = -1
HIDDEN_SPEC = CardSpec(name="Hidden card", slug="hidden", kind="action", realm="", cost=0)


def view_for(state: GameState, player: int | None) -> GameState:
    """``state`` as ``player`` sees it (a GameState for display, not for play).

    ``player`` None is a spectator, who sees no hand.
    """
    hiders = _others(state, player)
    hidden = {
        card
        for other_player in hiders
        for pile in (state.hands, state.decks, state.out)
        for card in pile[other_player]
    }
    cards = tuple(HIDDEN_SPEC if card in hidden else spec for card, spec in enumerate(state.cards))
    return replace(
        state,
        # One more card, owned by nobody, at index -1: ``view.card_name(HIDDEN)`` reads
        # "Hidden card" instead of naming whichever card happens to be last.
        cards=(*cards, HIDDEN_SPEC),
        owners=(*state.owners, NOBODY),
        hands=tuple(
            _hide(hand) if holder in hiders else hand for holder, hand in enumerate(state.hands)
        ),
        decks=tuple(_hide(deck) for deck in state.decks),
        out=tuple(_hide(pile) for pile in state.out),
        rng=0,
        forced_dice=(),
    )


def redact_events(events: Iterable[Event], player: int | None) -> list[Event]:
    """``events`` as ``player`` (None: a spectator) may read them: every other player's
    unseen cards lose their names, a team-mate's too (M9)."""
    reader = None if player is None else player_name(player)
    redacted = []
    for event in events:
        redactor = _REDACTORS.get(type(event))
        redacted.append(redactor(event, reader) if redactor else event)
    return redacted


def seen_by(state: GameState, player: int | None, card: object) -> bool:
    """Whether ``player`` sees where card ``card`` is: in their own hand, in play, beside
    the board, in a discard pile. Not a card in another hand, in any deck or out of the
    game (``HIDDEN`` in their view), nor a number that is no card at all."""
    if type(card) is not int or not 0 <= card < len(state.cards):
        return False
    unseen = (*(state.hands[other] for other in _others(state, player)), *state.decks, *state.out)
    return not any(card in pile for pile in unseen)


def card_name_for(state: GameState, player: int | None, card: object) -> str:
    """Card ``card`` as ``player`` may read it in a refusal: its name when they see it,
    else its number alone ("card 17"), the same words wherever it is or if it is none."""
    return state.card_name(card) if seen_by(state, player, card) else f"card {card!r}"


# The fields of an action that name a card (an Avatar is named by its card).
CARD_FIELDS = frozenset({"card", "avatar", "target", "defender", "hand", "discard", "cards"})


def refused_for(
    state: GameState, player: int, action: Action, refusal: IllegalAction
) -> IllegalAction:
    """``refusal`` of ``action`` as ``player`` may read it. When the action names a card
    ``player`` does not see, any reason would tell something of where it is (in the other
    hand, in a deck, nowhere): the reason is then the same words for all of them."""
    for field in fields(action) if is_dataclass(action) else ():
        if field.name not in CARD_FIELDS:
            continue
        value = getattr(action, field.name)
        named = value if isinstance(value, tuple) else (value,)
        for card in named:
            if card == field.default == -1:  # "not given"
                continue
            if not seen_by(state, player, card):
                return IllegalAction(f"card {card!r} is not one you can choose now")
    return refusal


def _others(state: GameState, player: int | None) -> frozenset[int]:
    """The seats whose hidden cards ``player`` may not see: every other seat, team-mates
    included (M9)."""
    return frozenset(p for p in range(len(state.hands)) if p != player)


def _hide(pile: tuple[int, ...]) -> tuple[int, ...]:
    return (HIDDEN,) * len(pile)


def _redact_cards_lost(event: CardsLost, reader: str | None) -> CardsLost:
    # Cards another player gives up from hand were never shown; the discard pile is public.
    if event.player == reader or not event.hand:
        return event
    return replace(event, hand=(HIDDEN_SPEC.name,) * len(event.hand))


# Event classes that can name a card the reader has not seen, and how to hide it.
_REDACTORS: Mapping[type, Callable[[Event, str | None], Event]] = MappingProxyType(
    {CardsLost: _redact_cards_lost}
)

# Event classes that only tell what everyone at the table sees (counts, the board,
# cards played face up, discard piles). A new event class must join one of the
# two tables; a test keeps them complete.
PUBLIC_EVENTS = frozenset(
    {
        events.FirstPlayerRolled,
        events.RealmStonePlaced,
        events.RealmStoneEstablished,
        events.HandRedrawn,  # how many cards, not which
        events.TurnBegan,
        events.Recovered,  # how many cards, not which
        events.CardsDrawn,  # how many cards, not which
        events.CounterPlaced,
        events.CountersCaptured,
        events.CountersRemoved,
        events.Passed,
        events.CardPlayed,
        events.AbilityUsed,
        events.RemainsRemoved,
        events.AvatarActivated,
        events.AvatarMoved,
        events.AvatarPlaced,
        events.AvatarRemoved,
        events.AvatarStateChanged,
        events.TraitModified,
        events.BonusDice,
        events.CardsReturned,  # from the discard pile, which is face up
        events.MeleeRolled,
        events.RangedRolled,
        events.RealmStoneAttacked,
        events.AnchorClaimed,
        events.OpponentNamed,
        events.TurnEnded,
        events.GameOver,
        events.PlayerOut,  # counts and the board only
    }
)


def redacted_event_classes() -> frozenset[type]:
    """The event classes ``redact_events`` rewrites for the other players."""
    return frozenset(_REDACTORS)
