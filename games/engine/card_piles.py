"""Cards moving between a player's piles: drawing, losing, gaining back.

Drawing (R9): from the top of the deck; an empty deck is rebuilt by shuffling
the discard pile, except for a card's or ability's draw in a turn of
alternating steps, which takes from the deck alone (R9).

Losing cards (R12, R20, R22–R24): the loser chooses which cards leave the
game, any cards of hand and discard pile plus any number off the top of the
deck. When there is nothing to choose (too few cards, or only a deck) the
engine takes them itself.

Gaining cards back (a ``gain_cards_back`` effect): the owner chooses which
cards of their discard pile return to hand, up to the effect's count; with an
empty discard pile there is nothing to choose and nothing returns. Under
alternating steps a card that gives cards back is never given back (R16).

Together the two keep every turn finite: a card played in a turn of alternating
steps can come back to hand in that turn only by being given back, and what
gives cards back cannot come back itself (R13).
"""

from __future__ import annotations

from games.engine import rng
from games.engine.actions import Action, IllegalAction, LoseCards, ReturnCards
from games.engine.cards import gives_cards_back
from games.engine.decisions import ChooseLostCards, ChooseReturnedCards
from games.engine.events import CardsLost, CardsReturned, Event
from games.engine.state import GameState, evolve, player_name, with_item
from games.engine.view import card_name_for


def draw(
    state: GameState, player: int, count: int, *, reshuffle: bool = True
) -> tuple[GameState, int, bool]:
    """``player`` draws up to ``count`` cards, reshuffling the discard pile into an
    empty deck (R9) unless ``reshuffle`` is False. Returns (state, cards drawn, whether
    a reshuffle happened)."""
    hand, deck, discard = state.hands[player], state.decks[player], state.discards[player]
    seed = state.rng
    reshuffled = False
    drawn = 0
    while drawn < count:
        if not deck:
            if not discard or not reshuffle:
                break
            deck, seed = rng.shuffled(seed, discard)
            discard = ()
            reshuffled = True
        take = min(count - drawn, len(deck))
        hand, deck = hand + deck[:take], deck[take:]
        drawn += take
    if not drawn and not reshuffled:
        return state, 0, False
    state = evolve(
        state,
        hands=with_item(state.hands, player, hand),
        decks=with_item(state.decks, player, deck),
        discards=with_item(state.discards, player, discard),
        rng=seed,
    )
    return state, drawn, reshuffled


def ask_to_lose(state: GameState, player: int, count: int) -> GameState:
    """Push the decision for ``player`` to lose ``count`` cards (nothing when count is 0,
    when the ruleset has no card losses at all, simplified-0.1, or when ``player`` is
    out, M7: nobody owes cards for their pieces left ownerless)."""
    if count <= 0 or not state.ruleset.card_losses or player in state.players_out:
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
    new_hand = take_from_pile(state, player, hand, answer.hand, "hand")
    new_discard = take_from_pile(state, player, discard, answer.discard, "discard pile")
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
    state: GameState, player: int, pile: tuple[int, ...], cards: tuple[int, ...], where: str
) -> tuple[int, ...]:
    """``player``'s ``pile`` without ``cards``, or IllegalAction naming the first card not
    in it (by its number alone when ``player`` does not see it)."""
    remaining = list(pile)
    for card in cards:
        if card not in remaining:
            raise IllegalAction(f"{card_name_for(state, player, card)} is not in the {where}")
        remaining.remove(card)
    return tuple(remaining)


# -- gaining cards back ----------------------------------------------------------


def returnable(state: GameState, player: int) -> tuple[int, ...]:
    """The cards of ``player``'s discard pile a gain_cards_back effect may return, oldest
    first: all of them, but where every turn must end none that gives cards back (R16)."""
    discard = state.discards[player]
    if not state.ruleset.finite_turns:
        return discard
    cards = state.cards
    return tuple(card for card in discard if not gives_cards_back(cards[card]))


def ask_to_return(state: GameState, player: int, count: int, log: list[Event]) -> GameState:
    """Push the decision for ``player`` to return up to ``count`` discards to hand;
    with nothing to return (or count 0) log that nothing returns instead."""
    if count <= 0 or not returnable(state, player):
        log.append(CardsReturned(player_name(player), ()))
        return state
    return evolve(state, pending=(*state.pending, ChooseReturnedCards(player, count)))


def return_choices(state: GameState, decision: ChooseReturnedCards) -> list[Action]:
    """A few answers, the bot default first: the most recent discards, as many as
    allowed, then one fewer each time down to none; when only one card may return,
    also each other card of the pile (the most recent copy of each, newest first).

    Any other choice of cards is legal too; this list keeps the legal actions few.
    """
    discard = returnable(state, decision.player)
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
        name = card_name_for(state, player, twice)
        raise IllegalAction(f"{name} is named twice: a card returns only once")
    discard = take_from_pile(state, player, state.discards[player], cards, "discard pile")
    kept = next((card for card in cards if card not in returnable(state, player)), None)
    if kept is not None:
        name = card_name_for(state, player, kept)
        raise IllegalAction(f"{name} gives cards back, so it is never given back itself (R16)")
    log.append(CardsReturned(player_name(player), tuple(map(state.card_name, cards))))
    return evolve(
        state,
        pending=state.pending[:-1],
        hands=with_item(state.hands, player, state.hands[player] + cards),
        discards=with_item(state.discards, player, discard),
    )
