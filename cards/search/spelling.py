"""Card names spelt nearly right: "cindr hound" offers Cinder Hound, as Scryfall does.

The distinct words of the catalogue's card names are indexed once per catalogue
revision by their deletions (the symmetric-delete method of SymSpell): two words
within edit distance d both reach one string by at most d deletions each. So a typed
word costs its own deletions (at most 1 + n + n(n-1)/2 dictionary look-ups, 301 for
the longest word corrected, MAX_WORD letters) and at most MAX_CANDIDATES edit
distances of at most (MAX_WORD + MAX_DISTANCE)² steps each; never one comparison per
card, however large the catalogue. At most MAX_TYPOS words are corrected in one query.

Nothing here reads the database: ``corrections`` takes the index and a callable that
says whether a word is in some card's rules text (so it is no typo).
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from cards.search.errors import SearchSyntaxError
from cards.search.fields import FIELDS_BY_SPELLING
from cards.search.tokens import Token, TokenKind, tokenize

MIN_WORD = 3  # shorter words are too ambiguous to correct
MAX_WORD = 24  # longer ones are no card's word, mistyped or not
MAX_DISTANCE = 2
MAX_TYPOS = 3  # more unknown words than this, and the query is not a typo
MAX_CANDIDATES = 64  # edit distances computed for one typed word
CHOICES = 3  # corrections kept per word, and corrected queries offered
# A word: letters and digits (any script); apostrophes and hyphens split words.
_WORD = re.compile(r"[^\W_]+")
_NAME = FIELDS_BY_SPELLING["name"]


def allowed_distance(word: str) -> int:
    """How many edits a typed word may be away from a name's word: 1 up to 5 letters, else 2."""
    return 1 if len(word) <= 5 else MAX_DISTANCE


def edit_distance(a: str, b: str, bound: int) -> int:
    """The optimal-string-alignment distance of ``a`` and ``b`` (insert, delete, replace,
    swap two neighbours), or ``bound + 1`` as soon as it must exceed ``bound``."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i] * (len(b) + 1)
        for j, other in enumerate(b, 1):
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == other:
                value = min(value, before[j - 2] + 1)
            current[j] = value
        if min(current) > bound:
            return bound + 1
        before, previous = previous, current
    return min(previous[-1], bound + 1)


def deletions(word: str, depth: int) -> set[str]:
    """Every string ``word`` becomes by deleting at most ``depth`` of its letters."""
    found = {word}
    edge = {word}
    for _ in range(depth):
        edge = {w[:i] + w[i + 1 :] for w in edge for i in range(len(w))} - found
        found |= edge
    return found


def name_words(names: Iterable[str]) -> list[tuple[str, str, int]]:
    """(word, spelling, names holding it) for each distinct word of ``names``: the word
    folded to lower case, its spelling as the first name (in order) writes it."""
    spellings: dict[str, str] = {}
    holding: Counter[str] = Counter()
    for name in names:
        seen = set()
        for match in _WORD.finditer(name):
            word = match.group().casefold()
            spellings.setdefault(word, match.group())
            seen.add(word)
        holding.update(seen)
    return [(word, spellings[word], holding[word]) for word in sorted(spellings)]


@dataclass(frozen=True)
class NameWords:
    """The distinct words of the card names, indexed by their deletions."""

    words: tuple[str, ...]
    spellings: tuple[str, ...]
    holding: tuple[int, ...]  # how many names hold each word: the commoner wins a tie
    # A deletion's hash to the words reaching it. Hashes, not the strings, keep the index
    # small (about 2 KB a word); two strings of one hash only add a word to measure.
    index: Mapping[int, int | tuple[int, ...]] = field(repr=False)
    # Every word on its own line: "is it part of some name's word" is one substring search.
    joined: str = field(repr=False)

    @classmethod
    def of(cls, entries: Iterable[tuple[str, str, int]]) -> NameWords:
        """The index of ``name_words(...)`` entries (kept to words that may be corrected to)."""
        # Only words a typed word may be corrected to: within reach of MIN_WORD to MAX_WORD.
        entries = list(entries)
        kept = [e for e in entries if MIN_WORD - 1 <= len(e[0]) <= MAX_WORD + MAX_DISTANCE]
        reaching: dict[int, list[int]] = {}
        for number, (word, _spelling, _count) in enumerate(kept):
            for key in {hash(deleted) for deleted in deletions(word, MAX_DISTANCE)}:
                reaching.setdefault(key, []).append(number)
        # Most deletions belong to one word: a bare number, not a tuple of one.
        index = {
            key: found[0] if len(found) == 1 else tuple(found) for key, found in reaching.items()
        }
        return cls(
            words=tuple(e[0] for e in kept),
            spellings=tuple(e[1] for e in kept),
            holding=tuple(e[2] for e in kept),
            index=MappingProxyType(index),
            joined="\n" + "\n".join(e[0] for e in entries) + "\n",
        )

    def holds(self, piece: str) -> bool:
        """Whether ``piece`` is part of some name's word (so it finds a name as typed)."""
        return piece.casefold() in self.joined

    def closest(self, piece: str) -> tuple[tuple[str, int], ...]:
        """Up to CHOICES (spelling, distance) of the name words nearest ``piece``, within
        its allowed distance: nearest first, then the words more names hold."""
        word = piece.casefold()
        bound = allowed_distance(word)
        if not MIN_WORD <= len(word) <= MAX_WORD:
            return ()
        # Fewest deletions first, so the closest words are among those measured; in order
        # found (a dict keeps it), so the cut keeps the nearest.
        candidates: dict[int, None] = {}
        for deleted in sorted(deletions(word, bound), key=lambda d: (-len(d), d)):
            found = self.index.get(hash(deleted), ())
            candidates.update(dict.fromkeys((found,) if isinstance(found, int) else found))
            if len(candidates) >= MAX_CANDIDATES:
                break
        measured = list(candidates)[:MAX_CANDIDATES]
        near = [(edit_distance(word, self.words[n], bound), n) for n in measured]
        near = [(d, n) for d, n in near if 0 < d <= bound]
        near.sort(key=lambda pair: (pair[0], -self.holding[pair[1]], self.words[pair[1]]))
        return tuple((self.spellings[n], d) for d, n in near[:CHOICES])


