"""The match API: a whole match through HTTP alone, and every refusal a clear 4xx."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Match, Status

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def start(client, deck, **fields):
    body = {"deck": deck.pk, "opponent": "hotseat", **fields}
    if body["opponent"] != "friend":  # a friend match's seed is the server's
        body.setdefault("seed", 7)
    response = client.post("/api/matches/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_whole_hotseat_match_plays_through_the_api_alone(alice_api, alices_deck, bobs_deck):
    created = start(alice_api, alices_deck, opponent_deck=bobs_deck.pk, options={"max_turns": 3})
    pk = created["match"]["id"]
    chooser = random.Random(1)
    for _ in range(2000):
        listed = alice_api.get(f"/api/matches/{pk}/actions/").json()
        if listed["decision"] is None:
            break
        options = [o["action"] for g in listed["decision"]["groups"] for o in g["options"]]
        answer = alice_api.post(
            f"/api/matches/{pk}/act/",
            {"action": chooser.choice(options), "number": listed["number"]},
            format="json",
        )
        assert answer.status_code == 200, answer.content
    view = alice_api.get(f"/api/matches/{pk}/").json()
    assert view["match"]["status"] == Status.FINISHED and view["match"]["result"]
    replay = alice_api.get(f"/api/matches/{pk}/replay/")
    assert replay.status_code == 200
    imported = alice_api.post("/api/matches/import/", replay.json(), format="json")
    assert imported.status_code == 201


def test_two_bots_play_a_friend_match_to_its_end_through_the_api_alone(
    alice, bob, alices_deck, bobs_deck, drawn_seed
):
    """Two clients, one per player, each a seeded random bot choosing among the legal
    actions its own view lists: invitation, join, play and the replay, by HTTP only."""
    from rest_framework.test import APIClient

    clients = {}
    for user in (alice, bob):
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    drawn_seed(7)
    created = start(clients["alice"], alices_deck, opponent="friend", options={"max_turns": 2})
    pk, token = created["match"]["id"], created["invite_token"]
    joined = clients["bob"].post(
        "/api/matches/join/", {"token": token, "deck": bobs_deck.pk}, format="json"
    )
    assert joined.status_code == 200, joined.content
    bots = {name: random.Random(seed) for seed, name in enumerate(clients)}
    seat_of = {name: clients[name].get(f"/api/matches/{pk}/").json()["seat"] for name in clients}
    assert sorted(seat_of.values()) == [0, 1]
    for _ in range(2000):
        views = {name: clients[name].get(f"/api/matches/{pk}/actions/").json() for name in clients}
        deciding = [name for name, view in views.items() if view["decision"] is not None]
        if not deciding:
            break
        assert len(deciding) == 1, "one decision at a time, offered to one player"
        name = deciding[0]
        listed = views[name]
        options = [o["action"] for g in listed["decision"]["groups"] for o in g["options"]]
        answer = clients[name].post(
            f"/api/matches/{pk}/act/",
            {"action": bots[name].choice(options), "number": listed["number"]},
            format="json",
        )
        assert answer.status_code == 200, answer.content
    view = clients["bob"].get(f"/api/matches/{pk}/").json()
    assert view["match"]["status"] == Status.FINISHED and view["match"]["result"]
    assert clients["alice"].get(f"/api/matches/{pk}/replay/").status_code == 200


def test_a_bot_match_through_the_api(alice_api, alices_deck):
    pk = start(alice_api, alices_deck, opponent="bot", first_turn="opponent")["match"]["id"]
    listed = alice_api.get(f"/api/matches/{pk}/actions/").json()
    assert listed["decision"]["groups"]
    assert alice_api.post(f"/api/matches/{pk}/resign/").json()["match"]["status"] == "resigned"


def test_an_invalid_deck_answers_its_violations(alice_api, alice, realms):
    from tests.factories.decks import DeckFactory

    deck = DeckFactory(owner=alice)
    response = alice_api.post(
        "/api/matches/", {"deck": deck.pk, "opponent": "hotseat"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["violations"][0]["code"] == "deck_too_small"


def test_refusals_have_the_right_status_and_change_nothing(alice_api, api_client, bob, alices_deck):
    pk = start(alice_api, alices_deck)["match"]["id"]
    url = f"/api/matches/{pk}/act/"
    assert (
        alice_api.post(url, {"action": {"type": "fly"}, "number": 0}, format="json").status_code
        == 400
    )
    stale = alice_api.post(url, {"action": {"type": "pass"}, "number": 5}, format="json")
    assert stale.status_code == 409 and stale.json()["match"]["match"]["number"] == 0
    assert alice_api.post(url, "[[[", content_type="application/json").status_code == 400
    deep = "[" * 50_000 + "]" * 50_000
    assert alice_api.post(url, deep, content_type="application/json").status_code == 400
    assert alice_api.post("/api/matches/999/act/", {}, format="json").status_code == 404
    api_client.force_authenticate(bob)
    assert (
        api_client.post(url, {"action": {"type": "pass"}, "number": 0}, format="json").status_code
        == 404
    )
    assert Match.objects.get(pk=pk).number == 0


def test_an_unfinished_match_has_no_replay_file(alice_api, alices_deck):
    pk = start(alice_api, alices_deck)["match"]["id"]
    assert alice_api.get(f"/api/matches/{pk}/replay/").status_code == 404


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=JSON, endpoint=st.sampled_from(["act/", "undo/answer/", "resign/", "undo/", ""]))
def test_random_json_bodies_never_cause_a_500(alice_api, alices_deck, body, endpoint):
    match = Match.objects.filter(owner__username="alice").first()
    if match is None:
        match = Match.objects.get(pk=start(alice_api, alices_deck)["match"]["id"])
    before = (match.number, match.revision, match.status)
    url = "/api/matches/" if endpoint == "" else f"/api/matches/{match.pk}/{endpoint}"
    response = alice_api.post(url, json.dumps(body), content_type="application/json")
    assert response.status_code < 500, response.content
    if response.status_code >= 400:
        match.refresh_from_db()
        assert (match.number, match.revision, match.status) == before


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=JSON)
def test_random_replay_files_never_cause_a_500_and_save_nothing(alice_api, realms, body):
    response = alice_api.post(
        "/api/matches/import/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 400
    assert not Match.objects.filter(mode="imported").exists()
