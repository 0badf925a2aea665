"""A rule A/B's options table: each value names its arm, so the table still reads when a
phone stacks it (the layout itself: tests/browser/test_simulation_designer_screens.py)."""

from __future__ import annotations

import pytest

from tests.games.simulation_jobs import rule_ab, simulation_start

pytestmark = pytest.mark.django_db


def test_each_value_of_a_rule_ab_names_its_arm(client, alice, alices_deck, bobs_deck):
    job = rule_ab(alice, alices_deck, bobs_deck, games=2)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert '<table class="stats-table options-table options-by-arm">' in page
    assert '<td data-label="Arm A (beta-2025)">' in page
    assert '<td data-label="Arm B (beta-2026-07)">' in page
    assert "that arm's ruleset has no such option" in page


def test_a_matchups_options_are_one_column(client, alice, alices_deck, bobs_deck):
    job = simulation_start(alice, alices_deck, bobs_deck, games=2)
    client.force_login(alice)
    page = client.get(f"/simulations/{job.pk}/").content.decode()
    assert '<table class="stats-table options-table">' in page and "data-label=" not in page
