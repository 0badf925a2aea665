"""SVG charts as pure functions: numbers in, escaped, accessible markup out.

Every chart is an ``<svg role="img">`` with a ``<title>`` and a ``<desc>`` that
states the numbers in words, so a screen reader gets what the picture shows.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

# A palette that stays readable on the page's paper colour, for the parts of a whole (pies).
PALETTE = ("#7b3fa0", "#2e86ab", "#c0392b", "#27ae60", "#e67e22", "#8e6c3a", "#5d6d7e", "#d35490")
# Bars measure one quantity, so they share one quiet colour: a hue would suggest a category.
NEUTRAL = "#6b6b7b"
FONT_SIZE = 11
# A generous mean advance of a digit or letter, as a share of the font size, to keep
# labels apart without measuring fonts.
CHARACTER_WIDTH = 0.65
LABEL_GAP = 6


@dataclass(frozen=True)
class Bar:
    """One bar or one pie slice: a label, a value and an optional colour (``#rrggbb``)."""

    label: str
    value: int | float
    colour: str = ""


def _colour(bar: Bar, fallback: str) -> str:
    # Only a plain hex colour reaches the markup; anything else takes the fallback.
    colour = bar.colour
    if (
        len(colour) == 7
        and colour.startswith("#")
        and all(c in "0123456789abcdefABCDEF" for c in colour[1:])
    ):
        return colour
    return fallback


def text_width(text: str, font_size: float = FONT_SIZE) -> float:
    """The width a label is allowed on a chart, generously estimated."""
    return len(text) * font_size * CHARACTER_WIDTH


def _number(value: int | float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _frame(*, title: str, bars: Sequence[Bar], width: int, height: int, body: str) -> SafeString:
    # Derived from the content, so the same chart renders the same markup.
    digest = hashlib.sha1(f"{title}|{body}".encode(), usedforsecurity=False).hexdigest()[:10]
    chart_id = f"chart-{digest}"
    summary = "; ".join(f"{bar.label}: {_number(bar.value)}" for bar in bars) or "No cards"
    return mark_safe(
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc">'
        f'<title id="{chart_id}-title">{escape(title)}</title>'
        f'<desc id="{chart_id}-desc">{escape(summary)}</desc>'
        f"{body}</svg>"
    )


def bar_chart_svg(
    bars: Sequence[Bar], *, title: str, width: int = 320, height: int = 160
) -> SafeString:
    """Vertical bars in one neutral colour (unless a bar has its own), value above, label below.

    Each bar gets a slot as wide as its widest text, so neighbouring labels never overlap:
    with many bars the chart is wider than asked, and the page scales it to fit."""
    label_band, value_band = 18, 14
    plot_height = height - label_band - value_band
    top = max((bar.value for bar in bars), default=0) or 1
    widest = max(
        (text_width(text) for bar in bars for text in (bar.label, _number(bar.value))), default=0
    )
    width = max(width, math.ceil((widest + LABEL_GAP) * len(bars)))
    slot = width / max(len(bars), 1)
    bar_width = max(slot * 0.7, 1)
    parts = []
    for index, bar in enumerate(bars):
        bar_height = plot_height * bar.value / top
        x = index * slot + (slot - bar_width) / 2
        y = value_band + plot_height - bar_height
        centre = x + bar_width / 2
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_width:.1f}" height="{bar_height:.1f}" '
            f'fill="{_colour(bar, NEUTRAL)}">'
            f"<title>{escape(bar.label)}: {_number(bar.value)}</title></rect>"
            f'<text x="{centre:.1f}" y="{y - 3:.1f}" text-anchor="middle" font-size="{FONT_SIZE}">'
            f"{_number(bar.value)}</text>"
            f'<text x="{centre:.1f}" y="{height - 4}" text-anchor="middle" font-size="{FONT_SIZE}">'
            f"{escape(bar.label)}</text>"
        )
    return _frame(title=title, bars=bars, width=width, height=height, body="".join(parts))


def pie_chart_svg(slices: Sequence[Bar], *, title: str, size: int = 160) -> SafeString:
    """A pie with a legend to its right; zero slices are left out."""
    slices = [piece for piece in slices if piece.value > 0]
    total = sum(piece.value for piece in slices)
    radius = size / 2 - 4
    centre = size / 2
    parts = []
    angle = -math.pi / 2  # start at twelve o'clock
    for index, piece in enumerate(slices):
        colour = _colour(piece, PALETTE[index % len(PALETTE)])
        tooltip = f"<title>{escape(piece.label)}: {_number(piece.value)}</title>"
        if piece.value == total:
            # One slice is the whole pie; an arc from a point to itself draws nothing.
            parts.append(
                f'<circle cx="{centre}" cy="{centre}" r="{radius}" fill="{colour}">'
                f"{tooltip}</circle>"
            )
        else:
            sweep = 2 * math.pi * piece.value / total
            start = (centre + radius * math.cos(angle), centre + radius * math.sin(angle))
            angle += sweep
            end = (centre + radius * math.cos(angle), centre + radius * math.sin(angle))
            large = 1 if sweep > math.pi else 0
            parts.append(
                f'<path d="M{centre},{centre} L{start[0]:.2f},{start[1]:.2f} '
                f'A{radius},{radius} 0 {large} 1 {end[0]:.2f},{end[1]:.2f} Z" fill="{colour}" '
                # A white edge keeps neighbouring slices of like colours apart.
                f'stroke="#fff" stroke-width="1.5">'
                f"{tooltip}</path>"
            )
        legend_y = 14 + index * 18
        parts.append(
            f'<rect x="{size + 8}" y="{legend_y - 10}" width="12" height="12" fill="{colour}"/>'
            f'<text x="{size + 26}" y="{legend_y}" font-size="12">'
            f"{escape(piece.label)} ({_number(piece.value)})</text>"
        )
    if not slices:
        parts.append(
            f'<circle cx="{centre}" cy="{centre}" r="{radius}" fill="none" stroke="#ddd8cf"/>'
        )
    height = max(size, 14 + len(slices) * 18)
    legend = max(
        (text_width(f"{piece.label} ({_number(piece.value)})", 12) for piece in slices), default=0
    )
    width = max(size + 180, size + 26 + math.ceil(legend) + LABEL_GAP)
    return _frame(title=title, bars=slices, width=width, height=height, body="".join(parts))
