"""A card's printed face as SVG: a pure function of the card's printed values.

`card_face_of(card)` reads a Card (realm and abilities loaded) into a frozen
`CardFace`; `render_card_face(face)` turns that into a standalone SVG string.
The face is 63×88 (viewBox 630×880, a standard card's millimetres ×10), dark
text on light paper so it prints cleanly; the realm colour only frames it.

Layout follows the rules text: the power cost at the top right, the Realm's
emblem (drawn, never a font glyph: ``cards.emblems``) on the type line, an
Avatar's movement at the middle right and its trait bar (melee–defense–ranged)
at the bottom right.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape
from typing import Any

from cards.emblems import emblem_in_box
from games.engine import EffectError, describe_step, parse_effect

WIDTH, HEIGHT = 630, 880
INK = "#1d1d27"
MUTED = "#4a4a57"
PAPER = "#fffdf7"
FALLBACK_COLOUR = "#6b6b7b"
SERIF = "Georgia, 'DejaVu Serif', 'Times New Roman', serif"
SANS = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}")
ABILITY_HEAD = re.compile(r"[^():.]{1,60}\([^()]{1,40}\):")

# The text box: where rules, abilities and flavour are wrapped.
TEXT_LEFT, TEXT_WIDTH, TEXT_TOP = 48, 534, 462
TEXT_BOTTOM_WITH_BAR, TEXT_BOTTOM = 772, 832
FONT_SIZES = (22, 20, 18, 16, 14, 12)
BONUS_BAR_MAX = 360  # widest bonus text, leaving the footer's rarity and realm clear
# Average advance of a glyph in em, measured on DejaVu Serif (wider than Georgia)
# plus 8%, so that estimated lines never run out of the text box.
GLYPH_EM = {"normal": 0.545, "bold": 0.605, "italic": 0.545}


@dataclass(frozen=True)
class AbilityLine:
    """An ability as printed: name, Shén cost, timing and its effect in English."""

    name: str
    cost: int
    timing: str
    effect: str


@dataclass(frozen=True)
class Traits:
    """An Avatar's trait bar and movement."""

    melee: int
    defense: int
    ranged: int
    movement: int


@dataclass(frozen=True)
class CardFace:
    """Everything printed on a card face, as plain values."""

    name: str
    cost: int
    kind: str
    realm_name: str
    realm_colour: str
    realm_symbol: str
    rarity: str
    is_spirit: bool = False
    keywords: tuple[str, ...] = ()
    rules_text: str = ""
    flavour_text: str = ""
    abilities: tuple[AbilityLine, ...] = ()
    traits: Traits | None = None
    bonuses: tuple[tuple[str, int], ...] = ()


def describe_effect(effect: Any) -> str:
    """An ability's effect in English; an effect outside the vocabulary says so."""
    try:
        steps = parse_effect(effect)
    except EffectError as error:
        return f"(unreadable effect: {error})"
    return " ".join(describe_step(step) for step in steps)


def card_face_of(card: Any) -> CardFace:
    """Read a Card (with its realm and abilities loaded) into a CardFace."""
    traits = None
    if card.kind == "avatar":
        traits = Traits(
            melee=card.melee or 0,
            defense=card.defense or 0,
            ranged=card.ranged or 0,
            movement=card.movement or 0,
        )
    bonuses = tuple(
        (trait, amount)
        for trait in ("melee", "defense", "ranged", "movement")
        if (amount := getattr(card, f"bonus_{trait}") or 0)
    )
    return CardFace(
        name=card.name,
        cost=card.cost,
        kind=card.get_kind_display(),
        realm_name=card.realm.name,
        realm_colour=card.realm.colour,
        realm_symbol=card.realm.symbol,
        rarity=card.get_rarity_display(),
        is_spirit=card.is_spirit,
        keywords=tuple(card.keyword_list),
        rules_text=card.rules_text,
        flavour_text=card.flavour_text,
        abilities=tuple(
            AbilityLine(
                name=ability.name,
                cost=ability.cost,
                timing=ability.get_timing_display(),
                effect=describe_effect(ability.effect),
            )
            for ability in card.abilities.all()
        ),
        traits=traits,
        bonuses=bonuses,
    )


def render_card_face(face: CardFace) -> str:
    """The card face as a standalone SVG document (also valid inline in HTML)."""
    colour = safe_colour(face.realm_colour)
    has_bar = face.traits is not None or bool(face.bonuses)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'role="img" aria-label="{_text(_summary(face))}" class="card-face-svg" '
        f'font-family="{SERIF}" fill="{INK}">',
        f"<title>{_text(face.name)}</title>",
        _frame(colour),
        _name_bar(face, colour),
        _art_panel(face, colour),
        _type_line(face, colour),
        _text_box(face, bottom=TEXT_BOTTOM_WITH_BAR if has_bar else TEXT_BOTTOM),
        _footer(face),
    ]
    if face.traits is not None:
        parts.append(_trait_bar(face.traits))
    elif face.bonuses:
        parts.append(_bonus_bar(face.bonuses))
    parts.append("</svg>")
    return "\n".join(parts)


