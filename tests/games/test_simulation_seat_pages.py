"""Simulation pages for scenarios of more seats: the form's scenario and seats, a table
job's results with its charts, a scenario A/B's, and the API."""

from __future__ import annotations

import json

import pytest

from games.models.simulations import SimulationJob, SimulationKind
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db


def four_corners(deck_a, deck_b, third, **changes):
    seats = {
        "scenario": "four-corners",
        "deck_3": third.pk,
        "bot_3": "random",
        "deck_4": deck_a.pk,
        "bot_4": "greedy",
        "games": 4,
        "max_turns": 4,
    }
    return form_data(deck_a, deck_b, **{**seats, **changes})


def test_the_form_starts_a_four_seat_job_and_its_page_shows_each_deck(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    form = client.get("/simulations/new/").content.decode()
    assert 'name="scenario"' in form and 'name="deck_6"' in form
    assert 'data-values="four-corners' in form or "four-corners" in form
    response = client.post("/simulations/new/", four_corners(alices_deck, bobs_deck, third_deck))
    job = SimulationJob.objects.get()
    assert response.status_code == 302
    assert job.names == ("Alice's deck", "Bob's deck", "Third deck", "Alice's deck")
    assert job.bots[3] == "greedy"
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "Scenario: Four corners (4 players)" in page
    assert "4. Alice&#x27;s deck (Yellow)" in page
    assert "Win rate of each deck" in page and "Win rate by seat" in page
    assert "Finishing places" in page and "the fair share, 25%" in page
    assert "Place 4" in page and "A sample of games" in page
    assert "Improvement when drawn" in page  # the card tables
    listed = client.get("/simulations/")
    assert listed.status_code == 200 and f"/simulations/{job.pk}/" in listed.content.decode()
    assert client.get(f"/simulations/{job.pk}/live/").status_code == 200


def test_a_seat_the_scenario_has_needs_a_deck(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    data = four_corners(alices_deck, bobs_deck, third_deck, deck_4="")
    response = client.post("/simulations/new/", data)
    assert response.status_code == 400
    assert "choose one for seat 4" in response.content.decode()
    assert not SimulationJob.objects.exists()


def test_seats_a_scenario_lacks_are_not_read(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    data = four_corners(alices_deck, bobs_deck, third_deck, scenario="three-way", deck_5="x")
    client.post("/simulations/new/", data)
    assert SimulationJob.objects.get().names[2:] == ("Third deck",)


def test_a_table_jobs_cards_and_games_are_not_linked_to_two_deck_pages(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    client.post("/simulations/new/", four_corners(alices_deck, bobs_deck, third_deck))
    job = SimulationJob.objects.get()
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert f"/simulations/{job.pk}/cards/" not in page
    assert client.get(f"/simulations/{job.pk}/cards/?deck=a&card=x&counts=drawn").status_code == 404
    assert client.get(f"/simulations/{job.pk}/games/0/watch/").status_code in (404, 405)


def test_a_scenario_ab_from_the_form_shows_each_decks_shift(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    data = four_corners(
        alices_deck,
        bobs_deck,
        third_deck,
        kind=SimulationKind.SCENARIO_AB,
        scenario_b="six-anchors",
    )
    response = client.post("/simulations/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    job = SimulationJob.objects.get()
    assert job.parameters["scenario_b_name"] == "Six anchors"
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "Paired shift of each deck" in page and "On Six anchors" in page
    assert 'data-testid="table-shifts"' in page


def test_the_api_starts_a_table_job_and_gives_its_figures(
    named_scenarios, alice_api, alices_deck, bobs_deck, third_deck
):
    sent = {
        "deck_a": alices_deck.pk,
        "deck_b": bobs_deck.pk,
        "ruleset": "beta-2026-07",
        "options": {"max_turns": 4},
        "games": 3,
        "seed": 2,
        "scenario": "three-way",
        "seat_decks": [third_deck.pk],
        "seat_bots": ["random"],
    }
    response = alice_api.post("/api/simulations/", sent, format="json")
    assert response.status_code == 201, response.json()
    job = SimulationJob.objects.get()
    results = alice_api.get(f"/api/simulations/{job.pk}/results/").json()
    figures = results["figures"]
    assert figures["sides"] == 3 and len(figures["win_rates"]) == 3
    assert len(figures["places"]) == 3
    assert results["simulation"]["scenario"]["players"] == 3
    assert results["simulation"]["decks"] == ["Alice's deck", "Bob's deck", "Third deck"]


def test_the_api_refuses_a_seat_deck_it_cannot_see(
    named_scenarios, alice_api, alices_deck, bobs_deck
):
    sent = {
        "deck_a": alices_deck.pk,
        "deck_b": bobs_deck.pk,
        "ruleset": "beta-2026-07",
        "games": 3,
        "scenario": "three-way",
        "seat_decks": [99999],
        "seat_bots": ["random"],
    }
    assert alice_api.post("/api/simulations/", sent, format="json").status_code == 404


def test_a_table_jobs_exports_number_its_decks(
    named_scenarios, client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    client.post("/simulations/new/", four_corners(alices_deck, bobs_deck, third_deck))
    job = SimulationJob.objects.get()
    games = b"".join(client.get(f"/api/simulations/{job.pk}/games.csv").streaming_content)
    lines = games.decode().splitlines()
    assert lines[0].startswith("game,arm,seed,rotation,first,winners,places,points")
    assert len(lines) == 5
    cards = b"".join(client.get(f"/api/simulations/{job.pk}/game-cards.csv").streaming_content)
    assert {line.split(",")[2] for line in cards.decode().splitlines()[1:]} == {"1", "2", "3", "4"}
    figures = b"".join(client.get(f"/api/simulations/{job.pk}/cards.csv").streaming_content)
    assert figures.decode().splitlines()[1].startswith("0,1,")
    document = b"".join(client.get(f"/api/simulations/{job.pk}/export.json").streaming_content)
    exported = json.loads(document)
    assert len(exported["games"]) == 4 and len(exported["games"][0]["places"]) == 4
    assert exported["figures"]["fair"] == 0.25
