"""A deck is a multiset of cards (issue 18): the same cards in another list order are the
same game input, so a deck's text export, ``manage.py simulate``, a match and a job
play the same games under a seed; a stored match keeps its list and replays as it was."""

from __future__ import annotations

import io
import json
import random

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st

from decks.io.exporting import deck_export
from games import decklists
from games.decklists import canonical_cards, deck_data, latest_version, slots_data
from games.matches.records import match_position
from games.matches.services import match_create
from games.models import Mode
from tests.games.simulation_jobs import simulation_start

pytestmark = pytest.mark.django_db


def main_rows(deck):
    return [dict(row) for row in latest_version(deck).slots]


def test_the_same_slots_in_any_order_are_the_same_deck_data(alices_deck):
    rows = main_rows(alices_deck)
    shuffled = rows[:]
    random.Random(4).shuffle(shuffled)
    # One card's copies in two rows, as a hand-written list may give them.
    split = [
        dict(shuffled[0], count=1),
        *shuffled[1:],
        dict(shuffled[0], count=shuffled[0]["count"] - 1),
    ]
    expected = slots_data(rows)
    assert slots_data(shuffled) == expected == slots_data(split)
    assert expected["cards"] == canonical_cards(reversed(expected["cards"]))


@given(st.permutations(range(6)))
def test_canonical_cards_is_the_same_list_for_every_order(order):
    cards = [
        {"name": "Cinder Hound", "cost": 2},
        {"name": "Ash", "cost": 1},
        {"name": "Cinder Hound", "cost": 2},
        {"name": "Ash", "cost": 3},
        {"name": "Blaze", "cost": 1, "abilities": [{"name": "x"}]},
        {"name": "Blaze", "cost": 1},
    ]
    assert canonical_cards(cards[i] for i in order) == canonical_cards(cards)


def simulate_json(*arguments):
    out = io.StringIO()
    call_command("simulate", *arguments, "--json", stdout=out, stderr=io.StringIO())
    return json.loads(out.getvalue())


def test_a_deck_s_text_export_in_another_order_simulates_as_the_stored_deck(
    tmp_path, alices_deck, bobs_deck
):
    lines = deck_export(alices_deck, "text").splitlines()
    header = [line for line in lines if line.startswith("#")]
    cards = [line for line in lines if line and not line.startswith("#")]
    file = tmp_path / "alice.txt"
    file.write_text("\n".join([*header, *reversed(cards)]) + "\n", encoding="utf-8")
    common = ("--games", "4", "--seed", "5", "--ruleset", "beta-2026-07", "--option", "max_turns=5")
    stored = simulate_json(str(alices_deck.pk), str(bobs_deck.pk), *common)
    from_file = simulate_json(str(file), str(bobs_deck.pk), *common)
    assert from_file == stored


def test_a_job_and_a_match_hand_the_engine_the_canonical_list(alice, alices_deck, bobs_deck):
    data = deck_data(alices_deck, latest_version(alices_deck))
    assert data["cards"] == canonical_cards(data["cards"])
    job = simulation_start(alice, alices_deck, bobs_deck, games=1)
    assert job.decks[0]["cards"] == canonical_cards(job.decks[0]["cards"])
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    assert match.decks[0]["cards"] == canonical_cards(match.decks[0]["cards"])


def test_a_stored_match_keeps_its_list_and_replays_as_recorded(alice, alices_deck, monkeypatch):
    # A match stored before the canonical order, with its list in another order.
    monkeypatch.setattr(decklists, "canonical_cards", lambda cards: list(cards)[::-1])
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    monkeypatch.undo()
    stored = [card["name"] for card in match.decks[0]["cards"]]
    assert stored != sorted(stored)
    match.refresh_from_db()
    state = match_position(match).state  # checks the stored digest of state 0
    assert [spec.name for spec in state.cards[: len(stored)]] == stored