def _text(value: str) -> str:
    return escape(value, quote=True)


def safe_colour(colour: str) -> str:
    """The realm colour if it is a plain hex colour, else a neutral grey.

    Colours land inside attributes and styles: nothing else may get through.
    """
    return colour if HEX_COLOUR.fullmatch(colour or "") else FALLBACK_COLOUR


def _summary(face: CardFace) -> str:
    line = f"{face.name}, {face.kind} of {face.realm_name}, cost {face.cost}"
    if face.traits:
        t = face.traits
        line += f", traits {t.melee}–{t.defense}–{t.ranged}, movement {t.movement}"
    return line


def _frame(colour: str) -> str:
    return (
        f'<rect x="8" y="8" width="{WIDTH - 16}" height="{HEIGHT - 16}" rx="30" '
        f'fill="{PAPER}" stroke="{colour}" stroke-width="14"/>'
        f'<rect x="22" y="22" width="{WIDTH - 44}" height="{HEIGHT - 44}" rx="20" '
        f'fill="none" stroke="{INK}" stroke-width="1.5"/>'
    )


def _name_bar(face: CardFace, colour: str) -> str:
    available = 450
    size = min(36, int(available / (max(len(face.name), 1) * GLYPH_EM["bold"])))
    return (
        f'<rect x="32" y="32" width="566" height="72" rx="12" fill="{colour}" '
        f'fill-opacity="0.14" stroke="{colour}" stroke-width="2"/>'
        f'<text x="50" y="{68 + size * 0.35:.0f}" font-size="{size}" font-weight="bold">'
        f"{_text(face.name)}</text>"
        f'<circle cx="560" cy="68" r="31" fill="#fff" stroke="{colour}" stroke-width="5"/>'
        f'<text x="560" y="81" font-size="38" font-weight="bold" text-anchor="middle" '
        f'font-family="{SANS}" aria-label="cost">{face.cost}</text>'
    )


def _art_panel(face: CardFace, colour: str) -> str:
    return (
        f'<rect x="32" y="116" width="566" height="262" rx="6" fill="{colour}" '
        f'fill-opacity="0.10" stroke="{colour}" stroke-width="1.5"/>'
        + emblem_in_box(face.realm_symbol, colour, x=230, y=162, size=170, fill_opacity="0.55")
    )


def _type_line(face: CardFace, colour: str) -> str:
    kind = f"{face.kind} — Spirit" if face.is_spirit else face.kind
    parts = [
        f'<rect x="32" y="390" width="566" height="56" rx="10" fill="#fff" '
        f'stroke="{colour}" stroke-width="2"/>',
        f'<circle cx="64" cy="418" r="20" fill="{colour}"/>',
        emblem_in_box(face.realm_symbol, "#fff", x=51, y=405, size=26),
        f'<text x="96" y="427" font-size="24">{_text(kind)}</text>',
    ]
    if face.traits is not None:
        # Movement sits at the middle right of the card (rules, Activation step 3).
        parts.append(
            f'<rect x="520" y="393" width="74" height="50" rx="8" fill="#fff" '
            f'stroke="{INK}" stroke-width="2"/>'
            f'<text x="557" y="407" font-size="11" text-anchor="middle" font-family="{SANS}" '
            f'fill="{MUTED}">MOVE</text>'
            f'<text x="557" y="437" font-size="28" font-weight="bold" text-anchor="middle" '
            f'font-family="{SANS}">{face.traits.movement}</text>'
        )
    else:
        parts.append(
            f'<text x="580" y="426" font-size="18" text-anchor="end" fill="{MUTED}">'
            f"{_text(face.realm_name)}</text>"
        )
    return "".join(parts)


@dataclass(frozen=True)
class _Paragraph:
    """Words to wrap; the first `bold_words` are set bold."""

    words: tuple[str, ...]
    style: str = "normal"
    bold_words: int = 0


def _paragraphs(face: CardFace) -> list[_Paragraph]:
    paragraphs = []
    if face.keywords:
        paragraphs.append(
            _Paragraph(words=tuple(k.capitalize() + "." for k in face.keywords), style="bold")
        )
    for block in face.rules_text.splitlines():
        if block.strip():
            # "Name (timing, cost): effect" lines set their head bold, like abilities.
            head = ABILITY_HEAD.match(block.strip())
            bold = len(head.group(0).split()) if head else 0
            paragraphs.append(_Paragraph(words=tuple(block.split()), bold_words=bold))
    for ability in face.abilities:
        if ability.name.lower() in face.rules_text.lower():
            continue  # the rules text already prints this ability in its own words
        head = f"{ability.name} ({ability.cost} · {ability.timing}):".split()
        paragraphs.append(_Paragraph(words=(*head, *ability.effect.split()), bold_words=len(head)))
    if face.flavour_text.strip():
        paragraphs.append(_Paragraph(words=tuple(face.flavour_text.split()), style="italic"))
    return paragraphs


