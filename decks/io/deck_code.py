"""Deck codes: a whole deck in one short, URL-safe string that imports back to the same deck.

Layout of version 1, `SHN1-<body>`:

- `SHN1-` names the code's version; a site that reads version 1 refuses any other
  version by name rather than misreading it.
- `<body>` is the payload compressed with zlib (level 9) and written in base64url
  (RFC 4648 §5: `A–Z a–z 0–9 - _`) without `=` padding, so the code can sit in a URL,
  a chat message or a file name as it is.
- The payload is UTF-8 text, lines separated by `\\n`:

      shen-standard          format slug
      ember                  Home Realm slug (empty line when none)
      3 ember-lance          main deck: count, space, card slug
      2 ash-wall
      -                      a lone `-` starts the sideboard
      1 cinder-ward

Cards are named by their slugs, not database ids: slugs are stable across catalogue
reloads and between sites, ids are not. A code carries neither the deck's name nor its
description, to stay short.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Iterable

from decks.decklist import DecklistEntry
from decks.io.raw import DecklistHeader, ImportProblem, RawDecklist, RawLine, count_read
from decks.models import Board

VERSION = 1
PREFIX = f"SHN{VERSION}-"
SIDEBOARD_MARK = "-"
MAX_PAYLOAD_BYTES = 64 * 1024


def deck_code_write(entries: Iterable[DecklistEntry], header: DecklistHeader) -> str:
    """The deck code of a decklist: format, Home Realm and every slot by slug."""
    entries = list(entries)
    lines = [header.format, header.home_realm]
    lines += [f"{entry.count} {entry.card.slug}" for entry in entries if entry.board == Board.MAIN]
    side = [f"{entry.count} {entry.card.slug}" for entry in entries if entry.board == Board.SIDE]
    if side:
        lines += [SIDEBOARD_MARK, *side]
    return deck_code_from_payload("\n".join(lines))


def deck_code_from_payload(payload: str) -> str:
    """The deck code holding `payload` as it is, checked for nothing: compressed, in
    base64url, after the prefix (hostile codes for the tests and benches are made so)."""
    compressed = zlib.compress(payload.encode("utf-8", "surrogatepass"), level=9)
    return PREFIX + base64.urlsafe_b64encode(compressed).decode().rstrip("=")


def deck_code_read(text: str) -> RawDecklist:
    """The slots and header a deck code holds; entries are numbered by payload line."""
    decklist = RawDecklist()
    code = text.strip()
    version, dash, body = code.partition("-")
    if not dash or not version.startswith("SHN"):
        decklist.problems.append(
            ImportProblem(None, f"Not a Shén deck code: a deck code starts with {PREFIX}.")
        )
        return decklist
    if version != PREFIX[:-1]:
        decklist.problems.append(
            ImportProblem(
                None, f"This site reads deck codes of version {VERSION} ({PREFIX}), not {version}-."
            )
        )
        return decklist
    payload = _payload(body)
    if payload is None:
        decklist.problems.append(
            ImportProblem(None, "The deck code is damaged: check it was copied whole.")
        )
        return decklist
    lines = payload.split("\n")
    decklist.header = DecklistHeader(format=lines[0], home_realm=lines[1] if len(lines) > 1 else "")
    board = Board.MAIN
    for number, line in enumerate(lines[2:], start=3):
        if line == SIDEBOARD_MARK:
            board = Board.SIDE
            continue
        count_text, _, slug = line.partition(" ")
        if not slug:
            decklist.problems.append(
                ImportProblem(number, f"Unreadable slot {line[:80]!r}.", unit="entry")
            )
            continue
        count = count_read(number, count_text, unit="entry")
        if isinstance(count, ImportProblem):
            decklist.problems.append(count)
            continue
        decklist.lines.append(RawLine(number, count, slug=slug, board=board, unit="entry"))
    return decklist


def _payload(body: str) -> str | None:
    """The decompressed payload, or None when the body is not one this writer made."""
    try:
        compressed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        inflater = zlib.decompressobj()
        # A bounded inflate: a tiny code must not expand into a huge payload.
        payload = inflater.decompress(compressed, MAX_PAYLOAD_BYTES)
        if inflater.unconsumed_tail or not inflater.eof:
            return None
        return payload.decode()
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError):
        return None
