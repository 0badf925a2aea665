"""Matches and jobs stored before R9 and R16 made every turn end keep the reading they
were played under (migration 0007 of games): ``finite_turns`` off in their options."""

import importlib

import pytest
from django.apps import apps

from games.matches.services import match_create
from games.models import Match, Mode, SimulationJob
from games.play import GAMES
from games.simulations.services import simulation_create

kept = importlib.import_module("games.migrations.0007_finite_turns_kept")


def stored_before(queryset, **fields):
    """Rows as the engine before the rulings stored them: no finite_turns anywhere."""
    queryset.update(**fields)
    kept.keep_the_reading_played(apps, None)


def test_a_beta_2026_07_match_stored_before_keeps_finite_turns_off_R9_R16(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before(Match.objects.filter(pk=match.pk), options={"ko": True})
    match.refresh_from_db()
    assert match.options == {"finite_turns": False, "ko": True}
    assert GAMES["shen"].ruleset(match.ruleset, match.options).finite_turns is False


def test_a_match_of_an_earlier_ruleset_is_left_as_it_was(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before(Match.objects.filter(pk=match.pk), ruleset="beta-2025", options={})
    match.refresh_from_db()
    assert match.options == {}


@pytest.fixture
def rule_ab(alice, alices_deck, queued):
    """A rule A/B job: beta-2025 against beta-2026-07, the second arm's options unnamed."""
    return simulation_create(
        owner=alice,
        deck_a=alices_deck,
        deck_b=alices_deck,
        bot_a="random",
        bot_b="random",
        ruleset="beta-2025",
        options={"max_turns": 30},
        games=2,
        kind="rule_ab",
        parameters={"ruleset_b": "beta-2026-07"},
    )


def test_a_rule_ab_jobs_beta_2026_07_arm_keeps_finite_turns_off_R9_R16(rule_ab):
    parameters = {"ruleset_b": "beta-2026-07"}
    stored_before(SimulationJob.objects.filter(pk=rule_ab.pk), parameters=parameters)
    rule_ab.refresh_from_db()
    assert rule_ab.options == {"max_turns": 30}
    assert rule_ab.parameters["options_b"] == {"finite_turns": False, "max_turns": 30}


def test_going_back_forgets_the_kept_reading(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before(Match.objects.filter(pk=match.pk), options={})
    kept.forget_the_reading(apps, None)
    match.refresh_from_db()
    assert match.options == {}


def test_no_form_offers_finite_turns_but_a_record_may_carry_it():
    play = GAMES["shen"]
    assert "finite_turns" not in play.match_options("beta-2026-07")
    assert play.check_options("beta-2026-07", {"finite_turns": False}) == {"finite_turns": False}
    with pytest.raises(ValueError):
        play.check_options("beta-2025", {"finite_turns": False})


# -- the earlier rulesets following their own texts (migration 0008) ---------------------

own_texts = importlib.import_module("games.migrations.0008_earlier_rulesets_kept")
turn_limit = importlib.import_module("games.migrations.0009_earlier_turn_limit_kept")
EARLIER = ["beta-2025", "simplified-0.1"]


def stored_before_own_texts(queryset, **fields):
    """Rows as the engine stored them before the earlier rulesets followed their texts."""
    queryset.update(**fields)
    own_texts.keep_the_reading_played(apps, None)


@pytest.mark.parametrize("ruleset", EARLIER)
def test_the_migrations_keep_the_reading_the_game_interface_names(ruleset):
    # 0008 the rules the earlier rulesets' own texts changed, 0009 the R26 safeguard.
    kept = {**own_texts.KEPT[ruleset], "max_turns": turn_limit.TURN_LIMIT_BEFORE}
    assert kept == dict(GAMES["shen"].earlier_reading(ruleset))


@pytest.mark.parametrize("ruleset", EARLIER)
def test_an_earlier_rulesets_match_stored_before_keeps_the_2026_reading(
    alice, alices_deck, ruleset
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before_own_texts(Match.objects.filter(pk=match.pk), ruleset=ruleset, options={})
    match.refresh_from_db()
    assert match.options == own_texts.KEPT[ruleset]
    rules = GAMES["shen"].ruleset(match.ruleset, match.options)
    assert rules.walker_counters == "own_or_empty" and rules.stone_blocks_diagonal


def test_a_stored_match_keeps_the_options_it_chose_over_the_kept_reading(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    chosen = {"ties": "defender", "max_turns": 50}
    stored_before_own_texts(Match.objects.filter(pk=match.pk), ruleset="beta-2025", options=chosen)
    match.refresh_from_db()
    assert match.options == {**own_texts.KEPT["beta-2025"], **chosen}


def test_a_beta_2026_07_match_is_left_as_it_was_by_0008(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before_own_texts(Match.objects.filter(pk=match.pk), options={"ko": True})
    match.refresh_from_db()
    assert match.options == {"ko": True}


def test_a_rule_ab_jobs_earlier_arms_keep_the_2026_reading(rule_ab):
    stored_before_own_texts(
        SimulationJob.objects.filter(pk=rule_ab.pk),
        ruleset="beta-2025",
        options={"max_turns": 30},
        parameters={"ruleset_b": "simplified-0.1"},
    )
    rule_ab.refresh_from_db()
    assert rule_ab.options == {**own_texts.KEPT["beta-2025"], "max_turns": 30}
    assert rule_ab.parameters["options_b"] == {
        **own_texts.KEPT["simplified-0.1"],
        "max_turns": 30,
    }


def test_going_back_from_0008_forgets_the_kept_reading(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4)
    stored_before_own_texts(Match.objects.filter(pk=match.pk), ruleset="beta-2025", options={})
    own_texts.forget_the_reading(apps, None)
    match.refresh_from_db()
    assert match.options == {}


@pytest.mark.parametrize("ruleset", EARLIER)
def test_a_record_may_hold_a_kept_reading_only_with_its_value(ruleset):
    play = GAMES["shen"]
    reading = play.earlier_reading(ruleset)
    unoffered = next(name for name in reading if name not in play.match_options(ruleset))
    assert play.check_options(ruleset, {unoffered: reading[unoffered]})
    with pytest.raises(ValueError, match="only as"):
        play.check_options(ruleset, {unoffered: "anything else"})
