"""Paired simulation kinds on the pages and through the API: started from the form (or
a finished job's card table), results side by side with the paired shift."""

from __future__ import annotations

import pytest

from games.models.simulations import SimulationJob, SimulationKind
from games.simulations.confidence import Estimate, too_few_to_tell
from games.simulations.kinds import deck_card_names
from tests.games.helpers import streamed_json
from tests.games.simulation_jobs import simulation_start
from tests.games.test_simulation_api import body_for
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db


def test_the_form_starts_a_rule_ab_and_its_page_shows_both_arms(
    client, alice, alices_deck, bobs_deck
):
    client.force_login(alice)
    data = form_data(alices_deck, bobs_deck, ruleset="beta-2025", kind="rule_ab")
    data.update(ruleset_b="beta-2026-07", max_turns_b=6)
    response = client.post("/simulations/new/", data)
    job = SimulationJob.objects.get()
    assert response.status_code == 302 and job.kind == SimulationKind.RULE_AB
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "24 of 24 games played" in page
    assert "Under beta-2025" in page and "Under beta-2026-07" in page
    assert "Paired shift" in page and "<svg" in page and "<script>" not in page


def test_a_refused_rule_ab_keeps_the_form_with_the_reason(client, alice, alices_deck, bobs_deck):
    client.force_login(alice)
    response = client.post("/simulations/new/", form_data(alices_deck, bobs_deck, kind="rule_ab"))
    assert response.status_code == 400
    assert "second ruleset" in response.content.decode()
    assert not SimulationJob.objects.exists()


def test_a_card_is_measured_from_a_finished_jobs_card_table(client, alice, alices_deck, bobs_deck):
    client.force_login(alice)
    plain = simulation_start(alice, alices_deck, bobs_deck)
    page = client.get(f"/simulations/{plain.pk}/").content.decode()
    assert "Measure this card&#x27;s impact" in page or "Measure this card's impact" in page
    card = deck_card_names(plain.decks[0])[0]
    form = client.get("/simulations/new/", {"from": plain.pk, "card": card}).content.decode()
    assert 'value="card_impact" selected' in form and f'value="{card}"' in form
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=card, seed=plain.seed)
    data["max_turns"] = 8
    assert client.post("/simulations/new/", data).status_code == 302
    job = SimulationJob.objects.exclude(pk=plain.pk).get()
    result = client.get(f"/simulations/{job.pk}/").content.decode()
    assert f"Blank {card} for {card}" in result and "a blank" in result


def test_a_rule_ab_through_the_api(alice_api, alices_deck, bobs_deck):
    body = body_for(
        alices_deck,
        bobs_deck,
        ruleset="beta-2025",
        kind="rule_ab",
        parameters={"ruleset_b": "beta-2026-07"},
    )
    response = alice_api.post("/api/simulations/", body, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["kind"] == "rule_ab" and created["parameters"]["ruleset_b"] == "beta-2026-07"
    assert created["progress"]["done"] == 28
    results = alice_api.get(f"/api/simulations/{created['id']}/results/").json()
    assert [arm["label"] for arm in results["arms"]] == ["Under beta-2025", "Under beta-2026-07"]
    shift = results["shift"]
    assert shift["count"] == 14 and shift["low"] < shift["high"]
    told = Estimate(*(shift[name] for name in ("value", "low", "high", "count")))
    assert shift["too_few_to_tell"] is too_few_to_tell(told)
    exported = alice_api.get(f"/api/simulations/{created['id']}/export.json")
    games = streamed_json(exported)["games"]
    assert len(games) == 28 and {row["arm"] for row in games} == {0, 1}


def test_the_api_says_when_a_shift_is_too_few_games_to_tell(alice_api, alices_deck, bobs_deck):
    body = body_for(
        alices_deck, bobs_deck, games=4, kind="rule_ab", parameters={"ruleset_b": "beta-2025"}
    )
    created = alice_api.post("/api/simulations/", body, format="json").json()
    shift = alice_api.get(f"/api/simulations/{created['id']}/results/").json()["shift"]
    assert shift["count"] == 4 and shift["high"] - shift["low"] > 0.2
    assert shift["too_few_to_tell"] is True


@pytest.mark.parametrize(
    ("changes", "status", "words"),
    [
        ({"kind": "poker"}, 400, "kind"),
        ({"kind": "rule_ab", "parameters": {"ruleset_b": "nope"}}, 400, "second ruleset"),
        ({"kind": "card_impact", "parameters": {"card": "Nothing"}}, 400, "card of deck A"),
        ({"kind": "card_impact", "parameters": []}, 400, "parameters"),
    ],
)
def test_bad_kinds_and_parameters_are_a_clear_400(
    alice_api, alices_deck, bobs_deck, changes, status, words
):
    response = alice_api.post(
        "/api/simulations/", body_for(alices_deck, bobs_deck, **changes), format="json"
    )
    assert response.status_code == status
    assert words in response.content.decode()
    assert not SimulationJob.objects.exists()


def test_the_form_starts_a_gauntlet_and_its_page_shows_the_heat_map(
    client, alice, alices_deck, bobs_deck, third_deck
):
    client.force_login(alice)
    data = form_data(
        alices_deck, bobs_deck, kind="gauntlet", games=4, more_opponents=[third_deck.pk]
    )
    assert client.post("/simulations/new/", data).status_code == 302
    job = SimulationJob.objects.get()
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "8 of 8 games played" in page
    assert "against Third deck" in page and "gauntlet-table" in page and "<svg" in page
    assert "4 games each pairing" in page


def test_a_gauntlet_through_the_api(alice_api, alices_deck, bobs_deck, third_deck):
    parameters = {"decks": [third_deck.pk], "opponents": []}
    body = body_for(alices_deck, bobs_deck, kind="gauntlet", games=3, parameters=parameters)
    response = alice_api.post("/api/simulations/", body, format="json")
    assert response.status_code == 201, response.content
    results = alice_api.get(f"/api/simulations/{response.json()['id']}/results/").json()
    assert results["gauntlet"]["decks"] == ["Alice's deck", "Third deck"]
    assert [[cell["count"] for cell in row] for row in results["gauntlet"]["cells"]] == [[3], [3]]


def test_a_gauntlet_with_a_deck_not_found_is_a_clear_400(alice_api, alices_deck, bobs_deck):
    body = body_for(alices_deck, bobs_deck, kind="gauntlet", parameters={"decks": [10**6]})
    response = alice_api.post("/api/simulations/", body, format="json")
    assert response.status_code == 400 and "decks you can see" in response.json()["detail"]
