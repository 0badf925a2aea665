"""Printed decks: a proxy sheet of card faces (PDF, nine to a page) and a registration sheet.

Proxy faces are drawn with reportlab primitives from the card's fields, so they need
no card images: name, cost, realm and kind, the trait bar or item bonuses, and rules text.
"""

from __future__ import annotations

import io
from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils import timezone
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from cards.models import Card, CardKind
from decks.decklist import MAX_DECK_CARDS, DecklistEntry, EntryGroup, deck_entries
from decks.models import Board, Deck

CARD_WIDTH, CARD_HEIGHT = 63 * mm, 88 * mm  # the common trading-card size
FACES_PER_ROW, ROWS_PER_PAGE = 3, 3
FACES_PER_PAGE = FACES_PER_ROW * ROWS_PER_PAGE
# Room for the largest deck the limits allow (decks.decklist.MAX_DECK_CARDS), no more.
MAX_PROXY_PAGES = -(-MAX_DECK_CARDS // FACES_PER_PAGE)
PADDING = 3 * mm


class PrintTooLarge(ValueError):
    """A deck too large to print (one saved before the deck-size limits came in)."""


def proxy_sheet_pdf(deck: Deck, *, boards: Iterable[str] = (Board.MAIN,)) -> bytes:
    """A PDF with one face per copy on the given boards, nine faces to an A4 page."""
    boards = set(boards)
    entries = [entry for entry in deck_entries(deck) if entry.board in boards]
    return proxy_faces_pdf(
        [(entry.card, entry.count) for entry in entries], title=f"{deck.name} — proxies"
    )


def proxy_faces_pdf(cards: list[tuple[Card, int]], *, title: str) -> bytes:
    """Faces of (card, copies) laid out nine to an A4 page, in order; no cards give one
    blank page. Each distinct face is drawn once and placed once per copy, so the cost
    follows the distinct cards; more than MAX_PROXY_PAGES pages raise PrintTooLarge."""
    faces = sum(copies for _, copies in cards)
    pages = -(-faces // FACES_PER_PAGE)
    if pages > MAX_PROXY_PAGES:
        raise PrintTooLarge(
            f"A proxy sheet prints at most {MAX_PROXY_PAGES} pages "
            f"({MAX_PROXY_PAGES * FACES_PER_PAGE} cards); this one needs {pages}."
        )
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    canvas.setTitle(title)
    page_width, page_height = A4
    left = (page_width - FACES_PER_ROW * CARD_WIDTH) / 2
    bottom = (page_height - ROWS_PER_PAGE * CARD_HEIGHT) / 2
    drawn: set[int] = set()
    index = 0
    for card, copies in cards:
        face = f"face{card.pk}"
        if card.pk not in drawn:
            canvas.beginForm(face, upperx=CARD_WIDTH, uppery=CARD_HEIGHT)
            _draw_face(canvas, card, 0, 0)
            canvas.endForm()
            drawn.add(card.pk)
        for _ in range(copies):
            if index and index % FACES_PER_PAGE == 0:
                canvas.showPage()
            slot = index % FACES_PER_PAGE
            column, row = slot % FACES_PER_ROW, slot // FACES_PER_ROW
            canvas.saveState()
            canvas.translate(
                left + column * CARD_WIDTH, bottom + (ROWS_PER_PAGE - 1 - row) * CARD_HEIGHT
            )
            canvas.doForm(face)
            canvas.restoreState()
            index += 1
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _draw_face(canvas: Canvas, card: Card, x: float, y: float) -> None:
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(0.6)
    canvas.roundRect(x + 1, y + 1, CARD_WIDTH - 2, CARD_HEIGHT - 2, 3 * mm)
    band_top = y + CARD_HEIGHT - PADDING
    _draw_title_band(canvas, card, x, band_top)
    canvas.setFillColor(colors.black)
    canvas.setFont("Helvetica-Oblique", 7.5)
    kind_line = f"{card.get_kind_display()} — {card.realm.name} — {card.get_rarity_display()}"
    canvas.drawString(x + PADDING, band_top - 13 * mm, _fit(kind_line, 48))
    _draw_card_text(canvas, card, x, band_top - 18 * mm)
    canvas.setFont("Helvetica", 5.5)
    canvas.setFillColor(colors.grey)
    canvas.drawString(x + PADDING, y + PADDING, "PROXY — Shén Lab")


def _draw_title_band(canvas: Canvas, card: Card, x: float, band_top: float) -> None:
    # Title band in the realm's colour; cost in a circle at the top right (as printed).
    realm_colour = _colour(card.realm.colour)
    canvas.setFillColor(realm_colour)
    canvas.rect(x + PADDING, band_top - 9 * mm, CARD_WIDTH - 2 * PADDING, 9 * mm, fill=1, stroke=0)
    canvas.setFillColor(colors.white)
    canvas.circle(x + CARD_WIDTH - PADDING - 4.5 * mm, band_top - 4.5 * mm, 3.5 * mm, fill=1)
    canvas.setFillColor(colors.black)
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawCentredString(x + CARD_WIDTH - PADDING - 4.5 * mm, band_top - 6 * mm, str(card.cost))
    canvas.setFillColor(_ink_on(realm_colour))
    canvas.setFont("Helvetica-Bold", 9)
    canvas.drawString(x + PADDING + 1.5 * mm, band_top - 6 * mm, _fit(card.name, 30))


def _draw_card_text(canvas: Canvas, card: Card, x: float, text_top: float) -> None:
    # The stat line, then keywords and rules text wrapped to the face, at most 14 lines.
    stats = _stat_line(card)
    if stats:
        canvas.setFont("Helvetica-Bold", 8)
        canvas.drawString(x + PADDING, text_top, stats)
        text_top -= 5 * mm
    canvas.setFont("Helvetica", 7.5)
    body = [card.rules_text] if card.rules_text else []
    if card.keywords.strip():
        body.insert(0, ", ".join(word.capitalize() for word in card.keyword_list))
    lines = [
        line
        for paragraph in body
        for line in simpleSplit(paragraph, "Helvetica", 7.5, CARD_WIDTH - 2 * PADDING)
    ]
    for number, line in enumerate(lines[:14]):
        canvas.drawString(x + PADDING, text_top - number * 3.4 * mm, line)


def _stat_line(card: Card) -> str:
    if card.kind == CardKind.AVATAR:
        spirit = " — Spirit" if card.is_spirit else ""
        return (
            f"Melee {card.melee}  Defense {card.defense}  Ranged {card.ranged}  "
            f"Move {card.movement}{spirit}"
        )
    if card.kind == CardKind.ITEM:
        bonuses = [
            f"{label} {value:+d}"
            for label, value in (
                ("Melee", card.bonus_melee),
                ("Defense", card.bonus_defense),
                ("Ranged", card.bonus_ranged),
                ("Move", card.bonus_movement),
            )
            if value
        ]
        return "Bearer: " + ", ".join(bonuses) if bonuses else ""
    return ""


def _colour(hex_colour: str) -> colors.Color:
    try:
        return colors.HexColor(hex_colour)
    except ValueError:
        return colors.grey


def _ink_on(background: colors.Color) -> colors.Color:
    """Black or white, whichever reads on the band colour."""
    luminance = 0.299 * background.red + 0.587 * background.green + 0.114 * background.blue
    return colors.black if luminance > 0.6 else colors.white


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def decklist_sheet_sections(entries: Iterable[DecklistEntry]) -> list[EntryGroup]:
    """The main deck grouped by card kind, then the sideboard, each sorted by name."""
    entries = sorted(entries, key=lambda entry: entry.card.name)
    sections = [
        EntryGroup(
            f"{label} cards",
            [e for e in entries if e.board == Board.MAIN and e.card.kind == kind],
        )
        for kind, label in CardKind.choices
    ]
    sections.append(EntryGroup("Sideboard", [e for e in entries if e.board == Board.SIDE]))
    return [section for section in sections if section.entries]


def decklist_sheet_html(deck: Deck, *, player_name: str = "") -> str:
    """A printable tournament registration sheet: blanks for the player, the list by kind."""
    sections = decklist_sheet_sections(deck_entries(deck))
    main_total = sum(s.total for s in sections if s.label != "Sideboard")
    side_total = sum(s.total for s in sections if s.label == "Sideboard")
    return render_to_string(
        "decks/print/decklist_sheet.html",
        {
            "deck": deck,
            "player_name": player_name,
            "sections": sections,
            "main_total": main_total,
            "side_total": side_total,
            "printed_on": timezone.localdate(),
        },
    )
