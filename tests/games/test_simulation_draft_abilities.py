"""An errata's abilities drafted in a form in the effect vocabulary's terms: the same data
the JSON gave, each fault at its field in the engine's words, steps and abilities added
and removed by the server (htmx gets the part alone), the draft card's abilities to start
from; the JSON still read when chosen (and by the API); any input, never a 500."""

from __future__ import annotations

from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from games.engine.effects import VERBS
from games.models.simulations import SimulationJob
from games.simulations.draft_abilities import (
    MAX_ABILITIES,
    STEP_PARAMS,
    VERB_PARAMS,
    AbilitiesEditor,
    edited,
)
from tests.games.test_simulation_errata_abilities import KINDLE, SQUIRE
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

NEW = "/simulations/new/"
HOSTILE = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# KINDLE as the abilities form sends it.
KINDLE_FIELDS = {
    "ability-0-name": "Kindle",
    "ability-0-cost": "1",
    "ability-0-timing": "activated",
    "ability-0-text": "Draw a card.",
    "ability-0-step-0-verb": "draw_cards",
    "ability-0-step-0-count": "1",
}


@pytest.fixture
def designer(alice_in, jobs_held):
    return alice_in


def errata(deck_a, deck_b, **fields):
    """The start form's data for an errata of the squire that drafts its abilities."""
    data = form_data(deck_a, deck_b, kind="errata", draft_card=SQUIRE)
    return {**data, "draft_note": "The squire learns to kindle.", **fields}


def drafted(client, data) -> list:
    response = client.post(NEW, data)
    assert response.status_code == 302, response.context["form"].errors
    return SimulationJob.objects.latest("pk").parameters["changes"]["abilities"]


def test_the_forms_vocabulary_is_the_engines():
    assert {verb: tuple(params) for verb, params in VERBS.items()} == dict(VERB_PARAMS)
    for verb, params in VERBS.items():
        for name, param in params.items():
            assert param.choices == STEP_PARAMS[name].choices, (verb, name)


def test_the_abilities_form_drafts_what_the_json_drafted(designer, alices_deck, bobs_deck):
    from_form = drafted(
        designer, errata(alices_deck, bobs_deck, draft_abilities_from="form", **KINDLE_FIELDS)
    )
    json = '[{"name": "Kindle", "cost": 1, "timing": "activated", "text": "Draw a card.", '
    json += '"effect": [{"verb": "draw_cards", "count": 1}]}]'
    from_json = drafted(designer, errata(alices_deck, bobs_deck, draft_abilities=json))
    assert from_form == from_json == [KINDLE]
    first, second = SimulationJob.objects.order_by("pk")
    assert first.parameters["draft_card"] == second.parameters["draft_card"]


def test_a_step_reads_only_its_verbs_parameters(designer, alices_deck, bobs_deck):
    fields = {
        **KINDLE_FIELDS,
        "ability-0-step-0-verb": "modify_trait",
        "ability-0-step-0-trait": "melee",
        "ability-0-step-0-amount": "-2",
        "ability-0-step-0-target": "opponent_avatar",
        "ability-0-step-0-duration": "end_of_turn",
        "ability-0-step-0-range": "3",  # remove_counters' alone: not read
        "ability-0-step-1-verb": "refresh_avatar",
        "ability-0-step-1-target": "own_avatar",
    }
    abilities = drafted(
        designer, errata(alices_deck, bobs_deck, draft_abilities_from="form", **fields)
    )
    assert abilities[0]["effect"] == [
        {
            "verb": "modify_trait",
            "trait": "melee",
            "amount": -2,
            "target": "opponent_avatar",
            "duration": "end_of_turn",
        },
        {"verb": "refresh_avatar", "target": "own_avatar"},
    ]


def test_no_ability_in_the_form_drafts_none(designer, alices_deck, bobs_deck):
    card = Card.objects.get(name="Cinder Hound")
    data = errata(alices_deck, bobs_deck, draft_card=card.name, draft_abilities_from="form")
    assert drafted(designer, data) == []


def test_a_step_the_engine_refuses_is_a_400_at_its_field(designer, alices_deck, bobs_deck):
    fields = {**KINDLE_FIELDS, "ability-0-step-0-count": "0"}
    response = designer.post(
        NEW, errata(alices_deck, bobs_deck, draft_abilities_from="form", **fields)
    )
    assert response.status_code == 400
    step = response.context["form"].abilities_editor.parts[0].steps[0]
    assert step.errors == {"count": ["must be at least 1, not 0"]}
    assert response.context["form"].errors["draft_abilities_from"] == [
        "See what each ability needs below."
    ]
    assert not SimulationJob.objects.exists()


def test_an_ability_without_a_name_is_a_400_at_its_name(designer, alices_deck, bobs_deck):
    fields = {**KINDLE_FIELDS, "ability-0-name": " "}
    response = designer.post(
        NEW, errata(alices_deck, bobs_deck, draft_abilities_from="form", **fields)
    )
    assert response.status_code == 400
    part = response.context["form"].abilities_editor.parts[0]
    assert "an ability needs a name" in part.form.errors["name"][0]


def test_an_ability_of_the_wrong_timing_for_the_card_is_the_services_to_refuse(
    designer, alices_deck, bobs_deck
):
    fields = {**KINDLE_FIELDS, "ability-0-timing": "while_attached"}
    response = designer.post(
        NEW, errata(alices_deck, bobs_deck, draft_abilities_from="form", **fields)
    )
    assert response.status_code == 400
    assert "abilities[0].timing: an ability of a avatar card" in unescape(response.content.decode())


