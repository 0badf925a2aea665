"""The simulation start form: each kind's own fields under that kind's legend (read for
the chosen kind only), and a rule A/B's arm B with ruleset options of its own, so two
option sets of one ruleset compare from the page as they do through the API."""

from __future__ import annotations

import re

import pytest

from games.models.simulations import SimulationJob, SimulationKind
from games.play import GAMES
from games.simulations.forms import KIND_PARTS
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

NEW = "/simulations/new/"
# What each kind's fieldset is headed, as a designer reads it.
LEGENDS = {
    "rule_ab": "For a rule A/B job: arm B",
    "card_impact": "For a card-impact job",
    "gauntlet": "For a gauntlet job",
    "errata": "For an errata what-if job",
    "scenario_ab": "For a scenario A/B job",
}


@pytest.fixture
def designer(alice_in, jobs_held):
    """Alice on the form, her jobs queued but not played (what is stored is the point)."""
    return alice_in


def fieldset_of(page: str, kind: str) -> str:
    """The HTML of ``kind``'s own fieldset on the start page (up to the next fieldset of
    the page's own: an errata's holds fieldsets of its abilities' own)."""
    found = re.search(
        rf'<fieldset data-field="kind" data-values="{kind}">'
        r'(.*?)(?=<fieldset data-field="kind"|<fieldset><legend>Games)',
        page,
        re.S,
    )
    assert found, f"no fieldset for {kind}"
    return found.group(1)


def designer_fields() -> dict[str, list[str]]:
    """Each kind's fields as the page must hold them (arm B's options among the A/B's)."""
    options_b = [f"{option}_b" for option in ("ko", "max_turns", "opening_redraw", "claim_reach")]
    return {
        "rule_ab": ["ruleset_b", *options_b],
        "card_impact": ["card", "substitute"],
        "gauntlet": ["more_decks", "more_opponents"],
        "scenario_ab": ["scenario_b"],
        "errata": [
            "draft_card",
            "draft_changes",
            "draft_abilities_from",
            "draft_abilities",
            "ability-0-name",
            "ability-0-step-0-verb",
            "draft_rules_text",
            "draft_note",
        ],
    }


# Arm A's options as the form sends them by default under beta-2026-07, 6 turns, ko off.
FORM_OPTIONS = {"recovery": "all", "ko": False, "realm_stone_counts": True, "max_turns": 6}


def assert_option_set_ab(job: SimulationJob, **arm_b) -> None:
    """``job`` is a rule A/B of beta-2026-07 against itself: arm A with FORM_OPTIONS, arm B
    with them changed by ``arm_b``."""
    assert job.kind == SimulationKind.RULE_AB and job.ruleset == "beta-2026-07"
    assert job.options == FORM_OPTIONS
    assert job.parameters == {"ruleset_b": "beta-2026-07", "options_b": {**FORM_OPTIONS, **arm_b}}


def test_each_kinds_fields_stand_under_that_kinds_legend(designer):
    page = designer.get(NEW).content.decode()
    for kind, names in designer_fields().items():
        part = fieldset_of(page, kind)
        assert f"<legend>{LEGENDS[kind]}</legend>" in part
        for name in names:
            assert f'name="{name}"' in part, (kind, name)
    # The matchup has no fields of its own, and no kind's field blocks another's start.
    assert set(LEGENDS) == set(KIND_PARTS)
    for kind in LEGENDS:
        assert " required" not in fieldset_of(page, kind)


def test_arm_bs_options_are_labelled_arm_b_and_follow_arm_bs_ruleset(designer):
    page = designer.get(NEW).content.decode()
    part = fieldset_of(page, "rule_ab")
    # The same labels as arm A's options, from the same fields, said to be arm B's.
    assert "Turn limit (R26)" in page and "Arm B: Turn limit (R26)" in part
    assert "Arm B: Ko: no counter where one was just captured (R12)" in part
    assert 'data-field="ruleset_b" data-values="beta-2026-07"' in part
    assert "Arm B: Ko" not in page.replace(part, "")


def test_an_option_set_ab_under_one_ruleset_starts_with_each_arms_own_options(
    designer, alices_deck, bobs_deck
):
    data = form_data(alices_deck, bobs_deck, kind="rule_ab", ruleset_b="beta-2026-07")
    # Arm A: ko off (an unticked box is not sent), 6 turns; arm B: ko on, 9 turns.
    data.update(ko_b="on", max_turns_b=9, recovery_b="all", realm_stone_counts_b="on")
    response = designer.post(NEW, data)
    assert response.status_code == 302, response.content.decode()
    assert_option_set_ab(SimulationJob.objects.get(), ko=True, max_turns=9)


