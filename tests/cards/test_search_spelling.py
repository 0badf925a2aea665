"""Mistyped card-name words: the nearest name words, found at a bounded cost."""

import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.search import spelling
from cards.search.spelling import (
    CHOICES,
    MAX_CANDIDATES,
    MAX_TYPOS,
    NameWords,
    allowed_distance,
    corrections,
    edit_distance,
    name_words,
)

NAMES = [
    "Cinder Hound",
    "Cinder Sage",
    "Ember Warden",
    "Forge Warden",
    "Hound of the Kiln",
    "Spirit of the Ember Wind",
    "Élan Vital",
]
WORDS = NameWords.of(name_words(NAMES))


def nowhere(_word: str) -> bool:
    return False


def corrected(text: str, in_rules_text=nowhere) -> list[str]:
    return [c.query for c in corrections(text, WORDS, in_rules_text)]


def brute_force(word: str, entries: list[tuple[str, str, int]]) -> list[tuple[str, int]]:
    """The nearest name words by measuring every one: what the index must agree with."""
    bound = allowed_distance(word)
    near = [(edit_distance(word, w, bound), -count, w, spelt) for w, spelt, count in entries]
    near = sorted(n for n in near if 0 < n[0] <= bound)
    return [(spelt, distance) for distance, _count, _w, spelt in near[:CHOICES]]


# --- Edit distance ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [
        ("hound", "hound", 0),
        ("cindr", "cinder", 1),  # a letter left out
        ("houndd", "hound", 1),  # a letter doubled
        ("hoind", "hound", 1),  # a letter replaced
        ("huond", "hound", 1),  # two neighbours swapped
        ("hnuod", "hound", 2),
        ("", "abc", 3),
    ],
)
def test_edit_distance_counts_inserts_deletes_replacements_and_swaps(a, b, distance):
    assert edit_distance(a, b, bound=5) == distance
    assert edit_distance(b, a, bound=5) == distance


def test_edit_distance_stops_past_its_bound():
    assert edit_distance("abcdefgh", "zyxwvuts", bound=2) == 3
    assert edit_distance("a", "abcdef", bound=2) == 3


@settings(max_examples=200)
@given(st.text("abcd", max_size=7), st.text("abcd", max_size=7), st.integers(0, 3))
def test_edit_distance_within_its_bound_is_the_full_distance(a, b, bound):
    full = edit_distance(a, b, bound=20)
    assert edit_distance(a, b, bound) == min(full, bound + 1)


# --- The nearest name words ----------------------------------------------------------


def test_a_missing_letter_finds_the_name_word():
    assert WORDS.closest("cindr") == (("Cinder", 1),)


def test_a_short_word_may_be_one_edit_away_a_longer_one_two():
    assert WORDS.closest("wrdn") == ()  # two edits from "warden", but four letters
    assert WORDS.closest("wrden") == (("Warden", 1),)
    assert WORDS.closest("wrdenn") == (("Warden", 2),)


def test_the_word_more_names_hold_comes_first_among_equals():
    words = NameWords.of(name_words(["Sago", "Sage", "Sage Hound", "Sago Hound", "Sago Palm"]))
    assert words.closest("sagg") == (("Sago", 1), ("Sage", 1))


@settings(max_examples=150)
@given(
    vocabulary=st.lists(st.text("abcde", min_size=2, max_size=9), max_size=40, unique=True),
    typed=st.text("abcde", min_size=3, max_size=10),
)
def test_the_index_finds_what_measuring_every_word_finds(vocabulary, typed):
    entries = name_words(vocabulary)
    assert list(NameWords.of(entries).closest(typed)) == brute_force(typed, entries)


