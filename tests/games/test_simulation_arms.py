"""A job of several arms, arm by arm: its running win rate is each arm's own (never one
figure over arms that differ by what they compare), and its exports hold every arm."""

from __future__ import annotations

import csv
import io
from html import unescape

import pytest

from games.simulations.figure_words import interval_words
from games.simulations.progress import simulation_progress
from games.simulations.services import job_figures
from tests.games.helpers import streamed_json
from tests.games.simulation_jobs import gauntlet, rule_ab, run_arm, simulation_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def half_run(alice, alices_deck, bobs_deck, jobs_held):
    """A rule A/B whose first arm has played and whose second has not begun."""
    job = rule_ab(alice, alices_deck, bobs_deck)
    run_arm(job, 0)
    return job


def test_a_half_run_ab_has_a_rate_per_arm_and_none_for_the_job(half_run):
    progress = simulation_progress(half_run)
    assert progress.win_rate is None
    first, second = progress.arms
    assert (first.label, second.label) == ("Under beta-2025", "Under beta-2026-07")
    assert (first.done, second.done, progress.done, progress.games) == (12, 0, 12, 24)
    assert first.win_rate == job_figures(half_run, 0).win_rate
    assert second.win_rate.count == 0


def test_each_arms_running_rate_is_its_own_games(half_run):
    run_arm(half_run, 1)
    progress = simulation_progress(half_run)
    assert [arm.win_rate for arm in progress.arms] == [
        job_figures(half_run, arm).win_rate for arm in (0, 1)
    ]


def test_the_live_page_shows_each_arm_and_no_blended_rate(client, alice, half_run):
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{half_run.pk}/live/").content.decode())
    assert "12 of 24 games played" in page
    assert "(A) wins" not in page  # the one-arm sentence, which would blend the arms
    rate = interval_words(job_figures(half_run, 0).win_rate)
    assert f'<th scope="row">Under beta-2025</th><td>12 of 12</td><td>{rate}</td>' in page
    assert '<th scope="row">Under beta-2026-07</th><td>0 of 12</td><td>no games</td>' in page


def test_a_matchup_still_says_its_running_rate_in_a_sentence(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/live/").content.decode())
    assert f"(A) wins {interval_words(job_figures(job).win_rate)}." in page


def test_the_api_gives_each_arms_progress_and_no_blended_rate(api_client, alice, half_run):
    api_client.force_authenticate(alice)
    progress = api_client.get(f"/api/simulations/{half_run.pk}/").json()["progress"]
    assert progress["win_rate_a"] is None and progress["done"] == 12
    assert [(arm["label"], arm["done"], arm["games"]) for arm in progress["arms"]] == [
        ("Under beta-2025", 12, 12),
        ("Under beta-2026-07", 0, 12),
    ]
    assert progress["arms"][0]["win_rate_a"]["value"] == job_figures(half_run, 0).win_rate.value
    listed = api_client.get("/api/simulations/").json()[0]["progress"]
    assert listed["arms"] == progress["arms"]  # the list says the same (its time left moves on)


def test_the_list_counts_every_arms_games(client, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    listed = client.get("/simulations/").content.decode()
    assert f"{job.games} games in each arm, {2 * job.games} in all" in listed


def csv_of(response) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))


def test_the_cards_csv_holds_every_arm(api_client, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck)
    api_client.force_authenticate(alice)
    rows = csv_of(api_client.get(f"/api/simulations/{job.pk}/cards.csv"))
    assert {row["arm"] for row in rows} == {"0", "1"}
    for arm in (0, 1):
        figures = job_figures(job, arm)
        expected = [
            (deck, card.name, str(card.games))
            for deck, cards in zip("AB", figures.cards, strict=True)
            for card in cards
        ]
        assert [(r["deck"], r["card"], r["games"]) for r in rows if r["arm"] == str(arm)] == (
            expected
        )


def test_the_json_export_holds_every_pairing_of_a_gauntlet(
    api_client, alice, alices_deck, bobs_deck, third_deck
):
    job = gauntlet(alice, alices_deck, bobs_deck, opponents=[third_deck], games=3)
    api_client.force_authenticate(alice)
    document = streamed_json(api_client.get(f"/api/simulations/{job.pk}/export.json"))
    assert [(arm["arm"], arm["label"]) for arm in document["arms"]] == [
        (0, "Alice's deck v Bob's deck"),
        (1, "Alice's deck v Third deck"),
    ]
    assert [arm["figures"]["games"] for arm in document["arms"]] == [3, 3]
    assert document["arms"][1]["figures"] == job_figures(job, 1).to_json()
    assert {row["arm"] for row in document["games"]} == {0, 1}
    cards = csv_of(api_client.get(f"/api/simulations/{job.pk}/cards.csv"))
    assert {row["arm"] for row in cards} == {"0", "1"}
