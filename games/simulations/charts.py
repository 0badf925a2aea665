"""SVG charts of a simulation's figures, as strings: numbers in, escaped markup out.

No script and no style attribute (only SVG presentation attributes), so the
site's Content-Security-Policy has nothing to refuse; every text is escaped, so
a deck or card name cannot inject markup. Each chart is an ``<svg role="img">``
with a ``<title>`` and a ``<desc>`` stating its numbers in words, text labels
beside every mark (colour never carries a figure alone) and a 360-unit-wide
drawing that stays readable on a 390-pixel phone. Plain Python with no Django:
a template marks the string safe.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Sequence
from html import escape

from games.simulations.confidence import Estimate
from games.simulations.figure_words import interval_words, percent, points
from games.simulations.figures import CardFigures, Gauntlet

WIDTH = 360
FONT = 12
SMALL = 10
# A generous mean advance of a character as a share of the font size: labels are
# cut to fit without measuring fonts.
CHARACTER_WIDTH = 0.6
INK = "#2b2b33"
MUTED = "#6b6b7b"
BAR = "#5b7fa6"
RULE = "#c9c4ba"
# A diverging scale for the heat map: a loss-heavy cell, an even one, a win-heavy one.
LOSING, EVEN, WINNING = (192, 57, 43), (244, 241, 234), (46, 110, 171)
# Histograms gather turns into at most this many bars, so each stays wide enough to see.
MAX_BARS = 30


# Characters XML 1.0 does not allow (control characters, unpaired surrogates, U+FFFE/F):
# a name holding one would leave the whole chart unreadable.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _text(value: object) -> str:
    """``value`` as escaped text content or attribute value."""
    return escape(_NOT_XML.sub("", str(value)), quote=True)


def _fit(label: str, width: float, size: float = FONT) -> str:
    """``label`` as escaped text, cut with an ellipsis to about ``width`` units; a cut
    label carries the whole one as its tooltip."""
    room = max(int(width / (size * CHARACTER_WIDTH)), 1)
    if len(label) <= room:
        return _text(label)
    return f"<title>{_text(label)}</title>{_text(label[: room - 1])}…"


def _svg(title: str, description: str, width: float, height: float, body: str) -> str:
    # Ids derived from the content: the same chart gives the same markup, and two
    # charts on one page do not share ids.
    digest = hashlib.sha1(f"{title}|{body}".encode(), usedforsecurity=False).hexdigest()[:10]
    chart = f"sim-chart-{digest}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" height="{height:.0f}" '
        f'font-family="sans-serif" fill="{INK}" '
        f'aria-labelledby="{chart}-title {chart}-desc">'
        f'<title id="{chart}-title">{_text(title)}</title>'
        f'<desc id="{chart}-desc">{_text(description)}</desc>'
        f"{body}</svg>"
    )


def _estimate_rows(
    rows: Sequence[tuple[str, Estimate]],
    *,
    title: str,
    span: tuple[float, float],
    reference: float,
    difference: bool,
    caption: str,
) -> str:
    """One row per estimate: its label, its figures under it, then a bar from 0
    to the value with the interval as a whisker, on a scale running over ``span``,
    with a dashed rule at ``reference``; a rate (or a ``difference`` in points)."""
    show = points if difference else percent
    left, right = 8, WIDTH - 8
    lowest, highest = span

    def x(value: float) -> float:
        value = min(max(value, lowest), highest)
        return left + (right - left) * (value - lowest) / (highest - lowest)

    # The label on a line of its own and the figures under it, so neither is cut to make
    # room for the other; then the bar.
    row_height, top = 52, 6
    parts = []
    for index, (label, estimate) in enumerate(rows):
        y = top + index * row_height
        figures = interval_words(estimate, difference=difference)
        parts.append(
            f'<text x="{left}" y="{y + 12}" font-size="{FONT}">{_fit(label, right - left)}</text>'
            f'<text x="{left}" y="{y + 25}" font-size="{SMALL}" '
            f'fill="{MUTED}">{_fit(figures, right - left, SMALL)}</text>'
        )
        if not estimate.count:
            continue
        start, end = sorted((x(0), x(estimate.value)))
        parts.append(
            f'<rect x="{start:.1f}" y="{y + 31}" width="{max(end - start, 1):.1f}" height="12" '
            f'fill="{BAR}"><title>{_text(label)}: {_text(figures)}</title></rect>'
        )
        if math.isfinite(estimate.low) and math.isfinite(estimate.high):
            low, high, middle = x(estimate.low), x(estimate.high), y + 37
            parts.append(
                f'<path d="M{low:.1f} {middle - 5}v10M{low:.1f} {middle}H{high:.1f}'
                f'M{high:.1f} {middle - 5}v10" stroke="{INK}" stroke-width="1.5" fill="none"/>'
            )
    height = top + max(len(rows), 1) * row_height + 32
    axis = height - 30
    middle = (lowest + highest) / 2
    if math.isclose(reference, middle):
        ticks = [lowest, (lowest + reference) / 2, reference, (reference + highest) / 2, highest]
    else:  # a fair share off the middle (1/N of a table): marked, with the middle
        ticks = sorted({lowest, reference, middle, highest})
    parts.append(
        f'<path d="M{x(reference):.1f} {top}V{axis}" stroke="{MUTED}" stroke-dasharray="3 3"/>'
        f'<path d="M{left} {axis}H{right}" stroke="{RULE}"/>'
    )
    for tick in ticks:
        anchor = "start" if tick == lowest else "end" if tick == highest else "middle"
        parts.append(
            f'<text x="{x(tick):.1f}" y="{axis + 13}" font-size="{SMALL}" '
            f'text-anchor="{anchor}" fill="{MUTED}">{_text(show(tick, 0))}</text>'
        )
    parts.append(
        f'<text x="{(left + right) / 2:.1f}" y="{height - 3}" font-size="{SMALL}" '
        f'text-anchor="middle" fill="{MUTED}">{_text(caption)}</text>'
    )
    if not rows:
        parts.append(f'<text x="{left}" y="{top + 16}" font-size="{FONT}">No games yet</text>')
    description = (
        "; ".join(f"{label}: {interval_words(e, difference=difference)}" for label, e in rows)
        or "No games"
    )
    return _svg(title, description, WIDTH, height, "".join(parts))


def win_rate_svg(rows: Sequence[tuple[str, Estimate]], *, title: str, fair: float = 0.5) -> str:
    """Win rates with their intervals, one row each (deck A's, the first player's, a
    gauntlet's rows…), on a 0–100% scale with ``fair`` marked: 50% for two players, a
    table's fair share (1/N, or 1/teams) else."""
    caption = "win rate, 95% interval"
    if not math.isclose(fair, 0.5):
        caption += f"; dashed: the fair share, {percent(fair, 0)}"
    return _estimate_rows(
        rows,
        title=title,
        span=(0.0, 1.0),
        reference=fair,
        difference=False,
        caption=caption,
    )


# The finishing places' colours, first place darkest; a place is also written on its bar.
PLACE_SHADES = ("#2e6eab", "#5b8fc0", "#8fb3d6", "#bcd0e4", "#dde6ef", "#eef2f6")


def places_svg(rows: Sequence[tuple[str, Sequence[int]]], *, title: str) -> str:
    """Each deck's finishing places as one bar split by place (first place on the left),
    each part labelled with its place and share when it is wide enough; ``rows`` are
    (deck, games per place)."""
    left, right = 8, WIDTH - 8
    row_height, top = 46, 6
    parts = []
    words = []
    for index, (label, counts) in enumerate(rows):
        y = top + index * row_height
        games = sum(counts)
        said = ", ".join(
            f"{_ordinal(place + 1)} {percent(count / games, 0)}"
            for place, count in enumerate(counts)
            if count and games
        )
        words.append(f"{label}: {said or 'no games'}")
        parts.append(
            f'<text x="{left}" y="{y + 12}" font-size="{FONT}">{_fit(label, right - left)}</text>'
        )
        start = float(left)
        for place, count in enumerate(counts):
            if not games or not count:
                continue
            width = (right - left) * count / games
            shade = PLACE_SHADES[min(place, len(PLACE_SHADES) - 1)]
            ink = "#ffffff" if place < 2 else INK
            share = f"{_ordinal(place + 1)} {percent(count / games, 0)}"
            parts.append(
                f'<rect x="{start:.1f}" y="{y + 18}" width="{width:.1f}" height="20" '
                f'fill="{shade}" stroke="#ffffff"><title>{_text(label)}: {_text(share)}</title>'
                "</rect>"
            )
            if width >= len(share) * SMALL * CHARACTER_WIDTH + 4:
                parts.append(
                    f'<text x="{start + width / 2:.1f}" y="{y + 32}" font-size="{SMALL}" '
                    f'text-anchor="middle" fill="{ink}">{_text(share)}</text>'
                )
            elif width >= SMALL * CHARACTER_WIDTH * 2 + 2:
                parts.append(
                    f'<text x="{start + width / 2:.1f}" y="{y + 32}" font-size="{SMALL}" '
                    f'text-anchor="middle" fill="{ink}">{place + 1}</text>'
                )
            start += width
    height = top + max(len(rows), 1) * row_height + 16
    parts.append(
        f'<text x="{(left + right) / 2:.1f}" y="{height - 3}" font-size="{SMALL}" '
        f'text-anchor="middle" fill="{MUTED}">share of games in each finishing place, '
        "1st on the left</text>"
    )
    return _svg(title, "; ".join(words) or "No games", WIDTH, height, "".join(parts))


def _ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th… (places run to six)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place, "th")
    return f"{place}{suffix}"


