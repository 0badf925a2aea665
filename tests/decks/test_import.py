"""Importing decklists: every kind, problems on their lines, did-you-mean, limits, keep-valid."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from decks.importing import DeckImportError, deck_import, upload_read
from decks.io.parsing import MAX_IMPORT_BYTES, MAX_IMPORT_LINES, decklist_parse
from decks.models import Deck
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db


def counts(entries) -> dict[tuple[str, str], int]:
    return {(entry.card.slug, entry.board): entry.count for entry in entries}


def test_text_reads_counts_names_sideboard_comments_and_blank_lines(ember_catalogue):
    text = "# my deck\n3 Ember Lance\n2x Ash Wall  # wall\n\nSideboard\n1 Cinder, the Blade\n"
    parsed = decklist_parse(text=text, kind="text")
    assert parsed.problems == []
    assert counts(parsed.entries) == {
        ("ember-lance", "main"): 3,
        ("ash-wall", "main"): 2,
        ("cinder-the-blade", "side"): 1,
    }


def test_text_names_match_without_case_or_accents(ember_catalogue):
    parsed = decklist_parse(text="2 ember lance\n1 Shen Gate", kind="text")
    assert counts(parsed.entries) == {("ember-lance", "main"): 2, ("shen-gate", "main"): 1}


def test_unknown_name_gets_did_you_mean_with_its_line(ember_catalogue):
    parsed = decklist_parse(text="3 Ember Lance\n\n2 Embr Lanse\n", kind="text")
    [problem] = parsed.problems
    assert problem.line == 3
    assert problem.suggestions == ("Ember Lance",)
    assert str(problem) == "Line 3: No card named 'Embr Lanse'. Did you mean Ember Lance?"


def test_text_reads_a_count_written_after_the_name(ember_catalogue):
    parsed = decklist_parse(text="Ember Lance x3\nash wall ×2\n", kind="text")
    assert parsed.problems == []
    assert counts(parsed.entries) == {("ember-lance", "main"): 3, ("ash-wall", "main"): 2}


def test_a_count_in_front_wins_over_one_after_the_name(ember_catalogue):
    parsed = decklist_parse(text="2 Ember Lance x3", kind="text")
    [problem] = parsed.problems
    assert problem.message == "No card named 'Ember Lance x3'."


def test_a_trailing_count_needs_a_name_and_a_space_before_it(ember_catalogue):
    parsed = decklist_parse(text="x3\nEmber Lancex3", kind="text")
    assert [problem.message[:29] for problem in parsed.problems] == [
        "Expected a count and a card n",
        "Expected a count and a card n",
    ]


def test_every_problem_is_reported_with_its_line(ember_catalogue):
    text = "3 Ember Lance\nEmber Lance\n0 Ash Wall\n2 Nothing Like It\n"
    parsed = decklist_parse(text=text, kind="text")
    assert [problem.line for problem in parsed.problems] == [2, 3, 4]


def test_lookups_take_two_queries_whatever_the_length(
    ember_catalogue, django_assert_max_num_queries
):
    # 150 lines, 50 copies of each card: within the limits, so every line is read.
    text = "\n".join(["1 Ember Lance", "1 Ash Wall", "1 Nope"] * 50)
    with django_assert_max_num_queries(2):
        parsed = decklist_parse(text=text, kind="text")
    assert {entry.card.slug for entry in parsed.entries} == {"ember-lance", "ash-wall"}
    assert len(parsed.entries) == 100
    assert [problem.line for problem in parsed.problems] == list(range(3, 151, 3))


def test_json_reads_names_or_slugs(ember_catalogue):
    document = {
        "cards": [
            {"count": 2, "slug": "ash-wall"},
            {"count": 1, "name": "Shén Gate", "board": "side"},
        ]
    }
    parsed = decklist_parse(text=json.dumps(document), kind="json")
    assert counts(parsed.entries) == {("ash-wall", "main"): 2, ("shen-gate", "side"): 1}


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("{not json", "Not valid JSON"),
        ('{"cards": 3}', '"cards" list'),
        ('{"cards": [{"count": "two", "name": "Ash Wall"}]}', "whole number"),
        ('{"cards": [{"count": 1, "name": "Ash Wall", "board": "top"}]}', "Unknown board"),
        ('{"cards": [{"count": 1}]}', '"name"'),
        ('{"cards": [7]}', "Expected an object"),
    ],
)
def test_malformed_json_is_reported(ember_catalogue, text, fragment):
    parsed = decklist_parse(text=text, kind="json")
    assert fragment in str(parsed.problems[0])
    assert parsed.entries == []


def test_csv_reads_a_header_and_quoted_names(ember_catalogue):
    text = 'count,name,board\n3,Ember Lance,main\n2,"Cinder, the Blade",side\n'
    parsed = decklist_parse(text=text, kind="csv")
    assert counts(parsed.entries) == {("ember-lance", "main"): 3, ("cinder-the-blade", "side"): 2}


def test_csv_problems_carry_their_line(ember_catalogue):
    parsed = decklist_parse(
        text="count,name,board\n3,Ember Lance\nx,Ash Wall\n2,Ash Wall,top\n", kind="csv"
    )
    assert [problem.line for problem in parsed.problems] == [3, 4]


@pytest.mark.parametrize("kind", ["text", "json", "csv", "code"])
def test_oversized_input_is_refused_with_the_limit(ember_catalogue, kind):
    parsed = decklist_parse(text="1 Ash Wall\n" * (MAX_IMPORT_BYTES // 10), kind=kind)
    [problem] = parsed.problems
    assert "the limit is 64 KiB" in problem.message
    assert parsed.entries == []


def test_too_many_lines_are_refused_with_the_limit(ember_catalogue):
    parsed = decklist_parse(text="1 Ash Wall\n" * (MAX_IMPORT_LINES + 1), kind="text")
    assert f"the limit is {MAX_IMPORT_LINES}" in parsed.problems[0].message


def test_exactly_the_line_limit_is_accepted(ember_catalogue):
    text = "1 Ash Wall\n" * 99 + "# a note\n" * (MAX_IMPORT_LINES - 99)
    assert decklist_parse(text=text, kind="text").problems == []


def test_an_unknown_kind_is_refused(ember_catalogue):
    assert "Unknown import kind" in parsed_message(decklist_parse(text="1 Ash Wall", kind="xml"))


def test_empty_input_holds_no_cards(ember_catalogue):
    assert (
        parsed_message(decklist_parse(text="# nothing\n", kind="text"))
        == "The import holds no cards."
    )


def parsed_message(parsed) -> str:
    return parsed.problems[0].message


def test_import_saves_a_deck_when_every_line_is_good(ember_catalogue):
    owner = UserFactory()
    deck = deck_import(
        owner=owner,
        text="3 Ember Lance\n2 Ash Wall",
        kind="text",
        format=FormatFactory(),
        name="Mine",
    )
    assert (deck.owner, deck.name) == (owner, "Mine")
    assert deck.versions.get().note == "Imported (text)"


def test_import_with_a_bad_line_writes_nothing(ember_catalogue):
    with pytest.raises(DeckImportError) as error:
        deck_import(
            owner=UserFactory(),
            text="3 Ember Lance\n2 Asj Wall",
            kind="text",
            format=FormatFactory(),
        )
    assert error.value.problems[0].suggestions == ("Ash Wall",)
    assert not Deck.objects.exists()


def test_import_keeps_the_valid_lines_when_asked(ember_catalogue):
    deck = deck_import(
        owner=UserFactory(),
        text="3 Ember Lance\n2 Asj Wall",
        kind="text",
        format=FormatFactory(),
        keep_valid_lines=True,
    )
    assert [(slot.card.slug, slot.count) for slot in deck.slots.all()] == [("ember-lance", 3)]


def test_keep_valid_lines_still_refuses_oversized_input(ember_catalogue):
    with pytest.raises(DeckImportError, match="limit"):
        deck_import(
            owner=UserFactory(),
            text="x" * (MAX_IMPORT_BYTES + 1),
            kind="text",
            format=FormatFactory(),
            keep_valid_lines=True,
        )


def test_import_needs_a_format_when_the_decklist_names_none(ember_catalogue):
    with pytest.raises(DeckImportError, match="format"):
        deck_import(owner=UserFactory(), text="3 Ember Lance", kind="text")


def test_an_upload_is_read_as_utf8_without_its_byte_order_mark():
    upload = SimpleUploadedFile("deck.txt", "\ufeff3 Shén Gate\n".encode())
    assert upload_read(upload) == "3 Shén Gate\n"


def test_an_oversized_upload_is_refused_with_the_limit():
    upload = SimpleUploadedFile("deck.txt", b"1 Ash Wall\n" * 7000)
    with pytest.raises(DeckImportError, match="The file is 75 KiB; the limit is 64 KiB"):
        upload_read(upload)


def test_an_upload_that_is_not_utf8_is_refused():
    with pytest.raises(DeckImportError, match="not UTF-8 text"):
        upload_read(SimpleUploadedFile("deck.txt", b"3 Sh\xe9n Gate\n"))
