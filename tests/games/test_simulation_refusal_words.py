"""A refusal of the simulation service names the parameter at fault as its reader knows
it: an API client by its key (``ruleset_b``), a person at the start form by the field's
label ("Arm B's ruleset"); the same check, one sentence."""

from __future__ import annotations

from html import unescape

import pytest

from cards.models import Card
from games.decklists import deck_data, latest_version
from games.models.simulations import SimulationJob
from games.simulations.forms import KIND_PARTS, PARAMETER_FIELDS
from games.simulations.kinds import deck_card_names
from tests.games.test_simulation_api import body_for
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

# kind, the form's fields, the API's parameters, what the form says, what the API says.
# "DECK_A" and "CARD" stand for deck A's id and the slug of a card deck A plays, "OTHER"
# for the name of a card of the catalogue deck A lacks (a name no card has is the card
# picker's to refuse, at its field: tests/games/test_simulation_card_picker.py).
CASES = {
    "rule_ab without arm B's ruleset": (
        "rule_ab",
        {"ruleset_b": ""},
        {},
        "Choose the second ruleset (Arm B's ruleset): beta-2026-07",
        "Choose the second ruleset (ruleset_b): beta-2026-07",
    ),
    "card impact of a card deck A lacks": (
        "card_impact",
        {"card": "OTHER"},
        {"card": "OTHER"},
        "Choose a card of deck A to replace (Card of deck A: its name).",
        "Choose a card of deck A to replace (card: its name).",
    ),
    "gauntlet repeating deck A": (
        "gauntlet",
        {"more_decks": ["DECK_A"]},
        {"decks": ["DECK_A"]},
        "different decks (More decks).",
        "different decks (decks).",
    ),
    "errata of no card": (
        "errata",
        {"draft_card": "", "draft_changes": "cost=1", "draft_note": "Why."},
        {"card": "no-such-card", "changes": {"cost": 1}, "note": "Why."},
        "Choose the card to draft a change to (Card to draft: its slug).",
        "Choose the card to draft a change to (card: its slug).",
    ),
    "errata changing nothing": (
        "errata",
        {"draft_card": "CARD", "draft_note": "Why."},
        {"card": "CARD", "changes": {}, "note": "Why."},
        "Say what the draft changes (Draft change): new values for cost",
        "Say what the draft changes (changes): new values for cost",
    ),
    "errata abilities not a list": (
        "errata",
        {"draft_card": "CARD", "draft_abilities": '"Kindle"', "draft_note": "Why."},
        {"card": "CARD", "changes": {"abilities": "Kindle"}, "note": "Why."},
        "The draft's abilities (Draft abilities) are a list of abilities",
        "The draft's abilities (abilities) are a list of abilities",
    ),
}


def filled(value, stand_ins: dict):
    """``value`` with its stand-ins (for deck A, its card, another card) replaced."""
    if isinstance(value, dict):
        return {key: filled(item, stand_ins) for key, item in value.items()}
    if isinstance(value, list):
        return [filled(item, stand_ins) for item in value]
    return stand_ins.get(value, value) if isinstance(value, str) else value


@pytest.fixture(params=CASES)
def case(request, alices_deck):
    """One of CASES, its stand-ins replaced."""
    names = deck_card_names(deck_data(alices_deck, latest_version(alices_deck)))
    card = Card.objects.filter(name__in=names).order_by("slug").first().slug
    other = Card.objects.exclude(name__in=names).order_by("slug").first().name
    stand_ins = {"DECK_A": alices_deck.pk, "CARD": card, "OTHER": other}
    kind, fields, parameters, words, api_words = CASES[request.param]
    return (
        kind,
        filled(fields, stand_ins),
        filled(parameters, stand_ins),
        (
            words,
            api_words,
        ),
    )


def test_the_form_names_the_field_by_its_label(client, alice, alices_deck, bobs_deck, case):
    kind, fields, _, (words, api_words) = case
    client.force_login(alice)
    response = client.post(
        "/simulations/new/", form_data(alices_deck, bobs_deck, kind=kind, **fields)
    )
    assert response.status_code == 400
    page = unescape(response.content.decode())
    alert = page.split('role="alert"', 1)[1].split("</div>", 1)[0]
    assert words in alert
    assert api_words not in page
    assert not SimulationJob.objects.exists()


def test_the_api_names_the_field_by_its_key(api_client, alice, alices_deck, bobs_deck, case):
    kind, _, parameters, (_, words) = case
    api_client.force_authenticate(alice)
    body = body_for(alices_deck, bobs_deck, kind=kind, parameters=parameters)
    response = api_client.post("/api/simulations/", body, format="json")
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert not SimulationJob.objects.exists()


def test_each_parameter_is_named_by_a_field_of_its_own_kind():
    for kind, fields in PARAMETER_FIELDS.items():
        assert set(fields.values()) <= set(KIND_PARTS[kind][1]), kind
