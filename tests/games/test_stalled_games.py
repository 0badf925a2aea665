"""A game stopped at the action limit is a draw that "stalled" (issue 18): the job goes
on and counts it, the results page, the exports and bench/bots.py say so, by one rule
(``games.simulations.games.played_out`` and ``outcome``)."""

from __future__ import annotations

import csv
import io

import pytest

from bench import bots as ladder
from games.matches import replays
from games.matches.replays import replay_document, replay_import
from games.models.simulations import JobStatus
from games.simulations import games as simulation_games
from games.simulations.games import STALLED, play_simulated_game, record_simulated_game
from games.simulations.replays import simulated_match
from games.simulations.services import job_figures, job_summaries
from tests.games.simulated import deck_pair
from tests.games.simulation_jobs import simulation_start

LIMIT = 7


@pytest.fixture
def short_limit(monkeypatch):
    """Every game stalls: the action limit is far below a game's length."""
    monkeypatch.setattr(simulation_games, "MAX_ACTIONS", LIMIT)
    monkeypatch.setattr(replays, "MAX_ACTIONS", LIMIT)


def a_game():
    return simulation_games.job_game(
        "beta-2026-07", {"max_turns": 8}, deck_pair(), ("random", "random"), 3, 0
    )


def test_a_game_at_the_action_limit_is_a_draw_that_stalled(short_limit):
    summary = play_simulated_game(a_game())
    assert (summary.winner, summary.ending, summary.actions) == (None, STALLED, LIMIT)
    assert summary.score("a") == summary.score("b") == 0.5
    assert summary.first in ("a", "b")


def test_a_stalled_game_s_record_says_stalled(short_limit):
    record = record_simulated_game(a_game())
    assert record.result == {"winner": None, "reason": STALLED}
    assert len(record.actions) == LIMIT and record.summary == play_simulated_game(a_game())


@pytest.mark.django_db
def test_a_job_whose_games_stall_finishes_and_counts_them_as_draws(
    short_limit, client, alice, alices_deck, bobs_deck
):
    job = simulation_start(alice, alices_deck, bobs_deck, games=4)
    assert job.status == JobStatus.FINISHED, job.error
    figures = job_figures(job)
    assert (figures.games, figures.draws, figures.win_rate.value) == (4, 4, 0.5)
    assert figures.endings == ((STALLED, 4),)
    assert [summary.ending for summary in job_summaries(job)] == [STALLED] * 4
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert "stalled: 4" in page
    exported = client.get(f"/api/simulations/{job.pk}/games.csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert [(row["winner"], row["ending"]) for row in rows] == [("", STALLED)] * 4
    watched = simulated_match(job=job, index=0, viewer=alice)
    assert watched.result == {"winner": None, "reason": STALLED}
    watched_again = replay_import(owner=alice, document=replay_document(watched))
    assert watched_again.result == watched.result


def test_the_ladder_counts_a_stalled_game_by_the_same_rule(short_limit):
    played = ladder.play_one(("beta-2026-07", "greedy", "random", 0))
    assert (played.score, played.reason, played.turns) == (0.5, STALLED, -1)
    assert not hasattr(ladder, "MAX_ACTIONS")  # one action limit: the simulations'
