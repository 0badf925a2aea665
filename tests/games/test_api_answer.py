"""The match API answers the state as the engine's JSON text, placed as it is, and the
decision worked out once: the same document the answer was when both were data."""

import json

import pytest
from rest_framework.renderers import JSONRenderer

from games.matches.api.serializers import MatchViewSerializer
from games.matches.records import match_position
from games.matches.screens import screen_for
from games.matches.seats import seats_of
from games.matches.services import match_create
from games.models import Match, Mode
from games.play import GAMES
from tests.games.helpers import acting_seat, legal_json


def _as_data_it_was(match: Match, user) -> dict:
    """The answer as it was written before: the state parsed, then rendered by DRF."""
    game = GAMES[match.game]
    screen = screen_for(match, user, revealed=acting_seat(match), drawn=False)
    state = match_position(match).state
    decision = game.decision(state)
    view = {
        "screen": screen,
        "seats": list(seats_of(match, user)),
        "invite_token": None,
        "bot_unanswered": False,  # a hot-seat match has no bot
        "state": json.loads(game.dump(screen.view)),
        "decision": None if decision is None else game.decision_to_json(decision),
    }
    return json.loads(JSONRenderer().render(MatchViewSerializer(view).data))


def _act(client, match: Match, number: int):
    """Play the match's first legal action, as chosen on state ``number``."""
    return client.post(
        f"/api/matches/{match.pk}/act/",
        {"action": legal_json(match)[0], "number": number},
        format="json",
    )


def _mid_game(alice, alice_api, alices_deck) -> Match:
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    for _ in range(3):
        response = _act(alice_api, match, match.number)
        assert response.status_code == 200, response.content
        match = Match.objects.for_play().get(pk=match.pk)
    return match


def test_an_act_answers_the_document_it_answered_as_data(alice, alice_api, alices_deck):
    match = _mid_game(alice, alice_api, alices_deck)

    response = _act(alice_api, match, match.number)

    assert response.status_code == 200, response.content
    match = Match.objects.for_play().get(pk=match.pk)
    answer = response.json()
    assert answer == _as_data_it_was(match, alice)
    assert isinstance(answer["state"], dict) and answer["decision"]["groups"]


@pytest.mark.parametrize("accept", ["application/json", "application/json; indent=4"])
def test_my_view_is_the_same_document_however_it_is_written(alice, alice_api, alices_deck, accept):
    match = _mid_game(alice, alice_api, alices_deck)

    response = alice_api.get(f"/api/matches/{match.pk}/", HTTP_ACCEPT=accept)

    assert response.status_code == 200, response.content
    assert json.loads(response.content) == _as_data_it_was(match, alice)


def test_a_stale_refusal_carries_my_view_as_the_same_document(alice, alice_api, alices_deck):
    match = _mid_game(alice, alice_api, alices_deck)

    response = _act(alice_api, match, match.number - 1)

    assert response.status_code == 409
    assert response.json()["match"] == _as_data_it_was(match, alice)


def test_the_browsable_api_still_shows_a_match(alice, alice_api, alices_deck):
    match = _mid_game(alice, alice_api, alices_deck)

    response = alice_api.get(f"/api/matches/{match.pk}/", HTTP_ACCEPT="text/html")

    assert response.status_code == 200
    assert b"&quot;state&quot;" in response.content or b'"state"' in response.content
