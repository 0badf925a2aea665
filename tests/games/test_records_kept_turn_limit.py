"""Matches and jobs of the one-action rulesets stored before their R26 safeguard moved from
200 turns to 400 keep the 200 they were played under (migration 0009 of games)."""

import importlib

import pytest
from django.apps import apps

from games.matches.services import match_create
from games.models import Match, Mode, SimulationJob
from games.play import GAMES
from games.simulations.services import simulation_create

kept = importlib.import_module("games.migrations.0009_earlier_turn_limit_kept")


def stored_before(queryset, **fields):
    """Rows as stored before the safeguard moved, then migrated."""
    queryset.update(**fields)
    kept.keep_the_turn_limit_played(apps, None)


@pytest.mark.parametrize("ruleset", ["beta-2025", "simplified-0.1"])
def test_a_match_on_the_default_safeguard_keeps_200_turns_R26(alice, alices_deck, ruleset):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before(Match.objects.filter(pk=match.pk), ruleset=ruleset, options={"ties": "reroll"})
    match.refresh_from_db()
    assert match.options == {"ties": "reroll", "max_turns": 200}
    assert GAMES["shen"].ruleset(match.ruleset, match.options).max_turns == 200


def test_a_match_that_named_its_safeguard_and_a_beta_2026_07_match_are_left_R26(alice, alices_deck):
    named = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    current = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=5)
    Match.objects.filter(pk=named.pk).update(ruleset="beta-2025", options={"max_turns": 90})
    stored_before(Match.objects.filter(pk=current.pk), options={})
    named.refresh_from_db()
    current.refresh_from_db()
    assert named.options == {"max_turns": 90}
    assert current.options == {}


def test_the_safeguard_is_400_turns_of_one_action_today_R26():
    assert GAMES["shen"].option_default("beta-2025", "max_turns") == 400
    assert GAMES["shen"].option_default("simplified-0.1", "max_turns") == 400


def test_a_rule_ab_jobs_beta_2025_arm_keeps_200_turns_R26(alice, alices_deck, queued):
    job = simulation_create(
        owner=alice,
        deck_a=alices_deck,
        deck_b=alices_deck,
        bot_a="random",
        bot_b="random",
        ruleset="beta-2026-07",
        options={"max_turns": 30},
        games=2,
        kind="rule_ab",
        parameters={"ruleset_b": "beta-2025"},
    )
    stored = {"ruleset_b": "beta-2025", "options_b": {"ties": "reroll"}}
    stored_before(SimulationJob.objects.filter(pk=job.pk), parameters=stored)
    job.refresh_from_db()
    assert job.options == {"max_turns": 30}
    assert job.parameters["options_b"] == {"ties": "reroll", "max_turns": 200}
