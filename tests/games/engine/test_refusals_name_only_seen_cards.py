"""Every text a player gets from the engine is built from what they see: a refusal of
any action, however hostile, never names a card the deciding player cannot see, and
reads the same whether a card number they cannot see is in the other hand, in a deck,
out of the game or no card at all; prompts, options and log lines name only seen cards.

Random games under every ruleset; at each decision, random actions and legal actions
with a card swapped for every kind of card number."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    RULESETS,
    ActivationStep,
    IllegalAction,
    PlayCard,
    TakeTurn,
    apply,
    decision_to_json,
    describe_decision,
    legal_actions,
    new_game,
    redact_events,
)
from games.engine.client.action_json import CARDS, FIELDS, OPTIONAL, TEXT
from games.engine.testing.samples import sample_decks_for
from games.engine.view import CARD_FIELDS
from tests.games.engine.unseen import leaked_names, unseen_cards

# A game is walked this many decisions at most; hostile actions are tried every few.
STEPS = 100
EVERY = 6
HOSTILE = 4
# Far past any card of the sample decks: a number that is no card.
NO_CARD = 10_000


def _outcome(state, action):
    """The refusal's words, or "accepted"."""
    try:
        apply(state, action)
    except IllegalAction as refusal:
        return refusal.reason
    return "accepted"


def _with_card(action, old, new):
    """``action`` with card ``old`` named ``new`` instead, in every card field."""
    values = {}
    for field, _ in FIELDS[type(action)]:
        value = getattr(action, field)
        if field in CARD_FIELDS and isinstance(value, tuple):
            value = tuple(new if card == old else card for card in value)
        elif field in CARD_FIELDS and value == old:
            value = new
        values[field] = value
    return type(action)(**values)


def _named_cards(action):
    for field, _ in FIELDS[type(action)]:
        if field in CARD_FIELDS:
            value = getattr(action, field)
            for card in value if isinstance(value, tuple) else (value,):
                yield field, card


@st.composite
def hostile_action(draw, state, legal):
    """A random action of any type, or a legal one with one card swapped, whose card
    numbers come from every card of the game, just past them, and -1."""
    count = len(state.cards)
    card = st.one_of(
        st.integers(-1, count + 2), st.sampled_from(unseen_cards(state, state.to_decide) or [0])
    )
    carded = [a for a in legal if any(True for _ in _named_cards(a))]
    if carded and draw(st.booleans()):
        action = draw(st.sampled_from(carded))
        field, old = draw(st.sampled_from(list(_named_cards(action))))
        return _with_card(action, old, draw(card))
    cls = draw(st.sampled_from(list(FIELDS)))
    values = {}
    for field, kind in FIELDS[cls]:
        if kind == CARDS:
            values[field] = tuple(draw(st.lists(card, max_size=4)))
        elif kind == TEXT:
            values[field] = draw(st.sampled_from(["", "fire", "water", "jade", "x" * 41]))
        elif field in CARD_FIELDS:
            values[field] = draw(card)
        else:
            values[field] = draw(st.integers(-2 if kind == OPTIONAL else -1, 120))
    return cls(**values)


def _check_refusals(data, state):
    seat = state.to_decide
    hidden = unseen_cards(state, seat)
    legal = legal_actions(state)
    for _ in range(HOSTILE):
        action = data.draw(hostile_action(state, legal))
        outcome = _outcome(state, action)
        assert not leaked_names(outcome, state, seat), (action, outcome)
        # Any unseen number, put in place of a card not even in the game, reads the same.
        for card in {card for _, card in _named_cards(action)} & set(hidden):
            swapped = _outcome(state, _with_card(action, card, NO_CARD))
            same = re.sub(rf"card {card}\b", "card #", outcome)
            assert same == swapped.replace(f"card {NO_CARD}", "card #"), (action, card)


def _check_texts(before, state, events):
    """The decision put to the deciding seat, and each seat's log lines, name only seen
    cards (a log line may name a card seen before the action: one leaving play)."""
    decision = describe_decision(state)
    if decision is not None:
        text = json.dumps(decision_to_json(decision), ensure_ascii=False)
        assert not leaked_names(text, state, decision.player), text
    for seat in (0, 1, None):
        lines = " ".join(event.log_line() for event in redact_events(events, seat))
        leaked = set(leaked_names(lines, state, seat)) & set(leaked_names(lines, before, seat))
        assert not leaked, lines


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@settings(max_examples=10, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_no_refusal_prompt_or_log_line_names_a_card_its_reader_cannot_see(ruleset, seed, data):
    state = new_game(RULESETS[ruleset], sample_decks_for(ruleset, seed % 7), seed)
    chooser = random.Random(seed)
    for step in range(STEPS):
        if state.result is not None:
            break
        if step % EVERY == 0:
            _check_refusals(data, state)
        before = state
        state, events = apply(state, chooser.choice(legal_actions(state)))
        _check_texts(before, state, events)


def test_a_card_in_the_other_hand_reads_like_no_card_at_all():
    """The finding of issue 18: playing an id of the opponent's hand named the card."""
    state = new_game(RULESETS["beta-2026-07"], sample_decks_for("beta-2026-07"), 5)
    chooser = random.Random(5)
    while not (
        state.hands[0] and state.hands[1] and isinstance(state.decision, TakeTurn | ActivationStep)
    ):
        state, _ = apply(state, chooser.choice(legal_actions(state)))
    seat = state.to_decide
    theirs = state.hands[1 - seat][0]
    in_their_hand = _outcome(state, PlayCard(theirs))
    assert in_their_hand == f"card {theirs} is not one you can choose now"
    assert _outcome(state, PlayCard(NO_CARD)) == f"card {NO_CARD} is not one you can choose now"
    mine = state.hands[seat][0]
    assert state.card_name(mine) in _outcome(state, PlayCard(mine, at=-5))
