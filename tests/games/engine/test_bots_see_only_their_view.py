"""Bots cannot cheat: each decides from its own view of the game (``view_for``).

A bot's choice must not change when what its player may not see changes: the
opponent's hand and deck (which cards, in which order), its own deck order and
the dice to come. The determinized worlds the greedy and search bots play
forward in must agree with everything the player does see.
"""

import pytest

from games.engine import GreedyBot, RandomBot, SearchBot, legal_actions, rng, view_for
from games.engine.bots.determinize import MIN_SEEN, determinize, opponent_pool, unseen_cards
from games.engine.bots.roster import quick_search
from games.engine.decisions import ActivationStep, AvatarActivation, PlaceShen, TakeTurn
from games.engine.replay import replay
from games.engine.state import GameState, evolve, with_item
from games.engine.testing.samples import replay_sample_game, sample_game

BOTS = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "quick-search": quick_search,
    "search": lambda seed: SearchBot(seed, playouts=8),
}


def _by_kind(game_states) -> dict[type, list[GameState]]:
    """Decisions with three or more answers where both players hold unseen cards."""
    picked: dict[type, list[GameState]] = {}
    for state in game_states:
        decision = state.decision
        if decision is None or len(legal_actions(state)) < 3:
            continue
        opponent = 1 - decision.player
        if state.hands[opponent] and state.decks[opponent] and state.decks[decision.player]:
            picked.setdefault(type(decision), []).append(state)
    return picked


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    """Decisions of a random game where both players hold unseen cards, of several kinds,
    and a one-action turn's menu (R27) of a beta-2025 game."""
    picked = _by_kind(replay_sample_game(seed=11).states)
    kinds = (ActivationStep, AvatarActivation, PlaceShen)
    chosen = [picked[kind][len(picked[kind]) // 2] for kind in kinds]
    game = sample_game(11, ruleset_name="beta-2025")
    turns = _by_kind(replay(game.ruleset, game.decks, game.seed, game.actions).states)[TakeTurn]
    return [*chosen, turns[len(turns) // 2]]


def hidden_changed(state: GameState, seed: int) -> GameState:
    """``state`` with everything its decider may not see dealt again: the opponent's
    hand and deck shuffled together and split anew, the decider's deck reordered and
    the generator (the dice to come) reseeded."""
    player = state.to_decide
    opponent = 1 - player
    hand, deck = state.hands[opponent], state.decks[opponent]
    gen = rng.seed_state(seed)
    while True:
        cards, gen = rng.shuffled(gen, hand + deck)
        faces = sorted(state.cards[card].name for card in cards[: len(hand)])
        if faces != sorted(state.cards[card].name for card in hand):
            break
    own, gen = rng.shuffled(gen, state.decks[player])
    return evolve(
        state,
        hands=with_item(state.hands, opponent, cards[: len(hand)]),
        decks=with_item(with_item(state.decks, opponent, cards[len(hand) :]), player, own),
        rng=state.rng ^ 0x5DEECE66D,
    )


@pytest.mark.parametrize("name", BOTS)
def test_a_bots_choice_does_not_change_with_the_cards_it_cannot_see(states, name):
    for index, state in enumerate(states):
        other = hidden_changed(state, seed=index)
        player = state.to_decide
        assert other.hands[1 - player] != state.hands[1 - player]  # a cheat would notice
        assert view_for(other, player) == view_for(state, player)  # the player would not
        for seed in (1, 2):
            assert BOTS[name](seed).choose(state) == BOTS[name](seed).choose(other)


class Peeker:
    """A cheat: picks by the names of the opponent's hand, which it may not see."""

    def choose(self, state: GameState):
        actions = legal_actions(state)
        names = "".join(state.cards[c].name for c in state.hands[1 - state.to_decide])
        return actions[sum(map(ord, names)) % len(actions)]


def test_the_check_catches_a_bot_that_peeks(states):
    changed = [
        Peeker().choose(state) != Peeker().choose(hidden_changed(state, seed=index))
        for index, state in enumerate(states)
    ]
    assert any(changed)


def test_a_determinized_world_looks_the_same_to_the_player(states):
    for state in states:
        player = state.to_decide
        view = view_for(state, player)
        world, _ = determinize(view, player, rng.seed_state(5))
        assert view_for(world, player) == view
        assert legal_actions(world) == legal_actions(state)


def test_a_determinized_world_holds_every_card_once(states):
    for state in states:
        player = state.to_decide
        world, _ = determinize(view_for(state, player), player, rng.seed_state(8))
        piles = (*world.hands, *world.decks, *world.discards, *world.out, *world.beside)
        placed = [card for pile in piles for card in pile]
        for avatar in world.avatars:
            placed.extend((avatar.card, *avatar.items, *avatar.attachments))
        assert sorted(placed) == list(range(len(state.cards)))


def test_different_seeds_sample_different_hidden_cards(states):
    state = states[0]
    player = state.to_decide
    view = view_for(state, player)
    opponent = 1 - player
    hands = {
        tuple(world.cards[c].name for c in world.hands[opponent])
        for world, _ in (determinize(view, player, rng.seed_state(s)) for s in range(8))
    }
    assert len(hands) > 1


def test_unseen_opponent_cards_take_faces_the_opponent_has_shown(states):
    state = states[-1]
    player = state.to_decide
    view = view_for(state, player)
    pool = opponent_pool(view, player)
    hidden = unseen_cards(view, 1 - player)
    shown = [
        view.cards[card].name
        for card in range(len(state.cards))
        if view.owners[card] == 1 - player and card not in hidden
    ]
    faces = {spec.name for spec in pool}
    if len(shown) >= MIN_SEEN:
        assert faces == set(shown)
    else:
        assert faces >= set(shown)