def test_arm_b_under_another_ruleset_reads_that_rulesets_options_only(
    designer, alices_deck, bobs_deck
):
    data = form_data(alices_deck, bobs_deck, kind="rule_ab", ruleset_b="beta-2025")
    # ko_b is an option of beta-2026-07: shown (without a script) under that ruleset only.
    data.update(ko_b="on", max_turns_b=7, ties_b="defender")
    assert designer.post(NEW, data).status_code == 302
    options_b = SimulationJob.objects.get().parameters["options_b"]
    play = GAMES["shen"]
    assert set(options_b) == set(play.match_options("beta-2025"))
    assert options_b["max_turns"] == 7 and options_b["ties"] == "defender"
    # A box left unticked is off, as on arm A's side; a blank number is the rulebook's.
    assert options_b["opening_redraw"] is False
    assert options_b["spirits_limit"] == play.option_default("beta-2025", "spirits_limit")


def test_identical_arms_are_refused_with_the_reason(designer, alices_deck, bobs_deck):
    data = form_data(alices_deck, bobs_deck, kind="rule_ab", ruleset_b="beta-2026-07")
    data.update(recovery_b="all", realm_stone_counts_b="on", max_turns_b=6)
    response = designer.post(NEW, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert "Arm B plays the same rules as arm A" in page and 'role="alert"' in page
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"ruleset_b": "no-such-rules"}, "ruleset_b", "Select a valid choice"),
        ({"ruleset_b": "beta-2026-07", "max_turns_b": 0}, "max_turns_b", "greater than or equal"),
        ({"ruleset_b": "beta-2026-07", "recovery_b": "nobody"}, "recovery_b", "valid choice"),
    ],
)
def test_bad_arm_b_settings_are_a_clear_400(
    designer, alices_deck, bobs_deck, changes, field, words
):
    data = form_data(alices_deck, bobs_deck, kind="rule_ab", **changes)
    response = designer.post(NEW, data)
    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert words in response.content.decode()
    assert not SimulationJob.objects.exists()


# Whatever another kind's fields hold: a deck menu's unknown ids, a change too long, a
# turn limit that is no number, an unknown second ruleset.
OTHER_KINDS_GARBAGE = {
    "ruleset_b": "no-such-rules",
    "max_turns_b": "lots",
    "card": "x" * 500,
    "substitute": "no-such-card",
    "more_decks": ["abc", 10**6],
    "more_opponents": ["-1"],
    "draft_card": "y" * 500,
    "draft_changes": "melee=" + "9" * 400,
    "draft_rules_text": "w" * 3000,
    "draft_note": "z" * 500,
}


def test_a_matchup_ignores_every_other_kinds_fields(designer, alices_deck, bobs_deck):
    data = form_data(alices_deck, bobs_deck, kind="matchup", **OTHER_KINDS_GARBAGE)
    response = designer.post(NEW, data)
    assert response.status_code == 302, response.context["form"].errors
    job = SimulationJob.objects.get()
    assert job.kind == SimulationKind.MATCHUP and job.parameters == {}
    assert job.options["max_turns"] == 6


def test_a_card_impact_reads_its_own_fields_and_ignores_the_others(
    designer, alices_deck, bobs_deck
):
    card = "Cinder Hound"
    garbage = {name: value for name, value in OTHER_KINDS_GARBAGE.items() if name != "card"}
    garbage["substitute"] = ""
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=card, **garbage)
    response = designer.post(NEW, data)
    assert response.status_code == 302, response.context["form"].errors
    job = SimulationJob.objects.get()
    assert job.parameters["card"] == card and job.parameters["substitute"] is None
    assert set(job.parameters) == {"card", "substitute", "substitute_card"}


def test_the_chosen_kinds_own_garbage_is_still_a_clear_400(designer, alices_deck, bobs_deck):
    data = form_data(alices_deck, bobs_deck, kind="gauntlet", more_decks=["abc"])
    response = designer.post(NEW, data)
    assert response.status_code == 400
    assert "more_decks" in response.context["form"].errors
    assert not SimulationJob.objects.exists()


def test_an_unknown_kind_is_a_clear_400_whatever_the_kind_fields_hold(
    designer, alices_deck, bobs_deck
):
    data = form_data(alices_deck, bobs_deck, kind="poker", **OTHER_KINDS_GARBAGE)
    response = designer.post(NEW, data)
    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"kind"}
    assert not SimulationJob.objects.exists()


def test_a_jobs_seed_is_asked_in_a_designers_words_not_a_matchs(designer):
    # The field is the match form's (games.matches.forms), whose words are of seats and secrecy.
    page = designer.get(NEW).content.decode()
    assert "Blank: a random seed, shown with the results." in page
    assert "Hot-seat and bot matches only" not in page
