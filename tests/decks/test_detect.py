"""Guessing a pasted decklist's kind: every writer's output is recognised, any text is safe."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from cards.models import Card
from decks.decklist import DecklistEntry
from decks.io.csv_format import csv_write
from decks.io.deck_code import deck_code_write
from decks.io.detect import detect_kind
from decks.io.json_format import json_write
from decks.io.raw import DecklistHeader
from decks.io.text import text_write
from decks.models import Board

KINDS = {"text", "json", "csv", "code"}
WRITERS = {"text": text_write, "json": json_write, "csv": csv_write, "code": deck_code_write}


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("3 Cinder Hound\n2x Ember Blade\n\nSideboard\n1 Fan the Flames", "text"),
        ("# Deck: Cinderfall Rush\n# Format: shen-standard\n3 Cinder Hound", "text"),
        ("3 Cinder, the Blade\n", "text"),  # a comma in a card name is not CSV
        ("Cinder Hound", "text"),
        ("", "text"),
        ("count,name,board\n3,Cinder Hound,main", "csv"),
        ("Qty, Name\n3, Cinder Hound", "csv"),
        ("# exported\n3,Cinder Hound,side\n", "csv"),
        ('3,"Cinder, the Blade"', "csv"),
        ('{"cards": [{"count": 3, "name": "Cinder Hound"}]}', "json"),
        ('\ufeff  [{"count": 1, "slug": "cinder-hound"}]', "json"),
        ("{ not json at all", "json"),  # the JSON reader says what is wrong with it
        ("  SHN1-eNoryEgtLkkFAAh6Ao0\n", "code"),
        ("SHN2-abc", "code"),  # a future version: the code reader names the one it reads
        ("SHN1- two words", "text"),
    ],
)
def test_detect_kind(text, kind):
    assert detect_kind(text) == kind


names = (
    st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1)
    .map(str.strip)
    .filter(lambda name: name and not name.startswith("#"))
)
entries = st.lists(
    st.builds(
        lambda name, count, board: DecklistEntry(
            Card(name=name, slug="card-" + str(abs(hash(name)))), count, board
        ),
        names,
        st.integers(1, 99),
        st.sampled_from(Board.values),
    ),
    min_size=1,
    max_size=8,
)
headers = st.builds(DecklistHeader, name=st.sampled_from(["", "Cinderfall Rush"]))


@settings(max_examples=200, deadline=None)
@given(entries=entries, header=headers, kind=st.sampled_from(sorted(WRITERS)))
# A card named "," wrote the text line "1 ,", which was read as a CSV row (found in CI).
@example(
    entries=[DecklistEntry(Card(name=",", slug="comma"), 1, "main")],
    header=DecklistHeader(),
    kind="text",
)
def test_every_export_is_detected_as_its_own_kind(entries, header, kind):
    text = WRITERS[kind](entries, header)
    assert detect_kind(text) == kind


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_gets_a_kind_without_error(text):
    assert detect_kind(text) in KINDS


def test_detection_looks_at_a_bounded_number_of_lines():
    comments = "# note\n" * 10_000
    assert detect_kind(comments + "3,Cinder Hound") == "text"