def _wrap(paragraph: _Paragraph, size: int) -> list[list[tuple[str, str]]]:
    """Greedy word wrap into lines of (word, style) by estimated glyph widths."""
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for index, word in enumerate(paragraph.words):
        style = "bold" if index < paragraph.bold_words else paragraph.style
        width = (len(word) + 1) * GLYPH_EM[style] * size
        if lines[-1] and used + width > TEXT_WIDTH:
            lines.append([])
            used = 0.0
        lines[-1].append((word, style))
        used += width
    return lines


def _layout(face: CardFace, height: int) -> tuple[int, list[tuple[_Paragraph, list]]]:
    """The largest font size at which every paragraph fits the text box."""
    paragraphs = _paragraphs(face)
    for size in FONT_SIZES:
        wrapped = [(p, _wrap(p, size)) for p in paragraphs]
        lines = sum(len(w) for _, w in wrapped)
        gaps = max(len(wrapped) - 1, 0) * 0.5 + 0.3 * any(p.style == "italic" for p in paragraphs)
        needed = (lines * 1.25 + gaps) * size
        if needed <= height:
            return size, wrapped
    return FONT_SIZES[-1], wrapped


def _text_box(face: CardFace, *, bottom: int) -> str:
    size, wrapped = _layout(face, bottom - TEXT_TOP - 8)
    out = []
    y = TEXT_TOP + size
    for number, (paragraph, lines) in enumerate(wrapped):
        if paragraph.style == "italic" and number:
            out.append(
                f'<line x1="{TEXT_LEFT + 120}" x2="{TEXT_LEFT + TEXT_WIDTH - 120}" '
                f'y1="{y - size * 0.9:.0f}" y2="{y - size * 0.9:.0f}" stroke="{MUTED}" '
                f'stroke-width="1"/>'
            )
            y += size * 0.3
        for line in lines:
            out.append(
                f'<text x="{TEXT_LEFT}" y="{y:.0f}" font-size="{size}">{_spans(line)}</text>'
            )
            y += size * 1.25
        y += size * 0.5
    return "".join(out)


def _spans(line: list[tuple[str, str]]) -> str:
    """A wrapped line as tspans, one per run of words in the same style."""
    runs: list[tuple[str, list[str]]] = []
    for word, style in line:
        if runs and runs[-1][0] == style:
            runs[-1][1].append(word)
        else:
            runs.append((style, [word]))
    spans = []
    for index, (style, words) in enumerate(runs):
        text = (" " if index else "") + " ".join(words)
        attributes = {
            "bold": ' font-weight="bold"',
            "italic": f' font-style="italic" fill="{MUTED}"',
        }.get(style, "")
        spans.append(f"<tspan{attributes}>{_text(text)}</tspan>")
    return "".join(spans)


def _footer(face: CardFace) -> str:
    return (
        f'<text x="48" y="838" font-size="15" font-family="{SANS}" fill="{MUTED}">'
        f"{_text(face.rarity)} · {_text(face.realm_name)}</text>"
    )


def _trait_bar(traits: Traits) -> str:
    cells = (("MEL", traits.melee), ("DEF", traits.defense), ("RNG", traits.ranged))
    x0, width = 372, 76
    out = [
        f'<rect x="{x0}" y="784" width="{width * 3}" height="64" rx="10" fill="#fff" '
        f'stroke="{INK}" stroke-width="2.5"/>'
    ]
    for index, (label, value) in enumerate(cells):
        x = x0 + index * width
        if index:
            out.append(
                f'<line x1="{x}" x2="{x}" y1="784" y2="848" stroke="{INK}" stroke-width="1.5"/>'
            )
        out.append(
            f'<text x="{x + width / 2:.0f}" y="800" font-size="12" text-anchor="middle" '
            f'font-family="{SANS}" fill="{MUTED}">{label}</text>'
            f'<text x="{x + width / 2:.0f}" y="837" font-size="32" font-weight="bold" '
            f'text-anchor="middle" font-family="{SANS}">{value}</text>'
        )
    return "".join(out)


def _bonus_bar(bonuses: tuple[tuple[str, int], ...]) -> str:
    text = "  ".join(
        f"{'+' if amount >= 0 else '−'}{abs(amount)} {trait}" for trait, amount in bonuses
    )
    # Bold sans runs wide (~0.68 em); several bonuses shrink to stay clear of the footer.
    size = min(22, int(BONUS_BAR_MAX / (max(len(text), 1) * 0.68)))
    width = max(140, int(len(text) * 0.68 * size) + 40)
    x = WIDTH - 30 - width
    return (
        f'<rect x="{x}" y="790" width="{width}" height="54" rx="10" fill="#fff" '
        f'stroke="{INK}" stroke-width="2.5"/>'
        f'<text x="{x + width / 2:.0f}" y="{817 + size * 0.35:.0f}" font-size="{size}" '
        f'font-weight="bold" '
        f'text-anchor="middle" font-family="{SANS}">{_text(text)}</text>'
    )
