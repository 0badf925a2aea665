"""Simulation pages: the start form, the job page and its live progress, cancelling,
results with charts and exports, and a sample game in the replay viewer."""

from __future__ import annotations

import pytest

from games.models import Match
from games.models.simulations import JobStatus, SimulationJob
from games.simulations.services import job_summaries
from tests.games.simulation_jobs import simulation_start

pytestmark = pytest.mark.django_db


def form_data(deck_a, deck_b, **changes):
    return {
        "deck_a": deck_a.pk,
        "deck_b": deck_b.pk,
        "bot_a": "random",
        "bot_b": "random",
        "ruleset": "beta-2026-07",
        "recovery": "all",
        "realm_stone_counts": "on",
        "max_turns": 6,
        "games": 12,
        "seed": 5,
        **changes,
    }


def test_the_form_starts_a_job_and_its_page_shows_the_results(
    client, alice, alices_deck, bobs_deck
):
    client.force_login(alice)
    form = client.get(f"/simulations/new/?deck={alices_deck.pk}")
    assert form.status_code == 200
    assert f'<option value="{alices_deck.pk}" selected>' in form.content.decode()
    response = client.post("/simulations/new/", form_data(alices_deck, bobs_deck))
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/simulations/{job.pk}/"
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "12 of 12 games played" in page
    assert "<svg" in page and "Improvement when drawn" in page
    assert f"/api/simulations/{job.pk}/games.csv" in page
    assert 'hx-trigger="every' not in page  # over: nothing to poll
    listed = client.get("/simulations/").content.decode()
    assert f"/simulations/{job.pk}/" in listed


def test_a_refused_start_keeps_the_form_with_the_reason(client, alice, alices_deck, bobs_deck):
    client.force_login(alice)
    response = client.post("/simulations/new/", form_data(alices_deck, bobs_deck, games=0))
    assert response.status_code == 400
    assert not SimulationJob.objects.exists()


def test_the_queue_down_is_said_on_the_form(client, alice, alices_deck, bobs_deck, monkeypatch):
    def down(*args, **kwargs):
        raise OSError("Connection refused")

    monkeypatch.setattr("games.tasks.simulate_chunk.apply_async", down)
    client.force_login(alice)
    response = client.post("/simulations/new/", form_data(alices_deck, bobs_deck))
    assert response.status_code == 503
    assert "simulation service is unavailable" in response.content.decode()


def test_progress_polls_answer_nothing_until_it_moves(
    client, alice, alices_deck, bobs_deck, jobs_held
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=30)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/")
    assert 'hx-trigger="every' in page.content.decode()
    etag = page["ETag"]
    unchanged = client.get(f"/simulations/{job.pk}/live/", headers={"If-None-Match": etag})
    assert unchanged.status_code == 204
    from games.simulations.services import chunk_run

    chunk_run(job.chunks.get(index=0).pk)
    moved = client.get(f"/simulations/{job.pk}/live/", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and "10 of 30 games played" in moved.content.decode()


def test_cancel_from_the_page(client, alice, alices_deck, bobs_deck, jobs_held):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    response = client.post(f"/simulations/{job.pk}/cancel/", headers={"HX-Request": "true"})
    assert response.status_code == 200 and "Cancelled" in response.content.decode()
    job.refresh_from_db()
    assert job.status == JobStatus.CANCELLED
    again = client.post(f"/simulations/{job.pk}/cancel/", headers={"HX-Request": "true"})
    assert again.status_code == 409


def test_someone_elses_job_is_not_found(client, alice, bob, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(bob)
    for url in ("", "live/"):
        assert client.get(f"/simulations/{job.pk}/{url}").status_code == 404
    assert client.post(f"/simulations/{job.pk}/cancel/").status_code == 404
    assert client.post(f"/simulations/{job.pk}/games/0/watch/").status_code == 404


def test_a_sample_game_replays_as_it_was_played(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    summaries = job_summaries(job)
    for index in (0, 1):  # seats as dealt, then swapped
        response = client.post(f"/simulations/{job.pk}/games/{index}/watch/")
        match = Match.objects.get(pk=int(response["Location"].split("/")[2]))
        assert response["Location"] == f"/games/{match.pk}/replay/"
        summary = summaries[index]
        winner = match.result["winner"]
        decks = (match.red_deck_id, match.blue_deck_id)
        expected = {"a": alices_deck.pk, "b": bobs_deck.pk}
        assert (None if winner is None else decks[winner]) == expected.get(summary.winner)
        assert client.get(response["Location"]).status_code == 200
    # Watching the same game again opens the same record.
    client.post(f"/simulations/{job.pk}/games/0/watch/")
    assert Match.objects.count() == 2
    assert client.post(f"/simulations/{job.pk}/games/12/watch/").status_code == 404


def test_deck_pages_and_the_menu_lead_to_simulations(client, alice, alices_deck):
    client.force_login(alice)
    page = client.get(f"/decks/{alices_deck.pk}/").content.decode()
    assert f"/simulations/new/?deck={alices_deck.pk}" in page
    assert 'href="/simulations/"' in page


def test_visitors_are_sent_to_log_in(client):
    assert client.get("/simulations/new/").status_code == 302
