"""Proxy sheets: nine card faces to a page."""

import re

import pytest

from decks.models import Board
from decks.printing import proxy_sheet_pdf
from decks.services import deck_set_slot
from tests.factories.cards import CardFactory

pytestmark = pytest.mark.django_db


def pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def test_proxy_sheet_is_a_pdf(ember_deck):
    assert proxy_sheet_pdf(ember_deck).startswith(b"%PDF")


@pytest.mark.parametrize(("copies", "expected_pages"), [(9, 1), (10, 2), (18, 2), (19, 3)])
def test_proxy_sheet_puts_nine_faces_on_a_page(ember_deck, copies, expected_pages):
    ember_deck.slots.all().delete()
    for _ in range(copies // 3):
        deck_set_slot(deck=ember_deck, card=CardFactory(), count=3)
    if copies % 3:
        deck_set_slot(deck=ember_deck, card=CardFactory(), count=copies % 3)
    assert pages(proxy_sheet_pdf(ember_deck)) == expected_pages


def test_proxy_sheet_can_include_the_sideboard(ember_deck):
    # 7 main-deck copies and 2 sideboard copies: nine faces, one page either way.
    assert pages(proxy_sheet_pdf(ember_deck, boards=(Board.MAIN, Board.SIDE))) == 1
