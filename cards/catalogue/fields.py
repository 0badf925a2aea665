"""Typed readers for the fields of one catalogue entry, each fault noted against its card."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cards.catalogue.errors import CatalogueError

Check = Callable[[Any], str | None]
SLUG = re.compile(r"^[-a-z0-9_]+$")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
KEYWORD = re.compile(r"^[a-z0-9][-a-z0-9]*$")
REQUIRED = object()


@dataclass
class EntryReader:
    """Reads typed fields of one entry, noting each fault against the entry's card."""

    raw: Mapping[str, Any]
    card: str
    prefix: str
    errors: list[CatalogueError]
    faulted: set[str] = field(default_factory=set)

    @property
    def faulty(self) -> bool:
        return bool(self.faulted)

    def fault(self, key: str, message: str) -> None:
        """Note a fault; ``key`` may be a path (``abilities[0].effect``)."""
        self.faulted.add(re.split(r"[.\[]", key, maxsplit=1)[0])
        self.errors.append(CatalogueError(self.card, f"{self.prefix}{key}", message))

    def unknown_keys(self, allowed: tuple[str, ...]) -> None:
        for key in sorted(set(self.raw) - set(allowed)):
            self.fault(key, f"unknown field; known fields: {', '.join(allowed)}")

    def get(self, key: str, check: Check, default: Any = REQUIRED) -> Any:
        """The value of ``key`` when it passes ``check``, else None (fault noted)."""
        if key not in self.raw:
            if default is REQUIRED:
                self.fault(key, "is required")
                return None
            return default
        value = self.raw[key]
        problem = check(value)
        if problem:
            self.fault(key, problem)
            return None
        return value


def text_check(limit: int | None = None, *, required: bool = False) -> Check:
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return f"must be text, not {value!r}"
        if required and not value.strip():
            return "must not be empty"
        if limit and len(value) > limit:
            return f"must be at most {limit} characters"
        return None

    return check


def whole_check(low: int, high: int, *, nullable: bool = False) -> Check:
    def check(value: Any) -> str | None:
        if value is None and nullable:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            return f"must be a whole number, not {value!r}"
        if not low <= value <= high:
            return f"must be {low}–{high}, not {value}"
        return None

    return check


def pattern_check(regex: re.Pattern, what: str) -> Check:
    return lambda value: (
        None if isinstance(value, str) and regex.match(value) else f"must be {what}"
    )


def choice_check(choices: list[str]) -> Check:
    return lambda value: None if value in choices else f"must be one of {', '.join(choices)}"


def boolean_check(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {value!r}"


def keywords_check(value: Any) -> str | None:
    if not isinstance(value, list) or not all(
        isinstance(w, str) and KEYWORD.match(w) for w in value
    ):
        return "must be a list of lower-case words (letters, digits, hyphens)"
    return None
