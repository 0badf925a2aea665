"""Two rulebooks rule by rule: which rules the rulesets share word for word, which differ,
and which only one of them has.

Sections pair by anchor, so rules pair by number (``r13`` with ``r13``): the
rulebooks keep one numbering (docs/rules.md, "How to read and cite this
document"), and a rule only an earlier ruleset has takes a number after the
newest rulebook's last. The other sections (the parts, the introduction) pair by
their heading's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.utils.safestring import SafeString, mark_safe

from games.rules.rulebooks import Rulebook, Section, one_spaced


class Likeness(StrEnum):
    """How a section of one rulebook stands to the same section of the other."""

    SAME = "same"
    DIFFERS = "differs"
    ONLY_A = "only-a"
    ONLY_B = "only-b"


@dataclass(frozen=True, slots=True)
class MarkedBlock:
    """A paragraph (list, table …) of one side, ``changed`` when the other side has no
    block worded the same."""

    html: str
    changed: bool

    @property
    def body(self) -> SafeString:
        """The block's HTML for a template: the renderer's own markup, raw HTML being off."""
        return mark_safe(self.html)


def _marked(side: Section | None, other: Section | None) -> tuple[MarkedBlock, ...]:
    if side is None:
        return ()
    theirs = {one_spaced(block) for block in other.blocks} if other else None
    return tuple(
        MarkedBlock(block, theirs is not None and one_spaced(block) not in theirs)
        for block in side.blocks
    )


@dataclass(frozen=True, slots=True)
class PairedSection:
    """One section in both rulebooks: ``a`` or ``b`` is None where that rulebook lacks it."""

    anchor: str
    a: Section | None
    b: Section | None

    @property
    def likeness(self) -> Likeness:
        if self.a is None:
            return Likeness.ONLY_B
        if self.b is None:
            return Likeness.ONLY_A
        return Likeness.SAME if self.a.words == self.b.words else Likeness.DIFFERS

    @property
    def level(self) -> int:
        return (self.a or self.b).level  # type: ignore[union-attr]  # one of them is set

    @property
    def title(self) -> str:
        """The heading's words in the first rulebook that has the section."""
        heading = (self.a or self.b).heading  # type: ignore[union-attr]
        return heading.text if heading else "Introduction"

    @property
    def a_blocks(self) -> tuple[MarkedBlock, ...]:
        """``a``'s blocks, each marked when ``b`` words it otherwise or lacks it."""
        return _marked(self.a, self.b)

    @property
    def b_blocks(self) -> tuple[MarkedBlock, ...]:
        """``b``'s blocks, each marked when ``a`` words it otherwise or lacks it."""
        return _marked(self.b, self.a)

    @property
    def number(self) -> str:
        """The rule's number ("R13"), or "" for a section that is not a rule."""
        heading = (self.a or self.b).heading  # type: ignore[union-attr]
        return heading.number if heading else ""

    @property
    def renamed(self) -> bool:
        """Whether both have the section under different headings ("R13 One action")."""
        if self.a is None or self.b is None or self.a.heading is None or self.b.heading is None:
            return False
        return self.a.heading.text != self.b.heading.text


@dataclass(frozen=True, slots=True)
class Part:
    """A level-2 section with the rules under it; ``same`` when all of it reads alike."""

    section: PairedSection
    rules: tuple[PairedSection, ...]

    @property
    def same(self) -> bool:
        return all(paired.likeness is Likeness.SAME for paired in (self.section, *self.rules))


@dataclass(frozen=True, slots=True)
class Comparison:
    """Rulebooks ``a`` and ``b`` section by section, in reading order."""

    a: Rulebook
    b: Rulebook
    sections: tuple[PairedSection, ...]

    def count(self, likeness: Likeness) -> int:
        """How many rules (level-3 sections) are ``likeness``."""
        return sum(
            1 for paired in self.sections if paired.level == 3 and paired.likeness is likeness
        )

    @property
    def parts(self) -> tuple[Part, ...]:
        """The sections grouped under their level-2 headings (the introduction is a part)."""
        parts: list[tuple[PairedSection, list[PairedSection]]] = []
        for paired in self.sections:
            if paired.level < 3 or not parts:
                parts.append((paired, []))
            else:
                parts[-1][1].append(paired)
        return tuple(Part(section, tuple(rules)) for section, rules in parts)

    @property
    def changed(self) -> tuple[PairedSection, ...]:
        """The rules that differ or that only one rulebook has."""
        return tuple(
            paired
            for paired in self.sections
            if paired.level == 3 and paired.likeness is not Likeness.SAME
        )


def compare_rulebooks(a: Rulebook, b: Rulebook) -> Comparison:
    """``a`` and ``b`` section by section: ``a``'s order, with each section only ``b`` has
    placed after the section it follows in ``b``."""
    in_a = {section.anchor: section for section in a.sections}
    in_b = {section.anchor: section for section in b.sections}
    order = list(in_a)
    previous = None
    for anchor in in_b:
        if anchor not in in_a:
            order.insert(order.index(previous) + 1 if previous else 0, anchor)
        previous = anchor
    return Comparison(
        a,
        b,
        tuple(PairedSection(anchor, in_a.get(anchor), in_b.get(anchor)) for anchor in order),
    )
