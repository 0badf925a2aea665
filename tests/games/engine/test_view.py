"""A player's view: the opponent's hand, every deck's order and the generator stay hidden."""

import pytest

from games.engine import events
from games.engine.codec import from_json, to_json
from games.engine.events import CardPlayed, CardsLost
from games.engine.replay import replay
from games.engine.testing.samples import sample_game
from games.engine.view import (
    HIDDEN,
    HIDDEN_SPEC,
    PUBLIC_EVENTS,
    redact_events,
    redacted_event_classes,
    view_for,
)


@pytest.fixture(scope="module")
def state():
    game = sample_game(seed=9, max_turns=4)
    states = replay(game.ruleset, game.decks, game.seed, game.actions).states
    # A mid-game moment where both players hold cards and some are in play.
    return next(s for s in states[len(states) // 2 :] if all(s.hands) and s.avatars)


def test_own_hand_is_shown(state):
    assert view_for(state, 0).hands[0] == state.hands[0]


def test_opponent_hand_shows_only_its_size(state):
    assert view_for(state, 0).hands[1] == (HIDDEN,) * len(state.hands[1])


def test_a_spectator_sees_neither_hand(state):
    view = view_for(state, None)
    assert view.hands == tuple((HIDDEN,) * len(hand) for hand in state.hands)


def test_no_deck_order_is_shown_not_even_ones_own(state):
    view = view_for(state, 1)
    assert view.decks == tuple((HIDDEN,) * len(deck) for deck in state.decks)


def test_out_of_game_piles_show_only_their_sizes(state):
    view = view_for(state, 0)
    assert tuple(map(len, view.out)) == tuple(map(len, state.out))
    assert set(view.out[0]) <= {HIDDEN}


def test_opponent_unseen_cards_lose_their_specs(state):
    view = view_for(state, 0)
    for card in state.hands[1] + state.decks[1]:
        assert view.cards[card] == HIDDEN_SPEC


def test_own_cards_and_cards_in_play_keep_their_specs(state):
    view = view_for(state, 0)
    for card in state.hands[0] + state.decks[0]:
        assert view.cards[card] == state.cards[card]
    for avatar in state.avatars:
        assert view.cards[avatar.card] == state.cards[avatar.card]


def test_a_hidden_card_reads_as_the_placeholder(state):
    view = view_for(state, 0)
    assert view.card_name(view.hands[1][0]) == HIDDEN_SPEC.name


def test_discard_piles_and_the_board_are_public(state):
    view = view_for(state, 1)
    assert (view.discards, view.avatars, view.grid) == (state.discards, state.avatars, state.grid)


def test_the_generator_state_is_hidden(state):
    view = view_for(state, 0)
    assert view.rng == 0 and view.forced_dice == ()


def test_a_view_can_be_sent_as_json(state):
    view = view_for(state, 1)
    assert from_json(to_json(view)) == view


def test_opponent_cards_lost_from_hand_lose_their_names():
    lost = CardsLost("Blue", 3, hand=("Jade Knight", "Jade Blade"), discard=("Ember Fury",))
    (seen,) = redact_events([lost], 0)
    assert seen.hand == (HIDDEN_SPEC.name,) * 2
    assert (seen.discard, seen.count) == (("Ember Fury",), 3)


def test_own_cards_lost_from_hand_keep_their_names():
    lost = CardsLost("Red", 2, hand=("Jade Knight", "Jade Blade"))
    assert redact_events([lost], 0) == [lost]


def test_a_spectator_reads_no_hand_card_names():
    lost = CardsLost("Red", 1, hand=("Jade Knight",))
    assert redact_events([lost], None)[0].hand == (HIDDEN_SPEC.name,)


def test_public_events_pass_unchanged():
    played = CardPlayed("Blue", "Ember Knight", "c3")
    assert redact_events([played], 0) == [played]


def test_every_event_class_is_known_to_be_public_or_redacted():
    # A new event naming cards must decide here whether the opponent may read them.
    classes = {
        value
        for value in vars(events).values()
        if isinstance(value, type) and issubclass(value, events.Event) and value is not events.Event
    }
    assert classes == PUBLIC_EVENTS | redacted_event_classes()