def test_a_typed_word_measures_at_most_a_bounded_number_of_name_words(monkeypatch):
    # A catalogue of many thousands of cards: ten thousand distinct name words.
    rng = random.Random(7)
    many = ["".join(rng.choices("abcdef", k=rng.randint(3, 8))) for _ in range(10_000)]
    words = NameWords.of(name_words(many))
    measured = []
    real = spelling.edit_distance
    monkeypatch.setattr(
        spelling, "edit_distance", lambda a, b, bound: measured.append(b) or real(a, b, bound)
    )
    for typed in ("abcdef", "aaaaaa", "fedcbafedcba", "abcdefabcdefabcdefabcdefa"):
        measured.clear()
        words.closest(typed)
        assert len(measured) <= MAX_CANDIDATES


# --- Corrected queries -----------------------------------------------------------------


def test_a_mistyped_name_is_corrected_as_its_card_spells_it():
    assert corrected("cindr hound") == ["cinder hound"]
    assert corrected("Cindr Hund") == ["Cinder Hound"]


def test_a_doubled_letter_is_corrected():
    assert corrected("houndd") == ["hound"]


def test_words_in_fields_and_phrases_keep_their_place():
    assert corrected('kind:avatar "cindr hound" cost<=3') == ['kind:avatar "cinder hound" cost<=3']
    assert corrected("name:cindr") == ["name:cinder"]
    assert corrected('n:"embr warden"') == ['n:"ember warden"']


def test_a_word_found_as_typed_is_left_alone():
    assert corrected("cinder hound") == []
    assert corrected("cind") == []  # part of a name: it finds Cinder as it is


def test_a_word_in_some_card_text_is_no_typo():
    # "hund" is one edit from "Hound", but some card's text holds it as typed.
    assert corrected("cinder hund", in_rules_text=lambda word: word == "hund") == []


def test_a_name_field_is_not_read_against_rules_text():
    asked = []
    corrected("name:cindr", in_rules_text=asked.append)
    assert asked == []


def test_negated_words_and_other_fields_are_not_corrected():
    assert corrected("-cindr") == []
    assert corrected("not cindr") == []
    assert corrected("o:cindr") == []


def test_an_unknown_word_near_no_name_offers_nothing():
    assert corrected("cindr xyzzyq") == []


def test_too_many_unknown_words_is_not_a_typo():
    assert corrected("cindr hund wardn sagge") == []
    assert len(corrected("cindr hund wardn")) == 1


def test_a_name_spelt_with_accents_keeps_its_spelling():
    # SQLite folds the case of ASCII letters only: "élan" would not find "Élan".
    assert corrected("elan") == ["Élan"]


def test_several_equally_near_readings_are_offered_nearest_first():
    words = NameWords.of(name_words(["Sage", "Sago", "Hound"]))
    found = corrections("sagg hund", words, nowhere)
    assert [(c.query, c.distance) for c in found] == [("sage hound", 2), ("sago hound", 2)]


def test_an_unreadable_query_offers_nothing():
    assert corrected('"cindr') == []


# --- Hostile input ---------------------------------------------------------------------

hostile_parts = st.one_of(
    st.sampled_from(
        [
            "cindr",
            "houndd",
            "%",
            "_",
            "\\",
            "'; DROP TABLE cards_card; --",
            ".*",
            "(a|b)+$",
            "[^\\w]",
            "ÉLAN",
            "ﬁre",
            "straße",
            "\u0301",
            "名前",
            "a" * 30,
            "-",
            "name:",
            '"',
        ]
    ),
    st.text(max_size=12),
)


@settings(max_examples=300)
@given(st.lists(hostile_parts, max_size=12).map(" ".join))
def test_any_text_is_read_at_a_bounded_cost(text):
    asked = []

    def in_rules_text(word: str) -> bool:
        asked.append(word)
        return False

    found = corrections(text, WORDS, in_rules_text)
    assert len(found) <= CHOICES
    assert len(asked) <= MAX_TYPOS + 1
    for correction in found:
        assert correction.query != text
        assert 0 < correction.distance <= MAX_TYPOS * spelling.MAX_DISTANCE


def test_a_long_run_of_letters_is_no_word_to_correct():
    assert WORDS.closest("a" * 400) == ()
    assert corrected(("cindr" + string.ascii_lowercase) * 10) == []
