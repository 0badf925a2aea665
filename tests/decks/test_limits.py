"""Deck-size, text and request limits: each way in refuses with a 400 that names the limit."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings

from decks.decklist import MAX_DECK_CARDS, DecklistEntry
from decks.importing import MAX_IMPORT_REQUEST_BYTES
from decks.io.deck_code import deck_code_read
from decks.io.parsing import decklist_parse
from decks.models import MAX_COPIES_PER_SLOT, Board, Deck, DeckSlot
from decks.printing import MAX_PROXY_PAGES, PrintTooLarge, proxy_sheet_pdf
from decks.services import (
    MAX_DESCRIPTION_CHARS,
    DeckChangeError,
    deck_adjust_slot,
    deck_create,
    deck_move_card,
)
from tests.decks.test_hostile_input import deck_code
from tests.factories.cards import CardFactory
from tests.factories.decks import FormatFactory, UserFactory
from tests.refusals import told_to_wait

pytestmark = pytest.mark.django_db


def messages(parsed) -> str:
    return " ".join(problem.message for problem in parsed.problems)


def test_repeated_lines_are_added_up_before_the_copy_limit(ember_catalogue):
    parsed = decklist_parse(text="99 Ash Wall\n" * 2, kind="text")
    assert parsed.entries == []
    assert f"at most {MAX_COPIES_PER_SLOT} copies of Ash Wall" in messages(parsed)


def test_a_decklist_over_the_deck_limit_is_refused_with_the_limit(ember_catalogue):
    text = "".join(f"99 {name}\n" for name in ("Ash Wall", "Ember Lance", "Shén Gate", "Kael"))
    text = text.replace("Kael", "Kael the Ashen")
    assert f"at most {MAX_DECK_CARDS} cards" in messages(decklist_parse(text=text, kind="text"))


def test_a_short_deck_code_cannot_hold_a_huge_deck(ember_catalogue):
    code = deck_code("shen-standard\nember\n" + "99 ash-wall\n" * 5000)
    assert len(code) < 300
    assert f"at most {MAX_COPIES_PER_SLOT}" in messages(decklist_parse(text=code, kind="code"))


@pytest.mark.parametrize("count", ["²", "٣", "9" * 5000, "-1"])
def test_counts_are_ascii_digits_within_the_limit(ember_catalogue, count):
    for kind, text in (("text", f"{count} Ash Wall"), ("csv", f"{count},Ash Wall,main")):
        parsed = decklist_parse(text=text, kind=kind)
        assert parsed.entries == [] and parsed.problems, (kind, count)
    assert deck_code_read(deck_code(f"shen-standard\n\n{count} ash-wall")).problems


@pytest.mark.parametrize(
    ("kind", "text", "fragment"),
    [
        ("json", "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("json", '[{"count": ' + "9" * 5000 + ', "name": "Ash Wall"}]', "Not valid JSON"),
        ("json", '[{"count": 1, "name": "Ash\\u0000Wall"}]', "U+0000"),
        ("text", "1 Ash Wall\n2 Ember\x00Lance", "Line 2 holds the control character U+0000"),
        ("code", deck_code("shen-standard\n\n1 ash\x00wall"), "U+0000"),
    ],
)
def test_hostile_text_is_refused_before_the_database(ember_catalogue, kind, text, fragment):
    assert fragment in messages(decklist_parse(text=text, kind=kind))


def test_the_builder_stops_at_the_deck_limit(ember_catalogue):
    cards = [CardFactory() for _ in range(MAX_DECK_CARDS // MAX_COPIES_PER_SLOT)]
    entries = [DecklistEntry(card, MAX_COPIES_PER_SLOT) for card in cards]
    left = MAX_DECK_CARDS - len(cards) * MAX_COPIES_PER_SLOT
    entries.append(DecklistEntry(ember_catalogue["ash-wall"], left))
    deck = deck_create(owner=UserFactory(), name="Full", format=FormatFactory(), entries=entries)
    with pytest.raises(DeckChangeError, match=f"at most {MAX_DECK_CARDS} cards"):
        deck_adjust_slot(deck=deck, card=ember_catalogue["ember-lance"], delta=1)


def test_moving_copies_cannot_pass_the_copy_limit(ember_catalogue):
    card = ember_catalogue["ash-wall"]
    deck = deck_create(
        owner=UserFactory(),
        name="Split",
        format=FormatFactory(),
        entries=[DecklistEntry(card, 99), DecklistEntry(card, 1, Board.SIDE)],
    )
    with pytest.raises(DeckChangeError, match="at most 99 copies"):
        deck_move_card(deck=deck, card=card, from_board=Board.SIDE, to_board=Board.MAIN)


def test_the_api_refuses_repeated_entries_past_the_limits(api_client, ember_catalogue):
    FormatFactory()
    api_client.force_authenticate(UserFactory())
    body = {
        "name": "Big",
        "format": "shen-standard",
        "entries": [{"card": "ash-wall", "count": 99}],
    }
    for entries in (body["entries"] * 2, body["entries"] * (MAX_DECK_CARDS + 1)):
        response = api_client.post("/api/decks/", {**body, "entries": entries}, format="json")
        assert response.status_code == 400
        assert str(MAX_COPIES_PER_SLOT if len(entries) == 2 else MAX_DECK_CARDS) in str(
            response.json()
        )
    assert not Deck.objects.exists()


def test_descriptions_have_a_limit(api_client, ember_deck):
    api_client.force_authenticate(ember_deck.owner)
    response = api_client.patch(
        f"/api/decks/{ember_deck.pk}/", {"description": "d" * (MAX_DESCRIPTION_CHARS + 1)}
    )
    assert response.status_code == 400
    assert str(MAX_DESCRIPTION_CHARS) in str(response.json())


def test_version_numbers_past_the_column_are_a_400(api_client, ember_deck):
    api_client.force_authenticate(ember_deck.owner)
    response = api_client.get(f"/api/decks/{ember_deck.pk}/diff/?a=1&b=9223372036854775808")
    assert response.status_code == 400
    assert "b" in response.json()


@pytest.mark.parametrize(
    "body", [b"[" * 100_000, b'{"name": "\\u0000"}', b'{"name": "\\ud800"}', b"[1e999999]"]
)
@pytest.mark.parametrize("path", ["/api/decks/", "/api/decks/import/", "/api/cards/"])
def test_every_json_endpoint_refuses_hostile_json_with_a_400(api_client, ember_deck, body, path):
    api_client.force_authenticate(ember_deck.owner)
    response = api_client.post(path, body, content_type="application/json")
    assert response.status_code in {400, 403}
    if path == "/api/decks/import/":
        assert response.json()["problems"][0]["message"].startswith("JSON parse error")


def test_an_import_over_the_request_limit_is_refused_unread(client, api_client, ember_deck):
    big = SimpleUploadedFile("deck.txt", b"1 Ash Wall\n" * (MAX_IMPORT_REQUEST_BYTES // 10))
    client.force_login(ember_deck.owner)
    page = client.post("/decks/import/", {"kind": "text", "upload": big})
    assert page.status_code == 400
    assert "KiB" in page.content.decode()
    api_client.force_authenticate(ember_deck.owner)
    big.seek(0)
    response = api_client.post("/api/decks/import/", {"kind": "text", "file": big})
    assert response.status_code == 400
    assert "KiB" in response.json()["problems"][0]["message"]


def test_import_400s_are_import_problems(api_client, ember_deck):
    api_client.force_authenticate(ember_deck.owner)
    response = api_client.post("/api/decks/import/", {"kind": "xml", "text": "1 Ash Wall"})
    assert response.status_code == 400
    assert set(response.json()) == {"problems"}
    assert response.json()["problems"][0]["message"].startswith("kind:")


def test_a_proxy_face_is_drawn_once_however_many_copies(ember_deck):
    ember_deck.slots.all().delete()
    DeckSlot.objects.create(deck=ember_deck, card=CardFactory(rules_text="Unique words"), count=27)
    pdf = proxy_sheet_pdf(ember_deck)
    assert len(re.findall(rb"/Subtype /Form", pdf)) == 1
    assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 3


def test_a_deck_saved_before_the_limits_prints_no_more_than_the_page_limit(client, ember_deck):
    # Written past the services, as decks were before the limits.
    DeckSlot.objects.bulk_create(
        DeckSlot(deck=ember_deck, card=CardFactory(), count=MAX_COPIES_PER_SLOT) for _ in range(4)
    )
    with pytest.raises(PrintTooLarge, match=f"at most {MAX_PROXY_PAGES} pages"):
        proxy_sheet_pdf(ember_deck)
    client.force_login(ember_deck.owner)
    response = client.get(f"/decks/{ember_deck.pk}/export/pdf/")
    assert response.status_code == 400


EXPENSIVE = {"anon": "10000/minute", "expensive": "2/minute"}


@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": EXPENSIVE})
@pytest.mark.parametrize(
    "path", ["/decks/{pk}/export/pdf/", "/decks/{pk}/export/sheet/", "/decks/{pk}/odds/"]
)
def test_expensive_pages_are_throttled_with_a_message(client, ember_deck, path):
    ember_deck.visibility = "public"
    ember_deck.save()
    url = path.format(pk=ember_deck.pk)
    assert [client.get(url).status_code for _ in range(2)] == [200, 200]
    told_to_wait(client.get(url), "printed sheets or odds tables asked for")
    # Text exports cost little and are not counted.
    assert client.get(f"/decks/{ember_deck.pk}/export/text/").status_code == 200


@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": EXPENSIVE})
def test_the_api_pdf_export_shares_the_throttle(api_client, ember_deck):
    api_client.force_authenticate(ember_deck.owner)
    url = f"/api/decks/{ember_deck.pk}/export/?kind=pdf"
    assert [api_client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    assert "try again in" in api_client.get(url).json()["detail"]


def test_the_json_importer_reads_what_the_writer_wrote(ember_deck):
    from decks.io.exporting import deck_export

    parsed = decklist_parse(text=deck_export(ember_deck, "json"), kind="json")
    assert parsed.problems == [] and json.loads(deck_export(ember_deck, "json"))
