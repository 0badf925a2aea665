""" "Did you mean Cinder Hound?": a search whose card-name words find nothing offers the
searches with those words spelt as the catalogue's names spell them.

Only a search that found no card is looked at. Its cost is bounded whatever the
catalogue holds (see ``cards.search.spelling``): the index of name words is built once a
catalogue version in each process; then at most MAX_TYPOS + 1 one-row queries ask whether
an unknown word is in some card's rules text, and each of at most CHOICES corrected
searches is read once (its first CLOSE_MATCHES cards) and counted only when it has that
many. Each correction is run with the search's other filters, so one that finds nothing
either is never offered.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from django.db.models import QuerySet

from cards.catalogue_version import catalogue_version
from cards.models import Card
from cards.search.spelling import NameWords, corrections, name_words
from shen_site.json_input import unwanted_character

CLOSE_MATCHES = 6  # the cards shown (and named in the API) for one suggestion


@dataclass(frozen=True)
class NameSuggestion:
    """A corrected search that finds cards: the query, how it reads, what it finds."""

    query: str
    distance: int  # edits made to the player's words
    count: int
    cards: tuple[Card, ...]  # its first CLOSE_MATCHES cards

    @property
    def label(self) -> str:
        """The card's name when the correction finds one card ("Cinder Hound"), else the query."""
        return self.cards[0].name if self.count == 1 else self.query

    def as_dict(self) -> dict[str, object]:
        """The suggestion as JSON-ready data for the API."""
        return {
            "query": self.query,
            "label": self.label,
            "count": self.count,
            "cards": [{"name": card.name, "slug": card.slug} for card in self.cards],
        }


@dataclass(frozen=True)
class DidYouMean:
    """The corrected searches offered for a search that found nothing, nearest first."""

    suggestions: tuple[NameSuggestion, ...] = ()

    @property
    def unambiguous(self) -> bool:
        """One correction is nearer than any other, so its cards may be shown outright."""
        found = self.suggestions
        return len(found) == 1 or (len(found) > 1 and found[0].distance < found[1].distance)

    @property
    def close_matches(self) -> tuple[Card, ...]:
        """The cards of the nearest correction when it is unambiguous; else none."""
        return self.suggestions[0].cards if self.unambiguous else ()


def did_you_mean(text: str, search: Callable[[str], QuerySet]) -> DidYouMean:
    """The corrections of ``text``'s mistyped card-name words that find cards, as
    ``search(corrected_text)`` (the same filters with the corrected query) finds them."""
    if unwanted_character(text):
        return DidYouMean()
    found = []
    for correction in corrections(text, catalogue_name_words(), _in_rules_text):
        cards = tuple(search(correction.query)[:CLOSE_MATCHES])
        if not cards:
            continue
        count = len(cards) if len(cards) < CLOSE_MATCHES else search(correction.query).count()
        found.append(NameSuggestion(correction.query, correction.distance, count, cards))
    return DidYouMean(tuple(found))


def catalogue_name_words() -> NameWords:
    """The words of the current catalogue's card names, indexed for near spellings."""
    return _name_words_of(catalogue_version().cache_key("name-words-1"))


@lru_cache(maxsize=2)
def _name_words_of(version_key: str) -> NameWords:
    # Once a catalogue version in each process: the key changes with every card written.
    names = Card.objects.order_by("name").values_list("name", flat=True)
    return NameWords.of(name_words(names.iterator()))


def _in_rules_text(word: str) -> bool:
    return Card.objects.filter(rules_text__icontains=word).exists()
