"""Realm emblems are drawn paths: no page or card face prints a realm's symbol as text."""

import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from cards.card_face import card_face_of, render_card_face
from cards.emblems import EMBLEM_PATHS, emblem_badge_svg, emblem_name
from cards.models import Card

# CJK ideographs and symbols: the glyphs that showed as empty boxes without a CJK font.
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")


@pytest.mark.parametrize(
    ("symbol", "emblem"),
    [("\u706b", "fire"), ("\u6c34", "water"), ("\u6728", "wood"), ("\u6708", "moon")],
)
def test_the_sample_catalogues_glyphs_stand_for_drawn_emblems(symbol, emblem):
    assert emblem_name(symbol) == emblem


@pytest.mark.parametrize("symbol", ["fire", "Water", " wood ", "MOON"])
def test_an_emblem_may_be_named_in_words(symbol):
    assert emblem_name(symbol) == symbol.strip().lower()


@pytest.mark.parametrize("symbol", ["", "E", "◆", "<script>", "shardx"])
def test_any_other_symbol_is_drawn_as_a_shard(symbol):
    assert emblem_name(symbol) == "shard"


def test_every_emblem_is_one_closed_drawing():
    for name, path in EMBLEM_PATHS.items():
        assert path.startswith("M") and path.endswith("Z"), name
        assert re.fullmatch(r"[MLHVCAZ0-9 .\-]+", path), name


def test_a_badge_escapes_its_colour_and_prints_no_text():
    svg = emblem_badge_svg("\u706b", '#fff" onload="x')
    assert 'onload="x' not in svg
    assert "<text" not in svg and not CJK.search(svg)


@pytest.fixture
def sample(db):
    call_command("load_catalogue", no_progress=True)


def test_no_card_face_of_the_sample_catalogue_prints_a_cjk_glyph(sample):
    for card in Card.objects.with_catalogue_relations():
        svg = render_card_face(card_face_of(card))
        assert not CJK.search(svg), card.name
        assert 'viewBox="0 0 100 100"' in svg


@pytest.mark.parametrize("view", ["grid", "list"])
def test_the_catalogue_pages_print_no_cjk_glyph(client, sample, view):
    html = client.get(reverse("cards:catalogue"), {"view": view}).content.decode()
    assert not CJK.search(html)
    assert 'class="realm-emblem"' in html


def test_a_card_page_prints_no_cjk_glyph(client, sample):
    card = Card.objects.first()
    html = client.get(reverse("cards:card", args=[card.slug])).content.decode()
    assert not CJK.search(html)