@dataclass(frozen=True)
class Correction:
    """A query with its mistyped name words replaced, and how many edits that took."""

    query: str
    distance: int


@dataclass(frozen=True)
class _Typo:
    start: int
    piece: str
    choices: tuple[tuple[str, int], ...]


def corrections(
    text: str, words: NameWords, in_rules_text: Callable[[str], bool]
) -> tuple[Correction, ...]:
    """Up to CHOICES readings of ``text`` with its mistyped name words corrected, nearest
    first; none when every word is found somewhere or some unknown word is near no name.

    A word counts as mistyped when it is part of no name's word and (for a bare word,
    which also searches the rules text) ``in_rules_text`` says no card's text holds it;
    that is asked for at most MAX_TYPOS + 1 words.
    """
    try:
        tokens = tokenize(text)
    except SearchSyntaxError:
        return ()
    typos: list[_Typo] = []
    for start, piece, names_only in _name_pieces(tokens):
        if not MIN_WORD <= len(piece) <= MAX_WORD or words.holds(piece):
            continue
        if not names_only and in_rules_text(piece):
            continue
        choices = words.closest(piece)
        if not choices or len(typos) == MAX_TYPOS:
            return ()
        typos.append(_Typo(start, piece, choices))
    if not typos:
        return ()
    readings = [
        (sum(distance for _, distance in picked), _replaced(text, typos, picked))
        for picked in itertools.product(*(typo.choices for typo in typos))
    ]
    # Stable: among equally near readings, the order of each word's choices stands.
    readings.sort(key=lambda reading: reading[0])
    return tuple(Correction(query, distance) for distance, query in readings[:CHOICES])


def _name_pieces(tokens: list[Token]) -> Iterator[tuple[int, str, bool]]:
    """(offset, word, names only?) for each word searched in card names: bare words and
    phrases, and ``name:`` values; not those negated, which no typo makes find nothing."""
    for previous, token in zip([None, *tokens], tokens, strict=False):
        if previous is not None and previous.kind is TokenKind.NOT:
            continue
        if token.kind is TokenKind.WORD:
            offset, value, names_only = token.position + token.quoted, token.value, False
        elif token.kind is TokenKind.TERM and FIELDS_BY_SPELLING.get(token.field.lower()) is _NAME:
            offset, value, names_only = token.value_position + token.quoted, token.value, True
        else:
            continue
        for match in _WORD.finditer(value):
            yield offset + match.start(), match.group(), names_only


def _replaced(text: str, typos: list[_Typo], picked: tuple[tuple[str, int], ...]) -> str:
    parts, end = [], 0
    for typo, (spelling, _distance) in zip(typos, picked, strict=True):
        parts += [text[end : typo.start], _in_case_of(typo.piece, spelling)]
        end = typo.start + len(typo.piece)
    return "".join([*parts, text[end:]])


def _in_case_of(typed: str, spelling: str) -> str:
    """The name's spelling, in lower case where the player typed lower case. Only for
    ASCII: SQLite's LIKE folds case for ASCII letters alone, so "élan" would not find
    "Élan" there."""
    return spelling.lower() if typed.islower() and spelling.isascii() else spelling
