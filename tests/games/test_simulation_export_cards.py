"""The 17lands-style card figures can be recomputed from a job's exports alone (issue 18):
export.json's games and game-cards.csv carry, per game and per card of each deck,
whether it was in the opening hand, drawn and played."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest

from games.simulations.confidence import proportion_difference, wilson_interval
from games.simulations.figures import estimate_json
from tests.games.helpers import streamed_json
from tests.games.simulation_jobs import rule_ab

pytestmark = pytest.mark.django_db


@pytest.fixture
def job(alice, alices_deck, bobs_deck):
    # Two arms, so each row's arm matters.
    return rule_ab(alice, alices_deck, bobs_deck, games=10)


def card_figures_from(games, deck):
    """A deck's card figures counted by hand from exported games: each game a dict of
    winner ('a', 'b' or None) and cards {deck: [[card, opening_hand, drawn, played]]}."""
    counts = defaultdict(lambda: defaultdict(int))
    for game in games:
        points = 1 if game["winner"] is None else 2 * (game["winner"] == deck)
        for name, opening, drawn, played in game["cards"][deck]:
            card = counts[name]
            card["games"] += 1
            card["points"] += points
            card["opening"] += opening
            card["opening_points"] += points * opening
            card["drawn"] += drawn
            card["drawn_points"] += points * drawn
            card["played"] += played
    figures = []
    for name, card in sorted(counts.items()):
        not_drawn, not_drawn_points = (
            card["games"] - card["drawn"],
            card["points"] - card["drawn_points"],
        )
        estimates = {
            "opening_hand": wilson_interval(card["opening_points"] / 2, card["opening"]),
            "drawn": wilson_interval(card["drawn_points"] / 2, card["drawn"]),
            "not_drawn": wilson_interval(not_drawn_points / 2, not_drawn),
            "improvement": proportion_difference(
                card["drawn_points"] / 2, card["drawn"], not_drawn_points / 2, not_drawn
            ),
            "played": wilson_interval(card["played"], card["games"]),
        }
        figures.append(
            {"name": name, "games": card["games"]}
            | {field: estimate_json(value) for field, value in estimates.items()}
        )
    return figures


def test_export_json_s_games_recompute_every_arm_s_card_figures(alice_api, job):
    response = alice_api.get(f"/api/simulations/{job.pk}/export.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(f'shen-simulation-{job.pk}.json"')
    document = streamed_json(response)
    results = alice_api.get(f"/api/simulations/{job.pk}/results/").json()
    assert [arm["figures"] for arm in document["arms"]] == [
        arm["figures"] for arm in results["arms"]
    ]
    for arm in document["arms"]:
        games = [game for game in document["games"] if game["arm"] == arm["arm"]]
        assert len(games) == 10
        for deck in ("a", "b"):
            assert card_figures_from(games, deck) == arm["figures"]["cards"][deck], (arm, deck)


def test_the_game_cards_csv_with_games_csv_recompute_the_card_figures(alice_api, job):
    def rows(name):
        response = alice_api.get(f"/api/simulations/{job.pk}/{name}")
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        return list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))

    games = {
        (row["arm"], row["game"]): {"winner": row["winner"] or None, "cards": {"a": [], "b": []}}
        for row in rows("games.csv")
    }
    for row in rows("game-cards.csv"):
        seen = [row[column] == "True" for column in ("opening_hand", "drawn", "played")]
        games[(row["arm"], row["game"])]["cards"][row["deck"].lower()].append([row["card"], *seen])
    results = alice_api.get(f"/api/simulations/{job.pk}/results/").json()
    for arm in results["arms"]:
        played = [game for (index, _), game in games.items() if index == str(arm["arm"])]
        for deck in ("a", "b"):
            assert card_figures_from(played, deck) == arm["figures"]["cards"][deck]


def test_the_results_page_links_the_game_cards_export(client, alice, job):
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert f"/api/simulations/{job.pk}/game-cards.csv" in page
