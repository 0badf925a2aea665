"""A state number, a seed, a deck id or a count read from a client is a whole number:
a JSON integer in the API, ASCII digits in a form. ``191.0``, ``"192"``, ``true``,
"+0", " 0" and "٠" name no number (issue 18: the state number is an integer)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.matches.services import match_create
from games.models import Match, Mode
from shen_site.record_numbers import json_whole, whole_number
from tests.games.helpers import committed, legal_json, played_to_the_end

pytestmark = pytest.mark.django_db

NOT_INTEGERS = [0.0, "0", False, "0.0", [0]]


@pytest.fixture
def match(alice, alices_deck):
    with committed():
        return match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=7)


@pytest.mark.parametrize("number", NOT_INTEGERS, ids=repr)
def test_the_api_refuses_a_state_number_that_is_not_a_json_integer(alice_api, match, number):
    action = legal_json(match)[0]
    answer = alice_api.post(
        f"/api/matches/{match.pk}/act/", {"action": action, "number": number}, format="json"
    )
    assert answer.status_code == 400, answer.content
    assert answer.json()["detail"].startswith("number:")
    assert Match.objects.get(pk=match.pk).number == 0


def test_the_api_still_takes_a_json_integer_state_number(alice_api, match):
    answer = alice_api.post(
        f"/api/matches/{match.pk}/act/",
        {"action": legal_json(match)[0], "number": 0},
        format="json",
    )
    assert answer.status_code == 200 and Match.objects.get(pk=match.pk).number == 1


@pytest.mark.parametrize(
    "field, value",
    [
        ("seed", lambda deck: 7.0),
        ("seed", lambda deck: "7"),
        ("deck", lambda deck: str(deck.pk)),
        ("deck", lambda deck: float(deck.pk)),
        ("opponent_deck", lambda deck: str(deck.pk)),
    ],
)
def test_starting_a_match_refuses_numbers_that_are_not_json_integers(
    alice_api, alices_deck, field, value
):
    body = {"deck": alices_deck.pk, "opponent": "hotseat", "seed": 7}
    body[field] = value(alices_deck)
    answer = alice_api.post("/api/matches/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    "field, value", [("games", 14.0), ("games", "14"), ("seed", "3"), ("deck_a", 1.0)]
)
def test_starting_a_simulation_refuses_numbers_that_are_not_json_integers(
    alice_api, alices_deck, bobs_deck, field, value
):
    from games.models.simulations import SimulationJob

    body = {
        "deck_a": alices_deck.pk,
        "deck_b": bobs_deck.pk,
        "ruleset": "beta-2026-07",
        "games": 14,
        "seed": 3,
        field: value,
    }
    answer = alice_api.post("/api/simulations/", body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["errors"]
    assert not SimulationJob.objects.exists()


@pytest.mark.parametrize("number", ["+0", " 0", "0 ", "٠", "0.0", "0_0", "²"])
def test_the_table_form_refuses_a_state_number_that_is_not_ascii_digits(
    client, alice, match, number
):
    client.force_login(alice)
    data = {"action": json.dumps(legal_json(match)[0]), "number": number}
    client.post(f"/games/{match.pk}/act/", data, HTTP_HX_REQUEST="true")
    assert Match.objects.get(pk=match.pk).number == 0


@given(st.text(max_size=25) | st.integers() | st.floats() | st.booleans() | st.none())
def test_whole_number_is_an_int_or_ascii_digits_and_nothing_else(value):
    number = whole_number(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        assert number == value
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        assert number == int(value) or int(value) >= 2**63
    else:
        assert number is None


@pytest.mark.parametrize("seed", ["12.0", "+12", "1_2", "١٢"])
def test_the_start_form_refuses_a_seed_that_is_not_ascii_digits(client, alice, alices_deck, seed):
    client.force_login(alice)
    page = client.post(
        f"/games/new/?deck={alices_deck.pk}",
        {"opponent": "hotseat", "ruleset": "beta-2026-07", "seed": seed, "first_turn": "me"},
    )
    assert page.status_code == 400 and not Match.objects.exists()


def test_the_start_form_still_takes_a_seed_with_spaces_around_it(client, alice, alices_deck):
    client.force_login(alice)
    client.post(
        f"/games/new/?deck={alices_deck.pk}",
        {"opponent": "hotseat", "ruleset": "beta-2026-07", "seed": " 12 ", "first_turn": "me"},
    )
    assert Match.objects.get().seed == 12


@pytest.mark.parametrize("field, value", [("version", 2.0), ("version", True), ("seed", 7.0)])
def test_a_replay_file_s_numbers_are_json_integers(alice_api, alice, match, field, value):
    from games.matches.replays import replay_document

    document = replay_document(played_to_the_end(match))
    assert alice_api.post("/api/matches/import/", document, format="json").status_code == 201
    answer = alice_api.post("/api/matches/import/", {**document, field: value}, format="json")
    assert answer.status_code == 400, answer.content
    assert Match.objects.filter(mode=Mode.IMPORTED).count() == 1


@pytest.mark.parametrize(
    "value, whole",
    [
        (0, True),
        (2**63 - 1, True),
        (2**63, False),
        (-1, False),
        (True, False),
        (7.0, False),
        ("7", False),
        (None, False),
    ],
    ids=repr,
)
def test_a_json_whole_number_is_an_int_in_its_bounds_never_a_bool_text_or_float(value, whole):
    assert json_whole(value) is whole
