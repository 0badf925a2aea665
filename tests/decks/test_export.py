"""Exporting decks: each kind round-trips through import to the same slots."""

import csv
import io
import json

import pytest

from decks.importing import deck_import
from decks.io.exporting import EXPORT_KINDS, UnknownExportKind, deck_export, export_filename
from decks.io.parsing import decklist_parse
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db


def slots(ember_deck) -> set[tuple[str, str, int]]:
    return {(slot.card.slug, slot.board, slot.count) for slot in ember_deck.slots.all()}


@pytest.mark.parametrize("kind", ["text", "json", "csv", "code"])
def test_export_then_import_gives_the_same_deck(ember_deck, kind):
    exported = deck_export(ember_deck, kind)
    copy = deck_import(owner=UserFactory(), text=exported, kind=kind, format=ember_deck.format)
    assert slots(copy) == slots(ember_deck)


@pytest.mark.parametrize("kind", ["text", "json", "code"])
def test_text_json_and_code_carry_format_and_home_realm(ember_deck, kind):
    parsed = decklist_parse(text=deck_export(ember_deck, kind), kind=kind)
    assert (parsed.header.format, parsed.header.home_realm) == ("shen-standard", "ember")


def test_text_export_lists_the_sideboard_under_a_header(ember_deck):
    text = deck_export(ember_deck, "text")
    assert text.startswith("# Deck: Ember Rush\n# Format: shen-standard\n# Home Realm: ember\n")
    assert text.endswith("\nSideboard\n2 Cinder, the Blade\n")


def test_json_export_holds_names_slugs_and_boards(ember_deck):
    document = json.loads(deck_export(ember_deck, "json"))
    assert document["name"] == "Ember Rush"
    assert {
        "count": 2,
        "name": "Cinder, the Blade",
        "slug": "cinder-the-blade",
        "board": "side",
    } in document["cards"]


def test_csv_export_quotes_names_with_commas(ember_deck):
    rows = list(csv.reader(io.StringIO(deck_export(ember_deck, "csv"))))
    assert rows[0] == ["count", "name", "board", "slug"]
    assert ["2", "Cinder, the Blade", "side", "cinder-the-blade"] in rows


def test_registration_sheet_lists_cards_by_kind_with_totals(ember_deck):
    sheet = deck_export(ember_deck, "sheet")
    assert "Decklist registration" in sheet
    assert "Action cards" in sheet and "Avatar cards" in sheet
    assert "Main deck: 7 cards" in sheet and "Sideboard: 2 cards" in sheet


def test_every_kind_has_a_file_name(ember_deck):
    assert {kind: export_filename(ember_deck, kind) for kind in EXPORT_KINDS} == {
        "text": "ember-rush.txt",
        "json": "ember-rush.json",
        "csv": "ember-rush.csv",
        "code": "ember-rush-code.txt",
        "pdf": "ember-rush-proxies.pdf",
        "sheet": "ember-rush.html",
    }


def test_an_unknown_export_kind_is_refused(ember_deck):
    with pytest.raises(UnknownExportKind):
        deck_export(ember_deck, "docx")


@pytest.mark.parametrize("kind", ["text", "json", "code"])
def test_import_without_choices_restores_format_and_home_realm(ember_deck, kind):
    copy = deck_import(owner=UserFactory(), text=deck_export(ember_deck, kind), kind=kind)
    assert (copy.format, copy.home_realm) == (ember_deck.format, ember_deck.home_realm)
    assert slots(copy) == slots(ember_deck)
