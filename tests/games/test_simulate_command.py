"""``manage.py simulate``: deck numbers or decklist files, a progress bar, the figures."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from decks.io.exporting import deck_export
from games.simulations.figures import figures
from games.simulations.games import job_games, play_simulated_game

pytestmark = pytest.mark.django_db


def simulate(*arguments: str) -> str:
    out = io.StringIO()
    call_command("simulate", *arguments, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_a_deck_number_against_a_decklist_file(tmp_path, alices_deck, bobs_deck):
    file = tmp_path / "bob.txt"
    file.write_text(deck_export(bobs_deck, "text"), encoding="utf-8")
    arguments = (str(alices_deck.pk), str(file), "--games", "6", "--seed", "4")
    printed = simulate(*arguments, "--option", "max_turns=5")
    assert "Games: 6 (A won" in printed and "seed 4" in printed
    assert "win rate:" in printed and "How games ended:" in printed
    document = json.loads(simulate(*arguments, "--option", "max_turns=5", "--json"))
    assert document["games"] == 6


def test_the_command_plays_the_games_a_job_plays(alices_deck, bobs_deck):
    from games.decklists import deck_data, latest_version

    decks = [deck_data(deck, latest_version(deck)) for deck in (alices_deck, bobs_deck)]
    games = job_games("beta-2026-07", {"max_turns": 5}, decks, ("random", "random"), 4, 6)
    expected = figures(play_simulated_game(game) for game in games).to_json()
    arguments = (str(alices_deck.pk), str(bobs_deck.pk), "--games", "6", "--seed", "4")
    printed = simulate(*arguments, "--ruleset", "beta-2026-07", "--option", "max_turns=5", "--json")
    assert json.loads(printed) == json.loads(json.dumps(expected))


@pytest.mark.parametrize(
    ("arguments", "reason"),
    [
        (("999999", "1"), "no deck 999999"),
        (("1", "/nonexistent/deck.txt"), "Cannot read"),
        (("1", "1", "--games", "0"), "number of games"),
        (("1", "1", "--option", "speed=3"), "Unknown option"),
        (("1", "1", "--option", "max_turns"), "NAME=VALUE"),
    ],
)
def test_bad_arguments_say_what_is_wrong(alices_deck, arguments, reason):
    arguments = tuple(str(alices_deck.pk) if a == "1" else a for a in arguments)
    with pytest.raises(CommandError, match=reason):
        simulate(*arguments)


def test_a_named_scenario_of_more_players_takes_a_deck_per_seat(
    named_scenarios, alices_deck, bobs_deck, third_deck
):
    decks = (str(alices_deck.pk), str(bobs_deck.pk), "--games", "3", "--seed", "4")
    table = (*decks, "--scenario", "three-way", "--option", "max_turns=4")
    printed = simulate(*table, "--seat", str(third_deck.pk), "--seat-bot", "greedy")
    assert "Third deck (greedy)" in printed and "fair share 33.3%" in printed
    assert "3. Third deck win rate:" in printed and "Seat 3 win rate:" in printed
    with pytest.raises(CommandError, match="takes 1 --seat decks"):
        simulate(*table)
    assert "Games: 3 (A won" in simulate(*decks, "--scenario", "long-duel")
