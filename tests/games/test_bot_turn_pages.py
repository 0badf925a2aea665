"""The table while the bot thinks: it says so, offers the player nothing to click, polls
for the bot's moves, and asks for the bot's task again when none is known to be on it;
once nothing has answered for too long, it says so too, and lets a player have the bot
move in the request."""

import json
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.matches.bot_turns import UNANSWERED_SECONDS, bot_turns_play
from games.models import Match
from tests.games.helpers import bot_first, legal_json

THINKING = "The bot is thinking"


@pytest.fixture
def waiting(alice, alices_deck):
    """A bot match whose bot is to decide, its task never queued."""
    return bot_first(alice, alices_deck)


def test_the_table_says_the_bot_thinks_and_polls_for_its_moves(alice_in, waiting, queued):
    html = alice_in.get(f"/games/{waiting.pk}/").content.decode()
    assert THINKING in html and "bot-thinking" in html
    assert f'hx-get="/games/{waiting.pk}/live/?waiting=bot"' in html
    assert 'class="choice' not in html, "nothing for the player to answer"


def test_the_player_cannot_act_while_the_bot_thinks(alice_in, waiting, queued):
    action = legal_json(waiting)[0]  # one of the bot's options
    response = alice_in.post(
        f"/games/{waiting.pk}/act/",
        {"action": json.dumps(action), "number": waiting.number},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 403
    assert "not yours" in response.content.decode()
    assert Match.objects.get(pk=waiting.pk).actions == []


def test_opening_the_page_queues_a_lost_task_again_once(alice_in, waiting, queued):
    alice_in.get(f"/games/{waiting.pk}/")
    assert queued == [(waiting.pk, 0)]
    alice_in.get(f"/games/{waiting.pk}/")
    assert queued == [(waiting.pk, 0)], "a task is on it: not queued twice"


def test_a_poll_while_the_bot_thinks_queues_its_task_only_when_none_is_on_it(
    alice_in, waiting, queued
):
    live = f"/games/{waiting.pk}/live/?waiting=bot"
    assert alice_in.get(live, HTTP_IF_NONE_MATCH=waiting.etag).status_code == 304
    for _ in range(2):
        with CaptureQueriesContext(connection) as queries:
            response = alice_in.get(live, HTTP_IF_NONE_MATCH=waiting.etag)
        assert response.status_code == 304
        # A task is on it: the poll costs its one small query and a cache read.
        assert len([q for q in queries if "games_match" in q["sql"]]) == 1
    assert queued == [(waiting.pk, 0)]
    cache.clear()  # the task's mark is gone: it was lost with its worker
    assert alice_in.get(live, HTTP_IF_NONE_MATCH=waiting.etag).status_code == 304
    assert queued == [(waiting.pk, 0)] * 2


def test_an_ordinary_poll_stays_one_small_query(alice_in, waiting, queued):
    # A table drawn on the player's decision polls without asking after the bot.
    with CaptureQueriesContext(connection) as queries:
        response = alice_in.get(f"/games/{waiting.pk}/live/", HTTP_IF_NONE_MATCH=waiting.etag)
    assert response.status_code == 304 and queued == []
    assert len([q for q in queries if "games_match" in q["sql"]]) == 1


def test_a_poll_of_a_match_whose_bot_has_answered_queues_nothing(alice_in, waiting, queued):
    bot_turns_play(waiting.pk, 0)
    moved = Match.objects.get(pk=waiting.pk)
    cache.clear()
    response = alice_in.get(f"/games/{waiting.pk}/live/?waiting=bot", HTTP_IF_NONE_MATCH=moved.etag)
    assert response.status_code == 304 and queued == []


def test_a_poll_someone_else_makes_queues_nothing(client, bob, waiting, queued):
    client.force_login(bob)
    response = client.get(f"/games/{waiting.pk}/live/?waiting=bot", HTTP_IF_NONE_MATCH=waiting.etag)
    assert response.status_code == 404 and queued == []


def test_with_the_broker_down_the_poll_brings_the_bots_moves(alice_in, waiting, broker_down):
    response = alice_in.get(
        f"/games/{waiting.pk}/live/?waiting=bot", HTTP_IF_NONE_MATCH=waiting.etag
    )
    moved = Match.objects.get(pk=waiting.pk)
    assert response.status_code == 200 and moved.number > 0
    html = response.content.decode()
    assert THINKING not in html and 'class="choice' in html
    assert response["ETag"] == moved.etag


def test_with_the_broker_down_the_page_opens_on_the_players_decision(
    alice_in, waiting, broker_down
):
    html = alice_in.get(f"/games/{waiting.pk}/").content.decode()
    assert THINKING not in html and 'class="choice' in html


def test_an_api_client_polling_gets_a_lost_task_queued_again(api_client, alice, waiting, queued):
    api_client.force_authenticate(alice)
    view = api_client.get(f"/api/matches/{waiting.pk}/").json()
    assert view["decision"] is None and queued == [(waiting.pk, 0)]
    api_client.get(f"/api/matches/{waiting.pk}/actions/")
    assert queued == [(waiting.pk, 0)]


# -- a bot nothing answers for ---------------------------------------------------------

UNANSWERED = "The bot is not answering"


def unanswered(match: Match) -> Match:
    """``match`` as it stands once its bot has gone UNANSWERED_SECONDS without a move (no
    worker takes its tasks); a write of the clock alone, as time passing is."""
    since = timezone.now() - timedelta(seconds=UNANSWERED_SECONDS + 1)
    Match.objects.filter(pk=match.pk).update(updated_at=since)
    return Match.objects.get(pk=match.pk)


def record(match: Match) -> tuple:
    stored = Match.objects.get(pk=match.pk)
    return stored.number, stored.revision, stored.actions, stored.status


def test_a_bot_thinking_no_longer_than_a_turn_takes_is_not_called_unanswered(
    alice_in, waiting, queued
):
    html = alice_in.get(f"/games/{waiting.pk}/").content.decode()
    assert THINKING in html and UNANSWERED not in html and "Let the bot move here" not in html


def test_a_bot_gone_unanswered_is_said_so_and_the_table_keeps_polling(alice_in, waiting, queued):
    before = record(unanswered(waiting))
    html = alice_in.get(f"/games/{waiting.pk}/").content.decode()
    assert UNANSWERED in html and THINKING not in html
    text = " ".join(html.split())
    assert f"It has not moved for over {UNANSWERED_SECONDS} seconds" in text
    assert "The match is saved as it stands and goes on by itself" in text
    assert ".venv/bin/celery -A shen_site worker" in text and "make run" in text
    assert "Let the bot move here" in html and 'class="choice' not in html
    assert f'hx-get="/games/{waiting.pk}/live/?waiting=bot-unanswered"' in html
    # Saying so changes nothing in the match (its task is only asked for again).
    assert record(waiting) == before


def test_a_poll_brings_the_hint_once_the_bot_goes_unanswered_then_waits_again(
    alice_in, waiting, queued
):
    live = f"/games/{waiting.pk}/live/"
    assert alice_in.get(f"{live}?waiting=bot", HTTP_IF_NONE_MATCH=waiting.etag).status_code == 304
    before = record(unanswered(waiting))

    response = alice_in.get(f"{live}?waiting=bot", HTTP_IF_NONE_MATCH=waiting.etag)

    assert response.status_code == 200 and response["ETag"] == waiting.etag
    assert UNANSWERED in response.content.decode()
    assert record(waiting) == before
    # Drawn with the hint, the table's polls are 304s again, each one small query.
    with CaptureQueriesContext(connection) as queries:
        again = alice_in.get(f"{live}?waiting=bot-unanswered", HTTP_IF_NONE_MATCH=waiting.etag)
    assert again.status_code == 304
    assert len([q for q in queries if "games_match" in q["sql"]]) == 1
    assert record(waiting) == before


def test_let_the_bot_move_here_plays_the_moves_a_worker_would(
    alice, alices_deck, alice_in, waiting, queued
):
    twin = bot_first(alice, alices_deck)  # the same seed and decks: the same game
    bot_turns_play(twin.pk, 0)  # as a worker plays it
    unanswered(waiting)

    response = alice_in.post(f"/games/{waiting.pk}/bot-move/", HTTP_HX_REQUEST="true")

    assert response.status_code == 200
    moved = Match.objects.get(pk=waiting.pk)
    assert moved.number > 0 and moved.actions == Match.objects.get(pk=twin.pk).actions
    html = response.content.decode()
    assert UNANSWERED not in html and THINKING not in html and 'class="choice' in html


def test_the_bot_moves_here_only_once_unanswered_and_for_a_player(
    client, alice_in, bob, waiting, queued
):
    before = record(waiting)
    answering = alice_in.post(f"/games/{waiting.pk}/bot-move/", HTTP_HX_REQUEST="true")
    assert answering.status_code == 409
    assert "The bot is answering" in answering.content.decode()
    assert alice_in.get(f"/games/{waiting.pk}/bot-move/").status_code == 405
    unanswered(waiting)
    client.force_login(bob)  # no player of this match (the same client, now Bob's)
    assert client.post(f"/games/{waiting.pk}/bot-move/").status_code == 404
    assert record(waiting)[:3] == before[:3]


def test_a_bot_with_no_decision_to_make_is_not_moved(alice_in, waiting, queued):
    bot_turns_play(waiting.pk, 0)
    before = record(unanswered(waiting))
    response = alice_in.post(f"/games/{waiting.pk}/bot-move/", HTTP_HX_REQUEST="true")
    assert response.status_code == 409 and "no decision to make" in response.content.decode()
    assert record(waiting) == before


def test_an_api_client_is_told_the_bot_is_unanswered_and_can_have_it_move(
    alice, alices_deck, api_client, waiting, queued
):
    twin = bot_first(alice, alices_deck)
    bot_turns_play(twin.pk, 0)
    api_client.force_authenticate(alice)
    view = api_client.get(f"/api/matches/{waiting.pk}/").json()
    assert view["bot_unanswered"] is False and view["decision"] is None
    early = api_client.post(f"/api/matches/{waiting.pk}/bot-move/")
    assert early.status_code == 409 and "The bot is answering" in early.json()["detail"]

    unanswered(waiting)
    assert api_client.get(f"/api/matches/{waiting.pk}/").json()["bot_unanswered"] is True
    moved = api_client.post(f"/api/matches/{waiting.pk}/bot-move/")

    assert moved.status_code == 200, moved.json()
    assert moved.json()["bot_unanswered"] is False and moved.json()["decision"] is not None
    assert Match.objects.get(pk=waiting.pk).actions == Match.objects.get(pk=twin.pk).actions
    again = api_client.post(f"/api/matches/{waiting.pk}/bot-move/")
    assert again.status_code == 409 and "no decision to make" in again.json()["detail"]


def test_only_a_player_has_the_bot_move_through_the_api(api_client, bob, waiting, queued):
    before = record(unanswered(waiting))
    assert api_client.post(f"/api/matches/{waiting.pk}/bot-move/").status_code in (401, 403)
    api_client.force_authenticate(bob)
    assert api_client.post(f"/api/matches/{waiting.pk}/bot-move/").status_code == 404
    assert record(waiting) == before
