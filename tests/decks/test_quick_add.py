"""Quick-add: one typed line ("3 cinder hound") adds its copies, read as the import reads it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.decklist import deck_entries
from decks.io.parsing import MAX_TYPED_LINE_CHARS
from decks.services import DeckChangeError, deck_create, deck_quick_add, deck_set_slot
from tests.factories.cards import CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    names = ["Cinder Hound", "Ember Blade", "Ember Lance", "Embersworn Guard", "Shén Gate"]
    return {name: CardFactory(name=name, realm=realm) for name in names}


@pytest.fixture
def deck(catalogue):
    return deck_create(owner=UserFactory(), name="Quick", format=FormatFactory())


def counts(deck) -> dict[str, int]:
    return {entry.card.name: entry.count for entry in deck_entries(deck)}


@pytest.mark.parametrize(
    "line", ["3 cinder hound", "3x Cinder Hound", "cinder hound x3", "  3 CINDER HOUND  "]
)
def test_a_count_and_a_name_in_any_case_add_that_many(deck, line):
    added = deck_quick_add(deck=deck, line=line)
    assert added.summary == "Added 3 Cinder Hound."
    assert counts(deck) == {"Cinder Hound": 3}


def test_a_bare_name_adds_one_copy(deck):
    deck_quick_add(deck=deck, line="Cinder Hound")
    assert counts(deck) == {"Cinder Hound": 1}


def test_accents_may_be_left_out(deck):
    deck_quick_add(deck=deck, line="2 shen gate")
    assert counts(deck) == {"Shén Gate": 2}


def test_more_than_the_copy_limit_adds_up_to_it_and_says_so(deck, catalogue):
    deck_set_slot(deck=deck, card=catalogue["Cinder Hound"], count=1)
    added = deck_quick_add(deck=deck, line="5 cinder hound")
    assert added.summary == (
        "Added 2 Cinder Hound, not 5: Shén Standard allows 3 copies of a card by name, "
        "main deck and sideboard together."
    )
    assert counts(deck) == {"Cinder Hound": 3}


def test_the_start_of_one_cards_name_is_that_card(deck):
    deck_quick_add(deck=deck, line="2 cinder h")
    assert counts(deck) == {"Cinder Hound": 2}


def test_the_start_of_several_names_is_refused_with_them(deck):
    with pytest.raises(DeckChangeError) as refused:
        deck_quick_add(deck=deck, line="2 ember")
    assert str(refused.value) == (
        "'ember' starts Ember Blade, Ember Lance or Embersworn Guard: type more of the name."
    )
    assert counts(deck) == {}


def test_a_misspelt_name_is_refused_with_did_you_mean(deck):
    with pytest.raises(DeckChangeError) as refused:
        deck_quick_add(deck=deck, line="3 cindr hond")
    assert str(refused.value) == "No card named 'cindr hond'. Did you mean Cinder Hound?"


def test_an_unknown_name_is_refused_plainly(deck):
    with pytest.raises(DeckChangeError, match=r"^No card named 'Zzyzx Qwerty'\.$"):
        deck_quick_add(deck=deck, line="1 Zzyzx Qwerty")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "Type a count and a card name, like '3 Cinder Hound'."),
        ("   ", "Type a count and a card name, like '3 Cinder Hound'."),
        ("0 cinder hound", "A count must be from 1 to 99; this line has 0."),
        ("100 cinder hound", "A count must be from 1 to 99; this line has 100."),
        ("1 cinder\x00hound", "The line holds the control character U+0000."),
        ("1 cinder hound\n2 ember lance", "Type one card a line; to add a whole list, import it."),
        ("x" * (MAX_TYPED_LINE_CHARS + 1), "A line has at most 200 characters; this one has 201."),
    ],
)
def test_a_line_that_cannot_be_read_is_refused_with_why(deck, line, message):
    with pytest.raises(DeckChangeError) as refused:
        deck_quick_add(deck=deck, line=line)
    assert str(refused.value) == message
    assert counts(deck) == {}


def test_at_the_copy_limit_it_is_refused_with_validations_words(deck, catalogue):
    deck_set_slot(deck=deck, card=catalogue["Cinder Hound"], count=3)
    with pytest.raises(DeckChangeError, match=r"^No more Cinder Hound: Shén Standard allows 3"):
        deck_quick_add(deck=deck, line="cinder hound")


def test_the_first_line_declares_the_home_realm(deck):
    deck_quick_add(deck=deck, line="3 cinder hound")
    assert deck.home_realm.slug == "cinderfall"


# Any line, hostile or not: added, or refused with a sentence, in a bounded number of queries.
HOSTILE = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
words = st.sampled_from(["cinder", "hound", "Ember", "ember l", "SHÉN", "x3", "3x", "×", "#", ","])
typed_lines = st.one_of(
    st.text(max_size=300),
    st.lists(st.one_of(words, st.text(max_size=4), st.integers(-5, 120).map(str)), max_size=8).map(
        " ".join
    ),
    st.sampled_from(["9" * 5000 + " cinder hound", "cinder hound x" + "9" * 190, " " * 250]),
)
# Read the deck, look the card up (name, "did you mean", start of a name), lock, read the
# slots and totals, write the slot and the version; the first card also declares the realm.
MOST_QUERIES = 20


@HOSTILE
@given(line=typed_lines)
def test_any_line_is_added_or_refused_in_bounded_queries(deck, line):
    with CaptureQueriesContext(connection) as queries:
        try:
            added = deck_quick_add(deck=deck, line=line)
        except DeckChangeError as refused:
            assert str(refused)
        else:
            assert 1 <= added.added <= 3
    assert len(queries) <= MOST_QUERIES, [query["sql"] for query in queries]
    assert all(count <= 3 for count in counts(deck).values())
