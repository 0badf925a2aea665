"""The simulation API: start, progress, results, cancel, export; every refusal a clear 4xx."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models.simulations import JobStatus, SimulationJob
from games.simulations.parameters import DRAFT_FIELDS
from tests.games.helpers import streamed_json
from tests.games.test_match_api import JSON

pytestmark = pytest.mark.django_db


def body_for(deck_a, deck_b, **changes):
    return {
        "deck_a": deck_a.pk,
        "deck_b": deck_b.pk,
        "bot_a": "random",
        "bot_b": "random",
        "ruleset": "beta-2026-07",
        "options": {"max_turns": 6},
        "games": 14,
        "seed": 3,
        **changes,
    }


def start(client, deck_a, deck_b, **changes):
    response = client.post("/api/simulations/", body_for(deck_a, deck_b, **changes), format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_job_through_the_api(alice_api, alices_deck, bobs_deck):
    created = start(alice_api, alices_deck, bobs_deck)
    pk = created["id"]
    # Tests run tasks eagerly: the job is done by the time the answer comes.
    assert created["status"] == JobStatus.FINISHED
    assert created["progress"]["done"] == 14 and created["progress"]["percent"] == 100
    rate = created["progress"]["win_rate_a"]
    assert 0 <= rate["low"] <= rate["value"] <= rate["high"] <= 1
    listed = alice_api.get("/api/simulations/").json()
    assert [job["id"] for job in listed] == [pk]
    results = alice_api.get(f"/api/simulations/{pk}/results/").json()
    figures = results["figures"]
    assert figures["games"] == 14 == figures["wins_a"] + figures["wins_b"] + figures["draws"]
    assert set(figures["cards"]) == {"a", "b"} and figures["cards"]["a"]


def test_exports_hold_every_game_and_every_card(alice_api, alices_deck, bobs_deck):
    pk = start(alice_api, alices_deck, bobs_deck)["id"]
    games = alice_api.get(f"/api/simulations/{pk}/games.csv")
    assert games.status_code == 200 and games["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(games.streaming_content).decode())))
    assert [int(row["game"]) for row in rows] == list(range(14))
    assert {row["winner"] for row in rows} <= {"a", "b", ""}
    cards = alice_api.get(f"/api/simulations/{pk}/cards.csv")
    card_rows = list(csv.DictReader(io.StringIO(b"".join(cards.streaming_content).decode())))
    assert {row["deck"] for row in card_rows} == {"A", "B"}
    drawn = [float(row["drawn_value"]) for row in card_rows if row["drawn_count"] != "0"]
    assert drawn and all(0 <= value <= 1 for value in drawn)
    document = streamed_json(alice_api.get(f"/api/simulations/{pk}/export.json"))
    assert len(document["games"]) == 14 and document["figures"]["games"] == 14


def test_cancel_an_unfinished_job_and_refuse_a_second_time(
    alice_api, alices_deck, bobs_deck, jobs_held
):
    pk = start(alice_api, alices_deck, bobs_deck)["id"]
    cancelled = alice_api.post(f"/api/simulations/{pk}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == JobStatus.CANCELLED
    again = alice_api.post(f"/api/simulations/{pk}/cancel/")
    assert again.status_code == 409 and "already over" in again.json()["detail"]


def test_someone_elses_job_is_not_found(api_client, alice_api, bob, alices_deck, bobs_deck):
    pk = start(alice_api, alices_deck, bobs_deck)["id"]
    api_client.force_authenticate(bob)
    for url in ("", "results/", "games.csv", "cards.csv", "export.json"):
        assert api_client.get(f"/api/simulations/{pk}/{url}").status_code == 404
    assert api_client.post(f"/api/simulations/{pk}/cancel/").status_code == 404
    assert api_client.get("/api/simulations/").json() == []


def test_a_private_deck_of_someone_else_is_not_found(api_client, bob, alices_deck, bobs_deck):
    api_client.force_authenticate(bob)
    response = api_client.post("/api/simulations/", body_for(alices_deck, bobs_deck), format="json")
    assert response.status_code == 404
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field"),
    [({"games": 0}, "games"), ({"games": 100_001}, "games"), ({"seed": -1}, "seed")],
)
def test_bad_fields_are_named(alice_api, alices_deck, bobs_deck, changes, field):
    response = alice_api.post(
        "/api/simulations/", body_for(alices_deck, bobs_deck, **changes), format="json"
    )
    assert response.status_code == 400 and field in response.json()["errors"]


def test_an_unknown_bot_is_refused_with_the_reason(alice_api, alices_deck, bobs_deck):
    response = alice_api.post(
        "/api/simulations/", body_for(alices_deck, bobs_deck, bot_b="oracle"), format="json"
    )
    assert response.status_code == 400 and "Unknown bot" in response.json()["detail"]


def test_the_queue_down_is_a_503_saying_so(alice_api, alices_deck, bobs_deck, monkeypatch):
    def down(*args, **kwargs):
        raise OSError("Connection refused")

    monkeypatch.setattr("games.tasks.simulate_chunk.apply_async", down)
    response = alice_api.post("/api/simulations/", body_for(alices_deck, bobs_deck), format="json")
    assert response.status_code == 503
    assert "simulation service is unavailable" in response.json()["detail"]
    assert not SimulationJob.objects.exists()


def test_visitors_are_refused(api_client):
    assert api_client.get("/api/simulations/").status_code in (401, 403)


FIELDS = ["deck_a", "deck_b", "bot_a", "bot_b", "ruleset", "options", "games", "seed"]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=JSON, fields=st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=3))
def test_random_bodies_never_cause_a_500(
    alice_api, alices_deck, bobs_deck, jobs_held, settings, body, fields
):
    # Nothing is played: a body that starts a job only queues it (and the examples'
    # jobs, never played, stay below the account's quota).
    settings.SIMULATION_MAX_RUNNING_JOBS = settings.SIMULATION_MAX_QUEUED_GAMES = 10**9
    before = SimulationJob.objects.count()
    for sent in (body, {**body_for(alices_deck, bobs_deck, games=1), **fields}):
        response = alice_api.post(
            "/api/simulations/", json.dumps(sent), content_type="application/json"
        )
        assert response.status_code in (201, 400, 404), response.content
        if response.status_code != 201:
            assert SimulationJob.objects.count() == before
        before = SimulationJob.objects.count()


# An errata draft's changes: the fields a draft may change, a stranger's, any values.
DRAFT_CHANGES = st.dictionaries(
    st.sampled_from([*DRAFT_FIELDS, "name", ""]),
    JSON | st.text(max_size=2100) | st.integers(-5, 9),
    max_size=4,
) | st.fixed_dictionaries(  # and drafts that may well pass, so the start is exercised too
    {"cost": st.integers(0, 4)}, optional={"rules_text": st.text(max_size=60)}
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(changes=DRAFT_CHANGES, note=JSON | st.text(max_size=250) | st.just("Why not."))
def test_random_errata_drafts_never_cause_a_500(
    alice_api, alices_deck, bobs_deck, jobs_held, settings, changes, note
):
    settings.SIMULATION_MAX_RUNNING_JOBS = 10**9
    before = SimulationJob.objects.count()
    card = alices_deck.slots.order_by("card__slug").first().card.slug
    parameters = {"card": card, "changes": changes, "note": note}
    body = body_for(alices_deck, bobs_deck, games=1, kind="errata", parameters=parameters)
    response = alice_api.post(
        "/api/simulations/", json.dumps(body), content_type="application/json"
    )
    event(f"answered {response.status_code}")  # --hypothesis-show-statistics: some start
    assert response.status_code in (201, 400), response.content
    assert SimulationJob.objects.count() == before + (response.status_code == 201)


def test_listing_jobs_costs_the_same_queries_for_one_or_many(alice_api, alices_deck, bobs_deck):
    def queries(jobs: int) -> int:
        with CaptureQueriesContext(connection) as captured:
            listed = alice_api.get("/api/simulations/").json()
        assert len(listed) == jobs
        assert all(job["progress"]["done"] == job["games"] for job in listed)
        return len(captured)

    start(alice_api, alices_deck, bobs_deck)
    one = queries(1)
    start(alice_api, alices_deck, bobs_deck, seed=4)
    start(alice_api, alices_deck, bobs_deck, seed=5)
    assert queries(3) == one


@pytest.mark.parametrize("deck", [2**63, -1, 0])
def test_a_deck_id_out_of_range_is_a_400(alice_api, alices_deck, bobs_deck, deck):
    body = {**body_for(alices_deck, bobs_deck), "deck_a": deck}
    response = alice_api.post("/api/simulations/", body, format="json")
    assert response.status_code == 400 and "deck_a" in response.json()["errors"]
