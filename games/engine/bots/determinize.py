"""A whole game a bot may play forward, made from what one player sees of it.

A bot sees the game only through ``view_for(state, player)``: its own hand,
every card in play and in the discard piles, and only the sizes of the rest.
To look ahead it needs a state ``apply`` can run, so it *determinizes* the
view: it fills every unseen pile with cards drawn from its own generator,
consistently with what it has seen, and gives the dice a fresh seed. Playing
forward in many such worlds and averaging is how the greedy and search bots
weigh what they cannot see (information-set Monte Carlo).

What is sampled:

* **Own deck and out-of-game pile.** The player knows their own deck list,
  so their unseen cards are exactly their cards not in hand, discard pile, play
  or beside the board; shuffled, the first go to the deck (as many as it
  holds), the rest out of the game.
* **The opponent's hand, deck and out-of-game pile.** Which cards they are is
  unknown. Each unseen opponent card takes the face of a card drawn from the
  opponent's cards seen so far (in play, discarded, beside the board), as a
  deck tends to hold copies of what it has shown; while fewer than
  ``MIN_SEEN`` have been seen, the player's own deck list fills the pool (a
  mirror match is the best guess before the opponent has shown anything).
* **The generator** that rolls the dice and shuffles discard piles.

Nothing here reads the real state: a bot that determinizes its view cannot
tell two games apart that differ only in what it may not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import rng
from games.engine.actions import Action
from games.engine.cards import CardSpec
from games.engine.decisions import DiscardCard
from games.engine.game import legal_actions
from games.engine.state import GameState, evolve, other, with_item
from games.engine.view import HIDDEN, HIDDEN_SPEC, view_for

# Below this many opponent cards seen, the player's own deck list joins the pool.
MIN_SEEN = 5
# Fresh generator seeds are drawn below this bound (any 64-bit value would do).
_SEED_RANGE = 1 << 62


@dataclass(frozen=True)
class Outlook:
    """What the player deciding in a state knows (``view``), one world sampled from it,
    and the actions legal there (the same as in the real state: they are the player's)."""

    player: int
    view: GameState
    world: GameState
    actions: tuple[Action, ...]


def outlook(state: GameState, seed: int) -> tuple[Outlook, int]:
    """(the deciding player's :class:`Outlook` on ``state``, the next generator state).

    A bot's first look at a decision: everything after it reads the view, never
    ``state``."""
    player = state.to_decide
    view = view_for(state, player)
    world, seed = determinize(view, player, seed)
    return Outlook(player, view, world, tuple(legal_actions(world))), seed


def seen_cards(view: GameState) -> frozenset[int]:
    """The cards ``view`` shows where they are: hands it holds, discard piles, cards in
    play (Avatars, their Items and attached cards), beside the board, being resolved."""
    seen: set[int] = set()
    for pile in (*view.hands, *view.discards, *view.beside):
        seen.update(pile)
    seen.discard(HIDDEN)  # a hidden card in a pile is no card seen
    for avatar in view.avatars:
        seen.add(avatar.card)
        seen.update(avatar.items)
        seen.update(avatar.attachments)
    seen.update(task.card for task in view.pending if isinstance(task, DiscardCard))
    return frozenset(seen)


def unseen_cards(
    view: GameState, player: int, seen: frozenset[int] | None = None
) -> tuple[int, ...]:
    """``player``'s cards whose place ``view`` does not show (hand, deck, out of game);
    ``seen`` is ``seen_cards(view)`` when the caller has it already."""
    if seen is None:
        seen = seen_cards(view)
    # The view's card table ends with one placeholder owned by nobody: skip it.
    owners = view.owners[: len(view.cards) - 1]
    return tuple(card for card, owner in enumerate(owners) if owner == player and card not in seen)


def determinize(view: GameState, player: int, seed: int) -> tuple[GameState, int]:
    """(a full game consistent with ``view``, the next generator state).

    ``view`` is ``view_for(state, player)``; ``seed`` is the bot's own
    generator state. The result is a state ``apply`` can play, whose every
    hidden card is sampled as the module docstring says.
    """
    real = len(view.cards) - 1
    cards = list(view.cards[:real])
    owners = view.owners[:real]
    hands, decks, out = view.hands, view.decks, view.out

    # Read once: the own and the other seats' unseen cards and the pools start from it.
    seen = seen_cards(view)
    own, seed = rng.shuffled(seed, unseen_cards(view, player, seen))
    _check_count(own, len(decks[player]) + len(out[player]), "own")
    split = len(decks[player])
    decks = with_item(decks, player, own[:split])
    out = with_item(out, player, own[split:])

    # Every other seat's, team-mates' too (M9), clockwise from the seat after the bot's.
    for opponent in others(view, player):
        theirs, seed = rng.shuffled(seed, unseen_cards(view, opponent, seen))
        sizes = (len(hands[opponent]), len(decks[opponent]), len(out[opponent]))
        _check_count(theirs, sum(sizes), f"{opponent}'s")
        pool = opponent_pool(view, player, seen, opponent)
        for card in theirs:
            index, seed = rng.below(seed, len(pool))
            cards[card] = pool[index]
        hands = with_item(hands, opponent, theirs[: sizes[0]])
        decks = with_item(decks, opponent, theirs[sizes[0] : sizes[0] + sizes[1]])
        out = with_item(out, opponent, theirs[sizes[0] + sizes[1] :])

    dice, seed = rng.below(seed, _SEED_RANGE)
    world = evolve(
        view,
        cards=tuple(cards),
        owners=owners,
        hands=hands,
        decks=decks,
        out=out,
        rng=rng.seed_state(dice),
        forced_dice=(),
    )
    return world, seed


def others(view: GameState, player: int) -> tuple[int, ...]:
    """Every seat but ``player``'s, clockwise from the one after it."""
    count = len(view.hands)
    return tuple((player + step) % count for step in range(1, count))


def reroll(world: GameState, seed: int) -> tuple[GameState, int]:
    """(``world`` with a fresh generator for its dice and reshuffles, the next generator
    state): another world with the same hidden cards, for what only the dice decide."""
    dice, seed = rng.below(seed, _SEED_RANGE)
    return evolve(world, rng=rng.seed_state(dice)), seed


def opponent_pool(
    view: GameState,
    player: int,
    seen: frozenset[int] | None = None,
    opponent: int | None = None,
) -> tuple[CardSpec, ...]:
    """The card faces an unseen card of ``opponent`` (by default the other seat of a
    two-player game) is drawn from (see the module docstring); ``seen`` is
    ``seen_cards(view)`` when the caller has it already."""
    if opponent is None:
        opponent = other(player)
    real = len(view.cards) - 1
    if seen is None:
        seen = seen_cards(view)
    shown = tuple(
        view.cards[card]
        for card in sorted(seen)
        if card < real and view.owners[card] == opponent and view.cards[card] is not HIDDEN_SPEC
    )
    if len(shown) >= MIN_SEEN:
        return shown
    own = tuple(view.cards[card] for card in range(real) if view.owners[card] == player)
    return shown + own if shown + own else (HIDDEN_SPEC,)


def _check_count(cards: tuple[int, ...], expected: int, whose: str) -> None:
    # Every card is somewhere: a mismatch means a pile this module does not know of.
    if len(cards) != expected:
        raise ValueError(f"{len(cards)} {whose} unseen cards for {expected} hidden places")
