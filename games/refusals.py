"""Refusals that name the fields at fault in their reader's words.

The same check answers an API client and a person at a form: the client knows a field
by its key (``ruleset_b``), the person by the label the form gives it ("Arm B's
ruleset"). A :class:`Refusal`'s sentence is written once, as a function of how a field
is named; ``str()`` names fields by their keys, :meth:`Refusal.said_with` by the names
a page gives them. Plain Python, for checks that know nothing of Django.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Self

# How a sentence names a field, given its key.
Naming = Callable[[str], str]
Sentence = Callable[[Naming], str]


def _by_key(key: str) -> str:
    return key


class Refusal(ValueError):
    """Bad input, refused with a sentence saying why; ``sentence`` is plain text, or a
    function of a :data:`Naming` for a sentence that names fields:
    ``Refusal(lambda name: f"Choose the second ruleset ({name('ruleset_b')}).")``."""

    def __init__(self, sentence: str | Sentence) -> None:
        self.sentence: Sentence = sentence if callable(sentence) else (lambda name: sentence)
        super().__init__(self.sentence(_by_key))

    def said_with(self, names: Mapping[str, str]) -> str:
        """The sentence naming each field by ``names`` (key to words; a field not in it
        keeps its key)."""
        return self.sentence(lambda key: names.get(key, key))

    def __reduce__(self):
        # Pickled (a task's failure stored by Celery) as its sentence with keys: a
        # sentence function may be a lambda, which pickle refuses.
        return type(self), (str(self),)

    @classmethod
    def of(cls, error: ValueError) -> Self:
        """``error`` as a refusal of this class, its fields still named by the reader's
        words (a plain ValueError's message names none)."""
        return cls(error.sentence if isinstance(error, Refusal) else str(error))
