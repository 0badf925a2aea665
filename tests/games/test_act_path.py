"""The act path reads the match in one query and writes it in one, and that write still
names the revision it read (STYLE.md §4): pinned, so a slimmer row can never quietly
cost a query a field, nor a faster write lose the race guard. The API's screens are not
drawn (no table), yet show what the page's screen shows."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import caches
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from games.matches.records import position_key
from games.matches.screens import screen_for
from games.matches.services import match_create, match_resign
from games.matches.views.access import visible_match
from games.models import Match, Mode
from tests.factories.matches import playable_deck
from tests.games.helpers import acting_seat, legal_json


def act(client, match: Match):
    return client.post(
        f"/api/matches/{match.pk}/act/",
        {"action": legal_json(match)[0], "number": match.number},
        format="json",
    )


def test_an_action_through_the_api_is_one_read_and_one_guarded_write(alice, alice_api, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    act(alice_api, match)  # the position is cached from here on, as mid-game
    match = Match.objects.get(pk=match.pk)

    with CaptureQueriesContext(connection) as queries:
        response = act(alice_api, match)

    assert response.status_code == 200, response.content
    read, write = (query["sql"] for query in queries.captured_queries)
    assert read.startswith("SELECT") and '"games_match"."decks"' not in read
    assert write.startswith("UPDATE")
    guard = write.split(" WHERE ", 1)[1]
    assert '"games_match"."id"' in guard and '"games_match"."revision"' in guard
    assert response.json()["match"]["number"] == match.number + 1


CACHE_CALLS = ("get", "get_many", "set", "set_many", "add", "has_key", "delete", "touch", "incr")


@pytest.fixture
def cache_calls(monkeypatch):
    """The default cache's calls from here on, as (method, key)."""
    calls = []
    default = caches["default"]
    for name in CACHE_CALLS:
        method = getattr(default, name)

        def recorded(key, *args, _name=name, _method=method, **kwargs):
            calls.append((_name, key))
            return _method(key, *args, **kwargs)

        monkeypatch.setattr(default, name, recorded)
    return calls


def test_an_action_reads_the_position_and_its_fixtures_and_writes_the_position_once(
    alice, alice_api, alices_deck, cache_calls
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    act(alice_api, match)  # the position and its fixtures are cached from here on
    match = Match.objects.get(pk=match.pk)
    action = legal_json(match)[0]
    cache_calls.clear()

    response = alice_api.post(
        f"/api/matches/{match.pk}/act/",
        {"action": action, "number": match.number},
        format="json",
    )

    assert response.status_code == 200, response.content
    key = position_key(match)
    # The fixtures were just read with the position: the write does not ask after them.
    assert cache_calls == [("get", key), ("get", f"{key}:fixtures"), ("set", key)]


def test_a_stale_action_is_a_409_after_the_same_one_read(alice, alice_api, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    act(alice_api, match)
    stale = Match.objects.get(pk=match.pk)
    act(alice_api, stale)

    with CaptureQueriesContext(connection) as queries:
        response = act(alice_api, stale)

    assert response.status_code == 409
    assert len(queries.captured_queries) == 1


def test_my_view_of_a_match_is_one_query(alice, alice_api, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    act(alice_api, match)

    with CaptureQueriesContext(connection) as queries:
        response = alice_api.get(f"/api/matches/{match.pk}/")

    assert response.status_code == 200
    assert len(queries.captured_queries) == 1


def test_a_stranger_opens_a_public_replay_in_one_query(alice, bob, realms, bobs_deck):
    deck = playable_deck(owner=alice, realm=realms[0], visibility="public")
    match = match_create(owner=alice, deck=deck, opponent_deck=bobs_deck, mode=Mode.HOTSEAT)
    match_resign(match=match, user=alice)
    request = RequestFactory().get("/")
    request.user = AnonymousUser()

    with CaptureQueriesContext(connection) as queries:
        opened = visible_match(request, match.pk)

    assert opened.replay_is_public and opened.players == ("alice", "alice")
    assert len(queries.captured_queries) == 1


def test_the_apis_screen_is_the_pages_without_the_drawing(alice, alice_api, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    act(alice_api, match)
    match = Match.objects.for_play().get(pk=match.pk)
    shown = acting_seat(match)  # the device is with the side to act: nothing hidden
    page = screen_for(match, alice, revealed=shown)

    undrawn = screen_for(match, alice, revealed=shown, drawn=False)

    assert page.table is not None and undrawn.table is None
    assert (undrawn.view, undrawn.decision_json, undrawn.log, undrawn.hand) == (
        page.view,
        page.decision_json,
        page.log,
        page.hand,
    )
