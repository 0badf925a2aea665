"""The import page: the kind read from the pasted text, and every problem in one answer."""

import pytest
from django.urls import reverse

from decks.importing import DeckImportError, deck_import
from decks.io.exporting import deck_export
from decks.models import Deck
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db


def post(client, text, **fields):
    return client.post(reverse("decks:import"), {"text": text, **fields})


def test_the_kind_defaults_to_detect(logged_in):
    html = logged_in.get(reverse("decks:import")).content.decode()
    assert '<option value="auto" selected>Detect from the text</option>' in html


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("3 Ember Lance\n2 Ash Wall", "Imported (text)"),
        ("count,name\n3,Ember Lance\n2,Ash Wall", "Imported (csv)"),
        (
            '{"cards": [{"count": 3, "name": "Ember Lance"}, {"count": 2, "slug": "ash-wall"}]}',
            "Imported (json)",
        ),
    ],
)
def test_a_pasted_decklist_is_read_as_the_kind_it_is(logged_in, owner, ember_catalogue, text, note):
    FormatFactory()
    response = post(logged_in, text, kind="auto", format=FormatFactory().pk)
    assert response.status_code == 302
    deck = Deck.objects.get(owner=owner)
    assert deck.versions.get().note == note
    assert {slot.card.slug: slot.count for slot in deck.slots.all()} == {
        "ember-lance": 3,
        "ash-wall": 2,
    }


def test_a_deck_code_is_detected_and_brings_its_own_format(logged_in, owner, ember_deck):
    code = deck_export(ember_deck, "code")
    assert post(logged_in, code, kind="auto").status_code == 302
    assert Deck.objects.get(owner=owner).format == ember_deck.format


def test_every_problem_comes_in_one_answer_with_its_line(logged_in, owner, ember_catalogue):
    text = "3 Ember Lance\n2 Ash Wal\nthree Ash Wall\n1 Nothing Like It\n0 Shén Gate"
    response = post(logged_in, text, kind="auto")  # and no format chosen
    html = response.content.decode()
    assert response.status_code == 400
    assert "Read as text (detected from the text), the decklist has 5 problems:" in html
    for problem in (
        "Choose the deck&#x27;s format: this decklist does not name one.",
        "Line 2: No card named &#x27;Ash Wal&#x27;. Did you mean Ash Wall?",
        "Line 3: Expected a count and a card name",
        "Line 4: No card named &#x27;Nothing Like It&#x27;.",
        "Line 5: A count must be from 1 to 99; this line has 0.",
    ):
        assert problem in html
    assert not Deck.objects.filter(owner=owner).exists()


def test_the_format_problem_comes_with_the_line_problems(ember_catalogue):
    with pytest.raises(DeckImportError) as refused:
        deck_import(owner=UserFactory(), text="3 Ember Lance\n2 Nope", kind="text")
    assert [problem.line for problem in refused.value.problems] == [None, 2]


def test_a_chosen_kind_is_kept_even_when_the_text_looks_otherwise(logged_in, ember_catalogue):
    response = post(logged_in, "3,Ember Lance", kind="text", format=FormatFactory().pk)
    assert "Read as text, the decklist has 1 problem:" in response.content.decode()


def test_the_help_uses_real_card_names(logged_in):
    html = logged_in.get(reverse("decks:import")).content.decode()
    for name in ("Cinder Hound", "Ember Blade", "Fan the Flames"):
        assert name in html
    assert "Ember Adept" not in html and "Card Name" not in html
