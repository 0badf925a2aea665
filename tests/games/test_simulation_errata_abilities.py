"""Errata what-if drafts that change a card's abilities: checked as the catalogue checks a
card edit (each fault named by its place), played in the draft arm, and carried into the
erratum when the draft is published."""

from __future__ import annotations

from html import unescape

import pytest

from cards.models import Card, CardRevision
from games.engine.cards import CardSpec
from games.models.simulations import JobStatus, SimulationJob, SimulationKind
from games.simulations.services import SimulationError, game_number
from tests.games.simulation_jobs import simulation_start
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

# An Avatar of Alice's deck (Cinderfall) with no ability of its own.
SQUIRE = "Ashborn Squire"
KINDLE = {
    "name": "Kindle",
    "cost": 1,
    "timing": "activated",
    "effect": [{"verb": "draw_cards", "count": 1}],
    "text": "Draw a card.",
}


def what_if(owner, deck_a, deck_b, abilities, **changes):
    card = Card.objects.get(name=SQUIRE)
    parameters = {
        "card": card.slug,
        "changes": {"abilities": abilities, **changes},
        "note": "The squire learns to kindle.",
    }
    job = simulation_start(owner, deck_a, deck_b, kind=SimulationKind.ERRATA, parameters=parameters)
    job.refresh_from_db()
    return job, card


def test_the_draft_arm_plays_the_drafted_ability(alice, alices_deck, bobs_deck):
    job, _ = what_if(alice, alices_deck, bobs_deck, [KINDLE])
    assert job.status == JobStatus.FINISHED
    current, drafted = (game_number(job, 0, arm).decks[0]["cards"] for arm in (0, 1))
    squires = [CardSpec.from_data(c) for c in drafted if c["name"] == SQUIRE]
    assert squires and all([a.name for a in spec.abilities] == ["Kindle"] for spec in squires)
    current_squires = [c for c in current if c["name"] == SQUIRE]
    assert len(current_squires) == len(squires)
    assert all(not c.get("abilities") for c in current_squires)
    # The effect as the catalogue stores it: the vocabulary's defaults filled in.
    assert job.parameters["changes"]["abilities"][0]["effect"] == [
        {"verb": "draw_cards", "count": 1}
    ]


def test_a_draft_may_change_numbers_and_abilities_together(alice, alices_deck, bobs_deck):
    job, card = what_if(alice, alices_deck, bobs_deck, [KINDLE], melee=card_melee() + 1)
    draft = job.parameters["draft_card"]
    assert draft["melee"] == card.melee + 1 and draft["abilities"][0]["name"] == "Kindle"


def card_melee() -> int:
    return Card.objects.get(name=SQUIRE).melee


@pytest.mark.parametrize(
    ("abilities", "reason"),
    [
        ("Kindle", "abilities (abilities) are a list of abilities"),
        (["Kindle"], "abilities[0] is an object"),
        ([{**KINDLE, "verb": "draw_cards"}], "abilities[0] has name, cost, timing, effect"),
        ([{**KINDLE, "text": 3}], "abilities[0].text is the ability's printed text"),
        ([{**KINDLE, "name": ""}], "abilities[0].name: an ability needs a name"),
        ([{**KINDLE, "timing": "on_play"}], "abilities[0].timing: an ability of a avatar"),
        ([{**KINDLE, "effect": [{"verb": "fireball"}]}], "abilities[0].effect.0.verb"),
        (
            [{**KINDLE, "effect": [{"verb": "draw_cards", "count": 0}]}],
            "abilities[0].effect.0.count: must be at least 1, not 0",
        ),
        ([{**KINDLE, "effect": []}], "abilities[0].effect"),
        ([{**KINDLE, "cost": 9}], "abilities[0].cost: must be a whole number"),
        ([], "changes nothing the games play"),
    ],
)
def test_bad_ability_data_is_refused_naming_its_place(
    alice, alices_deck, bobs_deck, abilities, reason
):
    with pytest.raises(SimulationError) as refused:
        what_if(alice, alices_deck, bobs_deck, abilities)
    assert reason in str(refused.value)
    assert not SimulationJob.objects.exists()


def test_a_card_field_fault_names_its_field(alice, alices_deck, bobs_deck):
    with pytest.raises(SimulationError, match="cost: must be a whole number 0–4"):
        what_if(alice, alices_deck, bobs_deck, [KINDLE], cost=7)


def test_the_api_refuses_bad_abilities_with_a_clear_400(api_client, alice, alices_deck, bobs_deck):
    from tests.games.test_simulation_api import body_for

    api_client.force_authenticate(alice)
    card = Card.objects.get(name=SQUIRE)
    parameters = {
        "card": card.slug,
        "changes": {"abilities": [{**KINDLE, "timing": "whenever"}]},
        "note": "Bad.",
    }
    body = body_for(alices_deck, bobs_deck, kind="errata", parameters=parameters)
    response = api_client.post("/api/simulations/", body, format="json")
    assert response.status_code == 400
    assert "abilities[0].timing" in response.json()["detail"]


def test_publishing_the_draft_carries_the_ability_change(client, alice, alices_deck, bobs_deck):
    alice.is_staff = True
    alice.save()
    job, card = what_if(alice, alices_deck, bobs_deck, [KINDLE])
    client.force_login(alice)
    assert client.post(f"/simulations/{job.pk}/publish/").status_code == 302
    abilities = list(card.abilities.values("name", "cost", "timing", "effect", "text"))
    assert abilities == [KINDLE]
    revision = CardRevision.objects.get(card=card, note="The squire learns to kindle.")
    assert revision.previous == {"abilities": []}


def test_the_form_drafts_abilities_as_json(client, alice, alices_deck, bobs_deck):
    card = Card.objects.get(name=SQUIRE)
    client.force_login(alice)
    data = form_data(alices_deck, bobs_deck, kind="errata", draft_card=card.slug)
    data.update(
        draft_abilities='[{"name": "Kindle", "cost": 1, "timing": "activated", '
        '"effect": [{"verb": "draw_cards", "count": 1}]}]',
        draft_note="Kindle.",
    )
    assert client.post("/simulations/new/", data).status_code == 302
    job = SimulationJob.objects.get()
    assert [a["name"] for a in job.parameters["changes"]["abilities"]] == ["Kindle"]
    page = unescape(client.get(f"/simulations/{job.pk}/").content.decode())
    assert "as drafted (abilities: Kindle (1 · activated): Draw 1 card.)" in page
    for text, reason in (
        ("[{name: Kindle}", "Draft abilities: Not valid JSON"),
        ("[" * 2400 + "]" * 2400, "nested too deeply"),
        ('[{"name": "Kin\\u0000dle"}]', "control character U+0000"),
    ):
        bad = client.post("/simulations/new/", {**data, "draft_abilities": text})
        assert bad.status_code == 400 and reason in unescape(bad.content.decode())
    assert SimulationJob.objects.count() == 1
