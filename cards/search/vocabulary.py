"""The values a catalogue knows for its open-ended fields, and warnings for values it does not.

Kinds and rarities are fixed, so an unknown one is a syntax error. Realms and
keywords come from the catalogue itself: ``realm:ember`` is well formed but finds
nothing when no realm is called that, so the query runs and a warning lists the
values that would have matched something.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from django.core.cache import cache

from cards.catalogue_version import catalogue_version
from cards.models import Card, Realm
from cards.search.fields import Condition, ValueKind
from cards.search.parser import And, Node, Not, Or

# Bounds what one warning carries, however large a catalogue's keyword list grows.
KNOWN_LISTED = 60
CLOSE_MATCHES = 3
VOCABULARY_SECONDS = 10 * 60


@dataclass(frozen=True)
class Vocabulary:
    """A catalogue's realms as (slug, name) pairs and its keywords, each sorted."""

    realms: tuple[tuple[str, str], ...]
    keywords: tuple[str, ...]

    def has_realm(self, value: str) -> bool:
        """Whether ``realm:value`` finds a realm: its slug exactly, or part of its name."""
        wanted = value.lower()
        return any(slug.lower() == wanted or wanted in name.lower() for slug, name in self.realms)

    def has_keyword(self, value: str) -> bool:
        return value.lower() in self.keywords

    @property
    def realm_slugs(self) -> tuple[str, ...]:
        return tuple(slug for slug, _name in self.realms)


def catalogue_vocabulary() -> Vocabulary:
    """The current catalogue's realms and keywords, kept in the cache for its version."""
    key = catalogue_version().cache_key("vocabulary-1")
    stored = cache.get(key)
    if stored is None:
        realms = tuple(Realm.objects.order_by("slug").values_list("slug", "name"))
        # Distinct keyword strings, not cards: a few hundred rows however many cards.
        padded = Card.objects.order_by().values_list("keywords", flat=True).distinct()
        keywords = tuple(sorted({word for words in padded for word in words.split()}))
        stored = (realms, keywords)
        cache.set(key, stored, VOCABULARY_SECONDS)
    realms, keywords = stored
    return Vocabulary(tuple(map(tuple, realms)), tuple(keywords))


@dataclass(frozen=True)
class SearchWarning:
    """A value no card can have: the query runs, but this term matches nothing."""

    field: str
    value: str
    message: str
    known: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        """The warning as JSON-ready data for the API."""
        return {
            "field": self.field,
            "value": self.value,
            "message": self.message,
            "known": list(self.known),
        }


def unknown_values(
    tree: Node | None, keyword: str | None, vocabulary: Callable[[], Vocabulary]
) -> list[SearchWarning]:
    """Warnings for realms and keywords in ``tree`` (and the ``keyword`` filter) that no card has.

    ``vocabulary`` is called only when there is a realm or keyword to check.
    """
    checks = [(c.field.kind, str(c.value)) for c in _conditions(tree)]
    checks = [(kind, value) for kind, value in checks if kind in _CHECKED]
    if keyword:
        checks.append((ValueKind.KEYWORD, keyword))
    if not checks:
        return []
    known = vocabulary()
    warnings: list[SearchWarning] = []
    for kind, value in dict.fromkeys(checks):
        warning = _CHECKED[kind](known, value)
        if warning is not None:
            warnings.append(warning)
    return warnings


def _conditions(node: Node | None) -> Iterator[Condition]:
    match node:
        case And(children) | Or(children):
            for child in children:
                yield from _conditions(child)
        case Not(child):
            yield from _conditions(child)
        case Condition():
            yield node


def _realm_warning(known: Vocabulary, value: str) -> SearchWarning | None:
    if known.has_realm(value):
        return None
    slugs = known.realm_slugs
    listed = ", ".join(slugs[:KNOWN_LISTED]) or "none yet"
    message = f'No realm is called "{value}". The realms are: {listed}.'
    return SearchWarning("realm", value, message, slugs[:KNOWN_LISTED])


def _keyword_warning(known: Vocabulary, value: str) -> SearchWarning | None:
    if known.has_keyword(value):
        return None
    close = difflib.get_close_matches(value.lower(), known.keywords, n=CLOSE_MATCHES)
    hint = f" Did you mean {' or '.join(close)}?" if close else ""
    listed = ", ".join(known.keywords[:KNOWN_LISTED]) or "none yet"
    more = len(known.keywords) - KNOWN_LISTED
    if more > 0:
        listed += f" and {more} more"
    message = f'No card has the keyword "{value}".{hint} The keywords are: {listed}.'
    return SearchWarning("keyword", value, message, known.keywords[:KNOWN_LISTED])


_CHECKED = {ValueKind.REALM: _realm_warning, ValueKind.KEYWORD: _keyword_warning}
