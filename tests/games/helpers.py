"""Playing matches in tests: legal answers from the match's own position."""

from __future__ import annotations

import json
import random
from typing import Any

from django.test import TestCase

from games.matches.records import match_position
from games.matches.services import match_create
from games.models import DIGEST_EVERY, Match, Mode, Status
from games.play import GAMES


def legal_json(match: Match) -> list[dict]:
    """Every legal action of the match as it stands, as client JSON."""
    game = GAMES[match.game]
    state = match_position(match).state
    return [game.action_to_json(action) for action in game.legal_actions(state)]


def acting_seat(match: Match) -> int | None:
    return GAMES[match.game].acting_seat(match_position(match).state)


def committed():
    """A block at whose end runs what waits for a commit, as after a real request: in a bot
    match, the bot's task (run eagerly in the tests). The test's own transaction, around
    everything else, never commits."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def bot_first(owner, deck, seed: int = 9, **fields) -> Match:
    """A bot match whose bot places the first Realm Stone: the bot plays Red. Its task
    is queued only when the test commits (see :func:`committed`)."""
    owner_seat = 1  # the first_turn that seats the owner as Blue
    first_turn = "me" if GAMES["shen"].first_seat(seed) == owner_seat else "opponent"
    return match_create(
        owner=owner, deck=deck, mode=Mode.BOT, seed=seed, first_turn=first_turn, **fields
    )


def streamed_json(response) -> Any:
    """The JSON document a streaming response (a job's export.json) writes."""
    assert response.status_code == 200, response.status_code
    return json.loads(b"".join(response.streaming_content))


def played_to_the_end(match: Match, seed: int = 5) -> Match:
    """``match`` played to its end by random legal actions, its record stored."""
    game, chooser = GAMES[match.game], random.Random(seed)
    state, _ = game.start(match.ruleset, match.options, match.decks, match.seed)
    states, actions = [state], []
    while game.result(state) is None:
        action = chooser.choice(game.legal_actions(state))
        state, _ = game.apply(state, action)
        states.append(state)
        actions.append(game.action_to_json(action))
    match.actions, match.number = actions, len(actions)
    match.digests = [game.digest(s) for s in states[::DIGEST_EVERY]]
    match.status, match.result = Status.FINISHED, game.result(state)
    match.save()
    return match
