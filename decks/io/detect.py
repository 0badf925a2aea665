"""Which kind of decklist a pasted text is, so the import page needs no choice from the player.

Reading order, first match wins:

- a deck code: one word starting `SHN<version>-` (any version: the reader names the one it reads);
- JSON: the text opens with `{` or `[`;
- CSV: the first line that is not blank or a `#` comment has a comma, and its first cell is
  a count (`3,Cinder Hound,main`) or the `count`/`qty`/`quantity` header;
- otherwise plain text (`3 Cinder Hound` lines), whose reader reports any line it cannot read.
"""

from __future__ import annotations

import csv
import re

DECK_CODE = re.compile(r"SHN\d+-\S*")
CSV_HEADERS = frozenset({"count", "qty", "quantity"})
# Enough lines to pass a long comment header; detection never reads the whole text.
MAX_LINES_LOOKED_AT = 50


def detect_kind(text: str) -> str:
    """The kind of a decklist: "code", "json", "csv" or "text" (the fallback)."""
    stripped = text.lstrip("\ufeff").strip()
    if DECK_CODE.fullmatch(stripped):
        return "code"
    if stripped[:1] in ("{", "["):
        return "json"
    for number, line in enumerate(stripped.splitlines()):
        if number >= MAX_LINES_LOOKED_AT:
            break
        line = line.strip()
        if line and not line.startswith("#"):
            return "csv" if _looks_like_csv(line) else "text"
    return "text"


def _looks_like_csv(line: str) -> bool:
    if "," not in line:
        return False
    try:
        first = next(csv.reader([line]))[0].lstrip().lower()
    except (csv.Error, StopIteration, IndexError):
        return False
    # A count then a space is a text line ("1 ," names the card ","); in a CSV row the
    # count stands right before its comma.
    return first.isdigit() or first.rstrip() in CSV_HEADERS
