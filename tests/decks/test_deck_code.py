"""Deck codes: versioned, URL-safe, and importing back to the same ember_deck."""

import base64
import re
import zlib

import pytest

from decks.importing import deck_import
from decks.io.deck_code import PREFIX, deck_code_read
from decks.io.exporting import deck_export
from decks.io.parsing import decklist_parse
from decks.models import Format
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db


def slots(ember_deck) -> set[tuple[str, str, int]]:
    return {(slot.card.slug, slot.board, slot.count) for slot in ember_deck.slots.all()}


def test_a_code_is_versioned_and_url_safe(ember_deck):
    code = deck_export(ember_deck, "code")
    assert code.startswith("SHN1-")
    assert re.fullmatch(r"SHN1-[A-Za-z0-9_-]+", code)


def test_a_code_imports_back_to_the_same_deck(ember_deck):
    code = deck_export(ember_deck, "code")
    copy = deck_import(owner=UserFactory(), text=code, kind="code", name="From code")
    assert slots(copy) == slots(ember_deck)
    assert (copy.format, copy.home_realm) == (ember_deck.format, ember_deck.home_realm)


def test_a_code_survives_a_catalogue_reload(ember_deck, ember_catalogue):
    code = deck_export(ember_deck, "code")
    # A reload gives every card a new database id; slugs stay.
    for card in ember_catalogue.values():
        card.deck_slots.all().delete()
        old_slug = card.slug
        card.delete()
        card.pk = None
        card.slug = old_slug
        card.save()
    parsed = decklist_parse(text=code, kind="code")
    assert parsed.problems == []
    assert {(entry.card.slug, entry.count) for entry in parsed.entries} >= {("ember-lance", 3)}


def test_a_code_is_short_enough_to_paste(ember_deck):
    assert len(deck_export(ember_deck, "code")) < 120


def test_a_code_of_another_version_is_refused_by_name():
    [problem] = deck_code_read("SHN2-abc").problems
    assert "version 1" in problem.message and "SHN2-" in problem.message


@pytest.mark.parametrize("text", ["", "hello", "SHN1-", "SHN1-!!!!", "SHN1-" + "A" * 40])
def test_a_damaged_code_is_refused(text):
    decklist = deck_code_read(text)
    assert decklist.problems and not decklist.lines


def test_a_code_that_inflates_past_the_limit_is_refused():
    bomb = zlib.compress(b"shen-standard\n\n" + b"1 a\n" * 100_000, 9)
    code = PREFIX + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert "damaged" in deck_code_read(code).problems[0].message


def test_a_code_naming_an_unknown_card_reports_its_slug(ember_catalogue):
    payload = zlib.compress(b"shen-standard\nember\n3 ember-lance\n2 ember-lanse", 9)
    code = PREFIX + base64.urlsafe_b64encode(payload).decode().rstrip("=")
    parsed = decklist_parse(text=code, kind="code")
    [problem] = parsed.problems
    assert "ember-lanse" in problem.message
    assert problem.suggestions == ("Ember Lance",)
    assert Format.objects.filter(slug="shen-standard").exists()
