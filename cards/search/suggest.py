"""Completions for the last word of a query being typed: field names, field values, card names.

``suggestions(text, vocabulary, card_names)`` looks only at the last token: after
``kind:`` it offers kinds, after ``realm:`` the realms, after ``kw:`` the keywords;
a bare word is completed to field names and to the names of cards. Each
suggestion carries the whole query with that token completed, so a page only has
to put it in the box.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cards.search.fields import (
    FIELDS,
    FIELDS_BY_SPELLING,
    KIND_SPELLINGS,
    SPIRIT,
    Field,
    ValueKind,
)
from cards.search.tokens import MAX_QUERY_LENGTH
from cards.search.vocabulary import Vocabulary

LIMIT = 8
# The last token: an optional "-", then a field and operator, or a bare word.
_LAST = re.compile(r"(-?)(?:([A-Za-z_]+)(<=|>=|!=|:|=|<|>))?([^\s()\"]*)$")


@dataclass(frozen=True)
class Suggestion:
    """One completion: what it is, how it reads in the list, and the query it makes."""

    kind: str  # "field", "value" or "card"
    label: str
    query: str

    def as_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "label": self.label, "query": self.query}


def suggestions(
    text: str, vocabulary: Callable[[], Vocabulary], card_names: Callable[[str, int], list[str]]
) -> list[Suggestion]:
    """At most LIMIT completions of the last token of ``text``; none for a finished word."""
    if len(text) > MAX_QUERY_LENGTH or text.count('"') % 2:
        return []  # too long, or inside a quoted phrase: nothing sensible to offer
    last = _LAST.search(text)
    if last is None or (not last.group(4) and not last.group(2)):
        return []
    negation, field_name, operator, partial = last.groups()
    head = text[: last.start()] + negation
    if field_name:
        spec = FIELDS_BY_SPELLING.get(field_name.lower())
        if spec is None:
            return []
        values = _values(spec, vocabulary, card_names, partial)
        prefix = head + field_name + operator
        return [Suggestion("value", f"{field_name}{operator}{v}", prefix + v + " ") for v in values]
    lowered = partial.lower()
    found = [
        Suggestion("field", f"{spelling}:", f"{head}{spelling}:")
        for field in FIELDS
        for spelling in (field.name, *field.aliases)
        if spelling.startswith(lowered) and spelling != lowered
    ][:LIMIT]
    if len(lowered) >= 2:
        names = card_names(partial, LIMIT - len(found))
        found += [Suggestion("card", name, f'{head}"{name}" ') for name in names]
    return found[:LIMIT]


def _values(
    spec: Field,
    vocabulary: Callable[[], Vocabulary],
    card_names: Callable[[str, int], list[str]],
    partial: str,
) -> list[str]:
    lowered, kind = partial.lower(), spec.kind
    if kind is ValueKind.CHOICE:
        return _starting(dict.fromkeys(spec.choices.values()), lowered)
    if kind is ValueKind.FLAG:
        return _starting((SPIRIT.name, *dict.fromkeys(KIND_SPELLINGS.values())), lowered)
    if kind is ValueKind.REALM:
        return _starting(vocabulary().realm_slugs, lowered)
    if kind is ValueKind.KEYWORD:
        return _starting(vocabulary().keywords, lowered)
    if spec.column == "name" and len(lowered) >= 2:
        return [f'"{name}"' for name in card_names(partial, LIMIT)]
    return []


def _starting(values: Iterable[str], lowered: str) -> list[str]:
    return [value for value in values if value.startswith(lowered) and value != lowered][:LIMIT]
