"""The rulebooks the site shows: each ruleset's document under docs/, rendered to HTML.

A rulebook is Markdown we write ourselves, but it is still rendered with raw
HTML switched off, so nothing in it reaches the page unescaped. Headings get
stable anchors: a rule's heading ("R13 Alternating steps") is anchored by its
number (``#r13``), so code, tests and links can cite ``/rules/<ruleset>/#r13``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from markdown_it import MarkdownIt
from markdown_it.token import Token


@dataclass(frozen=True, slots=True)
class RulebookFile:
    """Where a ruleset's rulebook is, relative to the project's docs/ folder, and what it is."""

    name: str
    summary: str


RULEBOOK_FILES = {
    "beta-2026-07": RulebookFile(
        "rules.md",
        "The designer's beta rules of July 2026: both players act every turn, "
        "alternating steps. The default ruleset.",
    ),
    "beta-2025": RulebookFile(
        "rules-beta-2025.md",
        "The older beta rules: one action per turn, a second Realm Stone, ko, one Spirit, "
        "re-rolled melee ties, non-Avatar cards paid at any space.",
    ),
    "simplified-0.1": RulebookFile(
        "rules-simplified-0.1.md",
        "The starter rules: a force of Avatars and no deck, anchors on vertices, no card "
        "losses; one action per turn.",
    ),
}

RULE_NUMBER = re.compile(r"([RFM][1-9][0-9]*)\b")


class UnknownRuleset(LookupError):
    """No rulebook is written for this ruleset name."""


@dataclass(frozen=True, slots=True)
class Heading:
    """One entry of a rulebook's table of contents."""

    level: int
    anchor: str
    text: str
    number: str  # "R13", or "" for a heading that is not a rule

    @property
    def name(self) -> str:
        """The heading's words after its rule number ("Alternating steps")."""
        return self.text[len(self.number) :].strip()


@dataclass(frozen=True, slots=True)
class Section:
    """The text under one level-2 or level-3 heading, up to the next such heading, rendered
    on its own (without the heading and without anchors) so two rulebooks can be set side by
    side. ``anchor`` is the heading's anchor; the text before the first level-2 heading is
    the section ``introduction`` (level 1)."""

    anchor: str
    level: int
    heading: Heading | None
    blocks: tuple[str, ...]  # the HTML of each top-level block: paragraph, list, table …

    @property
    def html(self) -> str:
        return "".join(self.blocks)

    @property
    def body(self) -> SafeString:
        """The section's HTML for a template: the renderer's own markup, raw HTML being off."""
        return mark_safe(self.html)

    @property
    def words(self) -> str:
        """The section's heading and text with runs of white space made one: what two
        rulebooks must share for the section to be the same in both."""
        heading = self.heading.text if self.heading else ""
        return one_spaced(f"{heading}\n{self.html}")


def one_spaced(text: str) -> str:
    """``text`` with each run of white space made one space: how a rulebook's text is
    compared, so rewrapping a line is no change."""
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class Rulebook:
    """A rendered rulebook: its title, its body as safe HTML, its headings and sections."""

    ruleset: str
    title: str
    html: str
    headings: tuple[Heading, ...]
    sections: tuple[Section, ...] = ()

    @property
    def anchors(self) -> frozenset[str]:
        """Every heading anchor of the document."""
        return frozenset(heading.anchor for heading in self.headings)

    @property
    def contents(self) -> tuple[tuple[Heading, tuple[Heading, ...]], ...]:
        """The table of contents: each level-2 heading with the level-3 headings under it."""
        parts: list[tuple[Heading, list[Heading]]] = []
        for heading in self.headings:
            if heading.level == 2:
                parts.append((heading, []))
            elif heading.level == 3 and parts:
                parts[-1][1].append(heading)
        return tuple((part, tuple(rules)) for part, rules in parts)


def heading_anchor(text: str) -> str:
    """The anchor of a heading: ``r13`` for a rule "R13 …", else its slug."""
    number = RULE_NUMBER.match(text)
    if number:
        return number.group(1).lower()
    return slugify(text) or "section"


def _plain_text(inline: Token) -> str:
    """The words of an inline token, without Markdown marks."""
    return "".join(child.content for child in inline.children or () if child.content).strip()


