"""What a simulation's pages say, as a player reads it: ruleset options in the start
form's own labels (one source of words), and every interval in the same words."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.matches.options import OPTION_FIELDS, option_words, options_in_words
from games.models.simulations import SimulationKind
from games.play import GAMES
from games.simulations.figure_words import interval_words, shift_words
from games.simulations.forms import SimulationStartForm
from games.simulations.services import job_figures, job_shift
from tests.games.simulation_jobs import gauntlet, rule_ab, simulation_start

pytestmark = pytest.mark.django_db

# What the page said before: an option's code name and Python's value.
RAW_OPTION = re.compile(r"\b(ko|recovery|max_turns|realm_stone_counts) (True|False|all|\d+)\b")


def test_every_option_reads_with_the_start_forms_label(alice):
    form = SimulationStartForm(user=alice)
    game = GAMES["shen"]
    for option in OPTION_FIELDS:
        ruleset = next(name for name in game.rulesets() if option in game.match_options(name))
        label, _ = option_words(option, game.option_default(ruleset, option))
        assert label == form.fields[option].label


def test_values_read_as_the_form_offers_them():
    assert options_in_words({"ko": False, "recovery": "all", "spirits_limit": 0}) == [
        ("Who recovers each turn (R9)", ["Both players"]),
        ("Ko: no counter where one was just captured (R12)", ["no"]),
        ("Spirits a player may have in play at once (R16)", ["any number"]),
    ]
    assert options_in_words({"ties": "reroll"}, {}) == [
        ("A tied combat roll (R22)", ["Is rolled again", "—"])
    ]


def test_the_page_shows_the_options_in_words(client, alice, alices_deck, bobs_deck):
    options = {"max_turns": 8, "ko": False, "recovery": "turn_player"}
    job = simulation_start(alice, alices_deck, bobs_deck, options=options)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    assert (
        '<th scope="row">Ko: no counter where one was just captured (R12)</th><td>no</td>' in page
    )
    assert "<td>Only the player whose turn it is</td>" in page
    assert '<th scope="row">Turn limit (R26)</th><td>8</td>' in page
    assert not RAW_OPTION.search(page)


def test_a_rule_ab_shows_both_arms_options_side_by_side(client, alice, alices_deck, bobs_deck):
    job = simulation_start(
        alice,
        alices_deck,
        bobs_deck,
        games=2,
        options={"max_turns": 8, "ko": True},
        kind=SimulationKind.RULE_AB,
        parameters={"ruleset_b": "beta-2026-07", "options_b": {"max_turns": 8, "ko": False}},
    )
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    row = '<tr class="differs"><th scope="row">Ko: no counter where one was just captured (R12)'
    cells = '<td data-label="Arm A (beta-2026-07)">yes</td><td data-label="Arm B (beta-2026-07)">no'
    assert f"{row}</th>{cells}</td></tr>" in page
    assert not RAW_OPTION.search(page)


# Any "value (…, n=N)" on a page, and what each must look like: a true minus sign or a
# plus, "to" between the ends, the bracket closed.
SHOWN = re.compile(r"([^\s>(]+(?: points)?) \(([^()<]*), n=\d+\)")
NUMBER = r"[+\u2212]?\d+\.\d"
WELL_SAID = re.compile(
    rf"{NUMBER}% \({NUMBER}% to {NUMBER}%|{NUMBER} points \({NUMBER} to {NUMBER}"
    rf"|{NUMBER} points \(too few games for an interval"
)


def well_said(page: str) -> bool:
    """Whether the page shows intervals, every one of them in the one wording."""
    shown = SHOWN.findall(page)
    return bool(shown) and all(WELL_SAID.fullmatch(f"{value} ({ends}") for value, ends in shown)


def test_a_matchups_results_use_one_interval_wording(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    figures = job_figures(job)
    assert f"<td>{interval_words(figures.win_rate)}</td>" in page
    improvements = [card.improvement for card in figures.cards[0] if card.improvement.count]
    # Each card's figure links to the games it counts.
    assert f">{interval_words(improvements[0], difference=True)}</a></td>" in page
    assert well_said(page)


def test_a_paired_shift_reads_in_signed_points(client, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    words = shift_words(job_shift(job))
    assert f">{words}</span>" in page and " points (" in words
    assert well_said(page)


def test_a_paired_shift_of_few_games_says_it_is_too_few_to_tell(
    client, alice, alices_deck, bobs_deck
):
    job = rule_ab(alice, alices_deck, bobs_deck, games=4)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    shift = job_shift(job)
    assert shift.high - shift.low > 0.2
    assert f">{interval_words(shift, difference=True)}: too few games to tell</span>" in page
    assert "holds both no shift and one of more than 10 points" in page


def test_a_gauntlets_results_use_one_interval_wording(client, alice, alices_deck, bobs_deck):
    job = gauntlet(alice, alices_deck, bobs_deck, games=4)
    client.force_login(alice)
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    assert "gauntlet-table" in page and well_said(page)
