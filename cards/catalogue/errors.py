"""What goes wrong in a catalogue file: each fault names its card and field."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CatalogueError:
    """One fault in a catalogue: the card (or realm) it is on, the field and why."""

    card: str
    field: str
    message: str

    def __str__(self) -> str:
        where = f"field '{self.field}': " if self.field else ""
        return f"card '{self.card}', {where}{self.message}" if self.card else where + self.message


class CatalogueInvalid(Exception):
    """A catalogue that cannot be loaded; ``errors`` lists every fault found."""

    def __init__(self, errors: list[CatalogueError]) -> None:
        super().__init__("\n".join(str(error) for error in errors))
        self.errors = errors