def _permalink(renderer, tokens: list[Token], index: int, options, env) -> str:
    """Close a heading with a link to itself, so a reader can copy the rule's address."""
    token = tokens[index]
    anchor = token.meta.get("anchor")
    link = f'<a class="permalink" href="#{anchor}" aria-label="Link here">#</a>' if anchor else ""
    return f"{link}</{token.tag}>\n"


def _markdown() -> MarkdownIt:
    # "commonmark" with html off: raw HTML in the source is shown as text, never run.
    parser = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")
    parser.add_render_rule("heading_close", _permalink)
    return parser


_PARSER = _markdown()


def render_rulebook(ruleset: str, source: str) -> Rulebook:
    """Render a rulebook's Markdown ``source``: anchored headings and their table of contents.

    The first level-1 heading is the title. Anchors are unique within the
    document: a repeated one gets ``-2``, ``-3`` … appended.
    """
    env: dict = {}
    tokens = _PARSER.parse(source, env)
    headings: list[Heading] = []
    taken: set[str] = set()
    title = ""
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        text = _plain_text(tokens[index + 1])
        anchor = base = heading_anchor(text)
        suffix = 1
        while anchor in taken:
            suffix += 1
            anchor = f"{base}-{suffix}"
        taken.add(anchor)
        token.attrSet("id", anchor)
        level = int(token.tag[1])
        if level > 1:
            tokens[index + 2].meta["anchor"] = anchor  # the matching heading_close links here
        if level == 1 and not title:
            title = text
        number = RULE_NUMBER.match(text)
        headings.append(Heading(level, anchor, text, number.group(1) if number else ""))
    html = _PARSER.renderer.render(tokens, _PARSER.options, env)
    sections = _sections(_PARSER.parse(source, {}), headings)
    return Rulebook(ruleset, title or ruleset, html, tuple(headings), sections)


def _sections(tokens: list[Token], headings: list[Heading]) -> tuple[Section, ...]:
    """``tokens`` (parsed afresh, so without anchors) cut at each top-level heading of level 2
    or 3; ``headings`` are the document's headings in the same order."""
    starts: list[tuple[int, Heading | None]] = [(-1, None)]
    number = 0
    for index, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        heading = headings[number]
        number += 1
        if token.level == 0 and heading.level in (2, 3):
            starts.append((index, heading))
    sections = []
    for (start, heading), (end, _) in zip(starts, [*starts[1:], (len(tokens), None)], strict=True):
        # The body starts after the heading's three tokens (open, inline, close).
        body = tokens[start + 3 if heading else 0 : end]
        if heading is None:  # the introduction: leave out the title
            body = _without_title(body)
        blocks = tuple(
            _PARSER.renderer.render(block, _PARSER.options, {}) for block in _blocks(body)
        )
        anchor = heading.anchor if heading else "introduction"
        sections.append(Section(anchor, heading.level if heading else 1, heading, blocks))
    return tuple(sections)


def _blocks(tokens: list[Token]) -> list[list[Token]]:
    """``tokens`` cut into top-level blocks (a paragraph, a list, a table, a fence …)."""
    blocks: list[list[Token]] = []
    depth = 0
    for token in tokens:
        if depth == 0:
            blocks.append([])
        blocks[-1].append(token)
        depth += token.nesting
    return blocks


def _without_title(tokens: list[Token]) -> list[Token]:
    """``tokens`` without their first level-1 heading."""
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h1" and token.level == 0:
            return tokens[:index] + tokens[index + 3 :]
    return tokens


def rulebook_path(ruleset: str) -> Path:
    """Where ``ruleset``'s rulebook lives: under the project's own docs/ folder."""
    try:
        entry = RULEBOOK_FILES[ruleset]
    except KeyError:
        raise UnknownRuleset(ruleset) from None
    return Path(settings.BASE_DIR) / "docs" / entry.name


def rulebook(ruleset: str) -> Rulebook:
    """``ruleset``'s rulebook, rendered once per version of its file."""
    path = rulebook_path(ruleset)
    return _rendered(ruleset, path, path.stat().st_mtime_ns)


@lru_cache(maxsize=8)
def _rendered(ruleset: str, path: Path, version: int) -> Rulebook:
    return render_rulebook(ruleset, path.read_text(encoding="utf-8"))
