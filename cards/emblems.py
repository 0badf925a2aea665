"""Realm emblems drawn as SVG paths, so they look the same with any fonts installed.

A realm's ``symbol`` names its emblem: ``fire``, ``water``, ``wood`` or ``moon``.
Earlier catalogue files put a CJK character there instead; those map to the same
emblems, but are never printed as text (without a CJK font they showed as empty
boxes). Any other symbol is drawn as a shard of the World Stone.

Each emblem is drawn in a 100×100 box, filled with one colour (even-odd fill for
the holes), so it can be inlined at any size in HTML or in a card face.
"""

from __future__ import annotations

from html import escape

VIEWBOX = "0 0 100 100"

EMBLEM_PATHS: dict[str, str] = {
    # A flame with a tongue of fire cut out of its heart.
    "fire": (
        "M50 4C58 22 78 34 80 60C82 82 66 96 50 96C34 96 18 84 20 62C21 48 30 38 36 28"
        "C38 38 42 44 47 46C52 34 54 20 50 4Z"
        "M50 58C56 66 62 72 61 80C60 87 55 90 50 90C45 90 40 86 40 80C40 72 46 68 50 58Z"
    ),
    # A drop with a wave across it.
    "water": (
        "M50 4C60 24 82 44 82 64A32 32 0 0 1 18 64C18 44 40 24 50 4Z"
        "M28 66C36 58 42 58 50 64C58 70 64 70 72 62L72 70C64 78 58 78 50 72"
        "C42 66 36 66 28 74Z"
    ),
    # A tree: three tiers of branches on a trunk.
    "wood": "M50 4L74 34H62L82 60H58V96H42V60H18L38 34H26Z",
    # A crescent moon.
    "moon": "M60 6A44 44 0 1 0 60 94A50 50 0 0 1 60 6Z",
    # A faceted shard of the World Stone: for a symbol with no emblem of its own.
    "shard": "M50 4L84 38L58 96L16 44Z M50 14L26 44L50 52Z M58 84L74 40L54 58Z",
}

# The characters earlier catalogue files used as symbols, by meaning.
_GLYPH_EMBLEMS = {
    "\u706b": "fire",  # the character for fire
    "\u6c34": "water",  # water
    "\u6728": "wood",  # wood, tree
    "\u6708": "moon",  # moon
}


def emblem_name(symbol: str) -> str:
    """The emblem a realm's symbol stands for; ``shard`` when it names none."""
    cleaned = (symbol or "").strip()
    name = _GLYPH_EMBLEMS.get(cleaned, cleaned.lower())
    return name if name in EMBLEM_PATHS else "shard"


def emblem_path(symbol: str, colour: str, **attributes: str) -> str:
    """The emblem's ``<path>``, filled with ``colour`` (already checked by the caller)."""
    extra = "".join(
        f' {name.replace("_", "-")}="{escape(value)}"' for name, value in attributes.items()
    )
    return (
        f'<path d="{EMBLEM_PATHS[emblem_name(symbol)]}" fill="{escape(colour)}" '
        f'fill-rule="evenodd"{extra}/>'
    )


def emblem_badge_svg(symbol: str, colour: str) -> str:
    """The emblem in white on a disc of the realm's ``colour`` (already checked by the caller),
    as an inline, decorative ``<svg>`` for an HTML page. The colour is an attribute, not a
    style, so a strict Content-Security-Policy has nothing to refuse."""
    return (
        f'<svg class="realm-emblem" viewBox="{VIEWBOX}" aria-hidden="true" focusable="false">'
        f'<circle cx="50" cy="50" r="50" fill="{escape(colour)}"/>'
        f"{emblem_in_box(symbol, '#fff', x=20, y=20, size=60)}</svg>"
    )


def emblem_in_box(
    symbol: str, colour: str, *, x: float, y: float, size: float, **attributes: str
) -> str:
    """The emblem placed in a ``size``-wide square at (x, y) of a larger SVG drawing."""
    return (
        f'<svg x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" viewBox="{VIEWBOX}">'
        f"{emblem_path(symbol, colour, **attributes)}</svg>"
    )