def difference_svg(rows: Sequence[tuple[str, Estimate]], *, title: str) -> str:
    """Differences of win rates in percentage points with their intervals (a paired
    shift, a rule A/B, a card's improvement when drawn), either side of 0."""
    ends = [abs(v) for _, e in rows if e.count for v in (e.low, e.high) if math.isfinite(v)]
    ends += [abs(e.value) for _, e in rows if e.count]
    # A symmetric scale in steps of 10 points, at least ±10 and at most ±100.
    reach = min(max(math.ceil(max(ends, default=0) * 10 - 1e-9) / 10, 0.1), 1.0)
    return _estimate_rows(
        rows,
        title=title,
        span=(-reach, reach),
        reference=0.0,
        difference=True,
        caption="difference in percentage points, 95% interval",
    )


def improvement_svg(cards: Sequence[CardFigures], *, title: str) -> str:
    """Each card's improvement when drawn (win rate drawn minus never drawn), in
    percentage points with its interval, in the order given."""
    return difference_svg([(card.name, card.improvement) for card in cards], title=title)


def _bins(turns: Sequence[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(first turn, last turn, games) per bar: one turn a bar, or equal ranges of turns
    when there are more than :data:`MAX_BARS` lengths from the shortest to the longest."""
    counts = dict(turns)
    if not counts:
        return []
    first, last = min(counts), max(counts)
    step = math.ceil((last - first + 1) / MAX_BARS)
    return [
        (
            start,
            min(start + step - 1, last),
            sum(counts.get(t, 0) for t in range(start, start + step)),
        )
        for start in range(first, last + 1, step)
    ]


def length_histogram_svg(turns: Sequence[tuple[int, int]], *, title: str) -> str:
    """How many games lasted how many turns, from (turns, games) pairs; more than
    :data:`MAX_BARS` different lengths are gathered into equal ranges of turns."""
    bins = _bins(turns)
    left, right, top, plot = 34, WIDTH - 8, 8, 130
    tallest = max((n for *_, n in bins), default=0) or 1
    slot = (right - left) / max(len(bins), 1)
    parts = [
        f'<path d="M{left} {top}V{top + plot}H{right}" stroke="{RULE}" fill="none"/>',
        f'<text x="{left - 4}" y="{top + 8}" font-size="{SMALL}" text-anchor="end" '
        f'fill="{MUTED}">{tallest}</text>',
        f'<text x="{left - 4}" y="{top + plot}" font-size="{SMALL}" text-anchor="end" '
        f'fill="{MUTED}">0</text>',
    ]
    for index, (start, end, games) in enumerate(bins):
        height = plot * games / tallest
        span = f"{start}" if start == end else f"{start}–{end}"
        parts.append(
            f'<rect x="{left + index * slot + 1:.1f}" y="{top + plot - height:.1f}" '
            f'width="{max(slot - 2, 1):.1f}" height="{height:.1f}" fill="{BAR}">'
            f"<title>{span} turns: {games} games</title></rect>"
        )
    # Turn labels under the first, middle and last bars: enough to read the scale.
    for index in sorted({0, len(bins) // 2, len(bins) - 1}) if bins else ():
        start, end, _ = bins[index]
        parts.append(
            f'<text x="{left + (index + 0.5) * slot:.1f}" y="{top + plot + 14}" '
            f'font-size="{SMALL}" text-anchor="middle" fill="{MUTED}">'
            f"{start if start == end else f'{start}–{end}'}</text>"
        )
    parts.append(
        f'<text x="{(left + right) / 2:.1f}" y="{top + plot + 30}" font-size="{SMALL}" '
        f'text-anchor="middle" fill="{MUTED}">turns</text>'
    )
    if not bins:
        parts.append(f'<text x="{left + 8}" y="{top + 20}" font-size="{FONT}">No games yet</text>')
    description = (
        "; ".join(
            f"{start if start == end else f'{start} to {end}'} turns: {games} games"
            for start, end, games in bins
            if games
        )
        or "No games"
    )
    return _svg(title, description, WIDTH, top + plot + 36, "".join(parts))


def _heat(value: float) -> tuple[str, str]:
    """(cell colour, text colour) for a win rate: red below 50%, blue above."""
    end, share = (LOSING, 1 - 2 * value) if value < 0.5 else (WINNING, 2 * value - 1)
    rgb = [round(a + (b - a) * share) for a, b in zip(EVEN, end, strict=True)]
    # Relative luminance, roughly: white text on the dark end of the scale.
    light = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2] > 140
    return "#{:02x}{:02x}{:02x}".format(*rgb), INK if light else "#ffffff"


def gauntlet_svg(
    gauntlet: Gauntlet,
    decks: Sequence[str],
    opponents: Sequence[str],
    *,
    title: str,
) -> str:
    """The gauntlet as a heat map: a row per deck, a column per opponent and one for
    all opponents pooled; each cell the deck's win rate, with its interval and count
    in the cell's tooltip and the chart's description."""
    columns = [*opponents, "All"]
    label_width = 100
    cell_width = max((WIDTH - label_width - 8) / len(columns), 44)
    cell_height, header = 34, 30
    width = label_width + cell_width * len(columns) + 8
    parts = []
    for j, name in enumerate(columns):
        centre = label_width + (j + 0.5) * cell_width
        parts.append(
            f'<text x="{centre:.1f}" y="{header - 10}" font-size="{SMALL}" '
            f'text-anchor="middle">{_fit(name, cell_width - 4, SMALL)}</text>'
        )
    lines = []
    for i, deck in enumerate(decks):
        y = header + i * cell_height
        parts.append(
            f'<text x="4" y="{y + cell_height / 2 + 4:.1f}" font-size="{FONT}">'
            f"{_fit(deck, label_width - 8)}</text>"
        )
        for j, estimate in enumerate((*gauntlet.cells[i], gauntlet.overall[i])):
            x = label_width + j * cell_width
            words = f"{deck} against {columns[j]}: {interval_words(estimate)}"
            lines.append(words)
            fill, ink = _heat(estimate.value) if estimate.count else ("#e6e3dc", MUTED)
            shown = percent(estimate.value, 0) if estimate.count else "—"
            parts.append(
                f'<rect x="{x + 1:.1f}" y="{y + 1}" width="{cell_width - 2:.1f}" '
                f'height="{cell_height - 2}" fill="{fill}"><title>{_text(words)}</title></rect>'
                f'<text x="{x + cell_width / 2:.1f}" y="{y + 15}" font-size="{FONT}" '
                f'text-anchor="middle" fill="{ink}">{shown}</text>'
                f'<text x="{x + cell_width / 2:.1f}" y="{y + 27}" font-size="{SMALL - 1}" '
                f'text-anchor="middle" fill="{ink}">n={estimate.count}</text>'
            )
    height = header + max(len(decks), 1) * cell_height + 4
    return _svg(title, "; ".join(lines) or "No games", width, height, "".join(parts))