def test_the_json_is_not_read_unless_chosen(designer, alices_deck, bobs_deck):
    data = errata(
        alices_deck, bobs_deck, draft_abilities_from="form", draft_abilities="[{", **KINDLE_FIELDS
    )
    assert drafted(designer, data) == [KINDLE]
    kept = errata(alices_deck, bobs_deck, draft_abilities_from="keep", draft_abilities="[{")
    kept["draft_changes"] = "melee=3"
    response = designer.post(NEW, kept)
    assert response.status_code == 302
    assert "abilities" not in SimulationJob.objects.latest("pk").parameters["changes"]


@pytest.mark.parametrize(
    ("edit", "steps"),
    [
        ("add-step-0", [2]),
        ("remove-step-0-0", [0]),
        ("add-ability", [1, 1]),
        ("remove-ability-0", []),
    ],
)
def test_an_edit_adds_or_removes_a_step_or_an_ability(edit, steps):
    rows = edited([({"name": "Kindle"}, [{"verb": "draw_cards"}])], edit)
    assert [len(ability_steps) for _, ability_steps in rows] == steps


def test_an_edit_beyond_the_bounds_or_unknown_changes_nothing():
    rows = [({"name": "Kindle"}, [{"verb": "draw_cards"}])]
    for edit in ("remove-step-0-5", "remove-ability-3", "add-step-4", "explode", "add-ability-0"):
        assert edited(rows, edit) == rows
    full = [({}, [{}])] * MAX_ABILITIES
    assert edited(full, "add-ability") == full


def test_htmx_gets_the_edited_abilities_alone_and_nothing_starts(designer, alices_deck, bobs_deck):
    data = errata(alices_deck, bobs_deck, draft_abilities_from="form", abilities_edit="add-step-0")
    response = designer.post(NEW, {**data, **KINDLE_FIELDS}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="draft-abilities"') and "<html" not in page
    assert 'name="ability-0-step-1-verb"' in page and 'value="Kindle"' in page
    assert "errorlist" not in page
    assert not SimulationJob.objects.exists()


def test_a_plain_submit_edit_shows_the_page_again_as_sent_without_errors(
    designer, alices_deck, bobs_deck
):
    data = errata(alices_deck, bobs_deck, draft_abilities_from="form", abilities_edit="add-ability")
    data.update(KINDLE_FIELDS, deck_b="")  # deck B not chosen yet: no error said of it
    response = designer.post(NEW, data)
    assert response.status_code == 200
    page = unescape(response.content.decode())
    assert "<html" in page and "errorlist" not in page
    assert 'name="ability-1-name"' in page and 'value="Kindle"' in page
    assert f'value="{SQUIRE}"' in page
    assert not SimulationJob.objects.exists()


def test_the_draft_cards_abilities_start_the_form(designer, alices_deck, bobs_deck):
    data = errata(alices_deck, bobs_deck, draft_card="cinder hound", abilities_edit="load")
    response = designer.post(NEW, data, headers={"HX-Request": "true"})
    page = unescape(response.content.decode())
    assert 'value="Scorching Bite"' in page
    assert '<option value="extra_dice" selected>' in page
    assert '<option value="in_combat" selected>' in page


def test_starting_from_no_card_says_to_pick_it_first(designer, alices_deck, bobs_deck):
    data = errata(alices_deck, bobs_deck, draft_card="", abilities_edit="load")
    page = designer.post(NEW, data, headers={"HX-Request": "true"}).content.decode()
    assert "Pick the card to draft first" in page


def test_rows_are_read_only_up_to_the_bounds():
    data = {f"ability-{i}-name": "A" for i in range(20)}
    data.update({f"ability-0-step-{j}-verb": "draw_cards" for j in range(20)})
    editor = AbilitiesEditor.posted(data)
    assert len(editor.parts) == MAX_ABILITIES and len(editor.parts[0].steps) == 8


field_names = st.sampled_from(
    [
        "name",
        "cost",
        "timing",
        "text",
        "step-0-verb",
        "step-0-count",
        "step-0-amount",
        "step-0-trait",
        "step-0-target",
        "step-1-verb",
        "step-1-range",
        "step-9-duration",
    ]
)
awkward = st.one_of(
    st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=30),
    st.sampled_from(["-1", "0", "21", "9" * 5000, "²", "activated", "draw_cards", "self", "1.5"]),
)


@HOSTILE
@given(
    fields=st.dictionaries(
        st.tuples(st.integers(0, 7), field_names).map(lambda key: f"ability-{key[0]}-{key[1]}"),
        awkward,
        max_size=12,
    ),
    edit=st.one_of(st.none(), st.sampled_from(["add-step-0", "remove-step-1-0", "load"]), awkward),
)
def test_any_abilities_form_is_a_clear_answer_never_a_500(
    designer, alices_deck, bobs_deck, fields, edit
):
    data = errata(alices_deck, bobs_deck, draft_abilities_from="form", **fields)
    if edit is not None:
        data["abilities_edit"] = edit
    response = designer.post(NEW, data)
    assert response.status_code in ((200, 302, 400) if edit else (302, 400))
    SimulationJob.objects.all().delete()
