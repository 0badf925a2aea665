"""Gaining cards back (a ``gain_cards_back`` effect): the owner chooses which cards of
their discard pile return to hand, up to the effect's count.

One decision, answered with ``ReturnCards``; with an empty discard pile there is
nothing to choose and the effect returns nothing by itself.
"""

from __future__ import annotations

from games.engine.actions import Action, IllegalAction, ReturnCards
from games.engine.card_loss import take_from_pile
from games.engine.decisions import ChooseReturnedCards
from games.engine.events import CardsReturned, Event
from games.engine.state import GameState, evolve, player_name, with_item


def ask_to_return(state: GameState, player: int, count: int, log: list[Event]) -> GameState:
    """Push the decision for ``player`` to return up to ``count`` discards to hand;
    with an empty discard pile (or count 0) log that nothing returns instead."""
    if count <= 0 or not state.discards[player]:
        log.append(CardsReturned(player_name(player), ()))
        return state
    return evolve(state, pending=(*state.pending, ChooseReturnedCards(player, count)))


def return_choices(state: GameState, decision: ChooseReturnedCards) -> list[Action]:
    """A few answers, the bot default first: the most recent discards, as many as
    allowed, then one fewer each time down to none; when only one card may return,
    also each other card of the pile (the most recent copy of each, newest first).

    Any other choice of cards is legal too; this list keeps the legal actions few.
    """
    discard = state.discards[decision.player]
    most = min(decision.count, len(discard))
    newest_first = discard[::-1]
    choices: list[Action] = [ReturnCards(newest_first[:size]) for size in range(most, -1, -1)]
    if decision.count == 1:
        names = {state.card_name(newest_first[0])}
        for card in newest_first[1:]:
            name = state.card_name(card)
            if name not in names:
                names.add(name)
                choices.insert(-1, ReturnCards((card,)))
    return choices


def answer_return(
    state: GameState, decision: ChooseReturnedCards, action: Action, log: list[Event]
) -> GameState:
    """Move the chosen cards from discard pile to hand, or raise IllegalAction saying why."""
    player, count = decision.player, decision.count
    if not isinstance(action, ReturnCards):
        raise IllegalAction(
            f"{player_name(player)} must choose up to {count} cards of the discard pile "
            "to return to hand"
        )
    cards = tuple(action.cards)
    if len(cards) > count:
        raise IllegalAction(
            f"{player_name(player)} may return at most {count} cards, not {len(cards)}"
        )
    twice = next((card for i, card in enumerate(cards) if card in cards[:i]), None)
    if twice is not None:
        raise IllegalAction(f"{_name(state, twice)} is named twice: a card returns only once")
    discard = take_from_pile(state.discards[player], cards, "discard pile", state)
    log.append(CardsReturned(player_name(player), tuple(map(state.card_name, cards))))
    return evolve(
        state,
        pending=state.pending[:-1],
        hands=with_item(state.hands, player, state.hands[player] + cards),
        discards=with_item(state.discards, player, discard),
    )


def _name(state: GameState, card: object) -> str:
    valid = isinstance(card, int) and 0 <= card < len(state.cards)
    return state.card_name(card) if valid else repr(card)
