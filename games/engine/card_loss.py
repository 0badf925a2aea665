"""Losing cards (R12, R20, R22–R24): the loser chooses which cards leave the game.

One decision: any cards of hand and discard pile plus any number off the top
of the deck. When there is nothing to choose (too few cards, or only a deck)
the engine takes them itself.
"""

from __future__ import annotations

from games.engine.actions import IllegalAction, LoseCards
from games.engine.decisions import ChooseLostCards
from games.engine.events import CardsLost, Event
from games.engine.state import GameState, evolve, player_name, with_item


def ask_to_lose(state: GameState, player: int, count: int) -> GameState:
    """Push the decision for ``player`` to lose ``count`` cards (nothing when count is 0)."""
    if count <= 0:
        return state
    return evolve(state, pending=(*state.pending, ChooseLostCards(player, count)))


def forced_loss(state: GameState, player: int, count: int) -> LoseCards | None:
    """The only possible answer when there is no choice, else None."""
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    if len(hand) + len(deck) + len(discard) <= count:
        return LoseCards(len(deck), hand, discard)
    if not hand and not discard:
        return LoseCards(count)
    return None


def default_loss(state: GameState, player: int, count: int) -> LoseCards:
    """A bot's default (R24): discard pile first (oldest first), then the deck top, then hand."""
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    from_discard = discard[:count]
    rest = count - len(from_discard)
    from_deck = min(rest, len(deck))
    rest -= from_deck
    return LoseCards(from_deck, hand[:rest], from_discard)


def loss_choices(state: GameState, player: int, count: int) -> list[LoseCards]:
    """One answer per mix of (deck, discard, hand) counts, the default first.

    Any particular choice of hand and discard cards is legal too; this list
    keeps the legal-action list small (it names the first cards of each pile).
    """
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    need = min(count, len(hand) + len(deck) + len(discard))
    choices = [default_loss(state, player, count)]
    for from_hand in range(min(need, len(hand)) + 1):
        for from_discard in range(min(need - from_hand, len(discard)) + 1):
            from_deck = need - from_hand - from_discard
            if from_deck <= len(deck):
                choice = LoseCards(from_deck, hand[:from_hand], discard[:from_discard])
                if choice != choices[0]:
                    choices.append(choice)
    return choices


def lose_cards(
    state: GameState, player: int, count: int, answer: LoseCards, log: list[Event]
) -> GameState:
    """Apply ``answer`` to a loss of ``count`` cards, or raise IllegalAction saying why."""
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    need = min(count, len(hand) + len(deck) + len(discard))
    chosen = answer.from_deck + len(answer.hand) + len(answer.discard)
    if chosen != need:
        raise IllegalAction(f"{player_name(player)} must lose exactly {need} cards, not {chosen}")
    if not 0 <= answer.from_deck <= len(deck):
        raise IllegalAction(f"the deck holds {len(deck)} cards, not {answer.from_deck}")
    new_hand = take_from_pile(hand, answer.hand, "hand", state)
    new_discard = take_from_pile(discard, answer.discard, "discard pile", state)
    lost = (*answer.hand, *answer.discard, *deck[: answer.from_deck])
    state = evolve(
        state,
        hands=with_item(state.hands, player, new_hand),
        discards=with_item(state.discards, player, new_discard),
        decks=with_item(state.decks, player, deck[answer.from_deck :]),
        out=with_item(state.out, player, state.out[player] + lost),
    )
    log.append(
        CardsLost(
            player_name(player),
            need,
            tuple(state.card_name(c) for c in answer.hand),
            tuple(state.card_name(c) for c in answer.discard),
            answer.from_deck,
        )
    )
    return state


def take_from_pile(
    pile: tuple[int, ...], cards: tuple[int, ...], where: str, state: GameState
) -> tuple[int, ...]:
    """``pile`` without ``cards``, or IllegalAction naming the first card not in it."""
    remaining = list(pile)
    for card in cards:
        if card not in remaining:
            name = state.card_name(card) if 0 <= card < len(state.cards) else repr(card)
            raise IllegalAction(f"{name} is not in the {where}")
        remaining.remove(card)
    return tuple(remaining)
