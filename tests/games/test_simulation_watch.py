"""Watching a simulated game: a worker plays it again into a match record, never the
request; only games the job has played; any arm's."""

from __future__ import annotations

import pytest

from games.models import Match
from games.models.simulations import ChunkStatus
from games.simulations.replays import watch_play
from games.simulations.services import chunk_run
from games.tasks import simulated_game_watch
from tests.games.simulation_jobs import rule_ab, simulation_start

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def watches(monkeypatch):
    """The watch tasks asked of the broker (job, game, arm, viewer), none of them run."""
    calls = []
    monkeypatch.setattr(
        simulated_game_watch, "apply_async", lambda args, **_: calls.append(tuple(args))
    )
    return calls


def test_watching_asks_a_worker_and_plays_no_game_in_the_request(
    client, alice, alices_deck, bobs_deck, watches, monkeypatch
):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)

    def never(game):
        raise AssertionError("the request played the game")

    monkeypatch.setattr("games.simulations.replays.record_simulated_game", never)
    asked = client.post(f"/simulations/{job.pk}/games/3/watch/")
    assert asked.status_code == 302
    assert asked["Location"] == f"/simulations/{job.pk}/games/3/watch/?arm=0"
    assert watches == [(job.pk, 3, 0, alice.pk)]
    waiting = client.get(asked["Location"])
    assert waiting.status_code == 200
    assert 'data-testid="watch-waiting"' in waiting.content.decode()
    assert 'hx-trigger="every' in waiting.content.decode()
    assert client.get(asked["Location"], headers=HTMX).status_code == 204
    # Asked again (a second click, the page's polls) while a worker is on it: once.
    client.post(f"/simulations/{job.pk}/games/3/watch/")
    assert len(watches) == 1
    monkeypatch.undo()
    match = watch_play(*watches[0])
    ready = client.get(asked["Location"], headers=HTMX)
    assert ready.status_code == 204
    assert ready["HX-Redirect"] == f"/games/{match.pk}/replay/"
    assert client.post(f"/simulations/{job.pk}/games/3/watch/")["Location"] == ready["HX-Redirect"]


def test_a_game_the_job_has_not_played_cannot_be_watched(
    client, alice, alices_deck, bobs_deck, watches, jobs_held
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=40)
    client.force_login(alice)
    first, second = job.chunks.order_by("index")[:2]
    assert client.post(f"/simulations/{job.pk}/games/0/watch/").status_code == 404
    chunk_run(second.pk)
    assert second.first_game > 0
    inside = second.first_game + second.count - 1
    for index in (0, first.first_game + first.count - 1, inside + 1, 40, 10**6):
        assert client.post(f"/simulations/{job.pk}/games/{index}/watch/").status_code == 404
    assert watches == []
    assert client.post(f"/simulations/{job.pk}/games/{inside}/watch/").status_code == 302
    assert watches == [(job.pk, inside, 0, alice.pk)]


def test_an_arm_that_is_no_arm_is_not_found(client, alice, alices_deck, bobs_deck, watches):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    for arm in ("1", "-1", "x", "٣", "9999"):
        response = client.post(f"/simulations/{job.pk}/games/0/watch/", {"arm": arm})
        assert response.status_code == 404, arm
    assert watches == []


def test_each_arm_of_a_paired_job_shows_its_games_and_watches_them(
    client, alice, alices_deck, bobs_deck
):
    job = rule_ab(alice, alices_deck, bobs_deck)
    assert not job.chunks.exclude(status=ChunkStatus.DONE).exists()
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    for arm in (0, 1):
        assert f'data-arm="{arm}"' in page
        assert f'name="arm" value="{arm}"' in page
    assert "A sample of games: Under beta-2026-07" in page
    rulesets = []
    for arm in (0, 1):
        response = client.post(f"/simulations/{job.pk}/games/2/watch/", {"arm": str(arm)})
        rulesets.append(Match.objects.get(pk=int(response["Location"].split("/")[2])).ruleset)
    # Each arm's own game: the first arm's under the job's ruleset, the second's under B's.
    assert rulesets == ["beta-2025", "beta-2026-07"]


def test_the_broker_down_says_so_instead_of_playing(
    client, alice, alices_deck, bobs_deck, monkeypatch
):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)

    def down(args, **options):
        raise ConnectionError("Connection refused.")

    monkeypatch.setattr(simulated_game_watch, "apply_async", down)
    response = client.post(f"/simulations/{job.pk}/games/0/watch/")
    assert response.status_code == 503
    assert "unavailable" in response.content.decode()
    assert not Match.objects.exists()
