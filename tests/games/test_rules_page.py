"""The Rules pages: /rules/ lists the rulebooks, /rules/<ruleset>/ shows one with an
anchor per rule; the renderer never lets raw HTML through."""

import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from games.engine import RULESETS
from games.rules.rulebooks import RULEBOOK_FILES, heading_anchor, render_rulebook, rulebook_path

pytestmark = pytest.mark.django_db

RULE_NUMBERS = [f"R{n}" for n in range(1, 27)] + [f"F{n}" for n in range(1, 4)]


@pytest.fixture
def rules_page(client) -> str:
    response = client.get(reverse("games:rulebook", args=["beta-2026-07"]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_index_lists_every_ruleset_with_a_rulebook(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    assert 'href="/rules/beta-2026-07/"' in response.content.decode()


def test_every_ruleset_of_the_engine_has_a_rulebook():
    assert set(RULEBOOK_FILES) == set(RULESETS)


def test_every_rule_and_format_has_an_anchor_and_a_contents_entry(rules_page):
    for number in RULE_NUMBERS:
        anchor = number.lower()
        assert re.search(rf'<h3 id="{anchor}">{number} ', rules_page), number
        assert f'href="#{anchor}"' in rules_page


def test_the_page_shows_the_rulebook_text(rules_page):
    assert "<title>Shén rules: ruleset beta-2026-07 · Shén Lab</title>" in rules_page
    assert "Go order" in rules_page and "<table>" in rules_page


def test_an_unknown_ruleset_is_not_found(client):
    assert client.get("/rules/no-such-rules/").status_code == 404
    assert client.get("/rules/beta-1999/").status_code == 404


def test_the_rules_pages_are_read_only(client):
    assert client.post("/rules/beta-2026-07/").status_code == 405


def test_the_navigation_links_to_the_rules(client):
    home = client.get("/").content.decode()
    assert '<a href="/rules/">Rules</a>' in home
    page = client.get("/rules/beta-2026-07/").content.decode()
    assert '<a href="/rules/" aria-current="page">Rules</a>' in page


def test_the_rulebook_is_read_from_the_project_itself():
    path = rulebook_path("beta-2026-07")
    assert path == Path(settings.BASE_DIR) / "docs" / "rules.md"
    assert path.is_file()


def test_an_edited_rulebook_is_shown_as_edited(client, settings, tmp_path):
    settings.BASE_DIR = tmp_path
    (tmp_path / "docs").mkdir()
    source = tmp_path / "docs" / "rules.md"
    source.write_text("# Old\n\n### R1 Geometry\n", encoding="utf-8")
    assert "Old" in client.get("/rules/beta-2026-07/").content.decode()
    source.write_text("# New\n\n### R1 Geometry\n", encoding="utf-8")
    os.utime(source, ns=(1, 1))  # a different version even within the clock's resolution
    page = client.get("/rules/beta-2026-07/").content.decode()
    assert "New" in page and "Old" not in page


def test_rule_headings_are_anchored_by_their_number():
    assert heading_anchor("R13 Alternating steps") == "r13"
    assert heading_anchor("F2 Shén Starter") == "f2"
    assert heading_anchor("Ruleset options") == "ruleset-options"
    assert heading_anchor("R2D2") == "r2d2"
    assert heading_anchor("神") == "section"


def test_repeated_headings_get_distinct_anchors():
    book = render_rulebook("x", "## Notes\n\n## Notes\n\n### R1 A\n\n### R1 again\n")
    assert [h.anchor for h in book.headings] == ["notes", "notes-2", "r1", "r1-2"]


def test_raw_html_and_script_links_are_not_rendered():
    book = render_rulebook(
        "x",
        '# T <img src=x onerror="alert(1)">\n\n<script>alert(1)</script>\n\n'
        "[click](javascript:alert(1)) [ok](#r1)\n",
    )
    assert "<script" not in book.html and "<img" not in book.html
    assert "&lt;script&gt;" in book.html
    assert "javascript:" not in book.html.replace("[click](javascript:alert(1))", "")
    assert '<a href="#r1">ok</a>' in book.html


@given(st.text(max_size=400))
def test_any_text_renders_safely(source):
    book = render_rulebook("x", source)
    assert "<script" not in book.html.lower()
    assert len(book.anchors) == len(book.headings)
    for heading in book.headings:
        assert re.fullmatch(r"[a-z0-9_-]+", heading.anchor)


@given(st.lists(st.sampled_from(["# ", "## ", "### ", "R1 ", "<b>", "*", "\n", "x"]), max_size=60))
def test_heading_soup_renders_with_unique_anchors(parts):
    book = render_rulebook("x", "".join(parts))
    assert len(book.anchors) == len(book.headings)
