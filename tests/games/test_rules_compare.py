"""The comparison page: two rulebooks rule by rule, paired by number, the rules worded
alike folded; bad ruleset names get a clear 404, the same one twice a message.

The rulebooks are the real beta-2026-07 book and test books written to a docs
folder of the test's own (tests.factories.rulebooks), so nothing here depends on
which other rulebooks the project has."""

import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.rules import rulebooks
from games.rules.comparison import Likeness, compare_rulebooks
from games.rules.rulebooks import render_rulebook, rulebook
from tests.factories.rulebooks import (
    OLDER,
    ONLY_OLDER,
    ONLY_SHORT,
    REWORDED,
    SHORT,
    write_test_rulebooks,
)

pytestmark = pytest.mark.django_db

NEW = "beta-2026-07"
OLDER_ANCHOR = ONLY_OLDER.lower()


@pytest.fixture
def books(settings, tmp_path, monkeypatch):
    return write_test_rulebooks(settings, tmp_path, monkeypatch)


def compare(client, **query):
    return client.get(reverse("games:compare"), query)


@pytest.fixture
def page(client, books) -> str:
    response = compare(client, a=NEW, b=OLDER)
    assert response.status_code == 200
    return response.content.decode()


def section(page: str, anchor: str) -> str:
    """The HTML of the compared section anchored ``anchor``."""
    start = page.index(f'id="{anchor}"')
    end = page.find('class="compared', start)
    return page[start : end if end != -1 else len(page)]


def test_rules_pair_by_number_and_a_renamed_rule_shows_both_names(page):
    r13 = section(page, "r13")
    assert 'data-likeness="differs"' in r13
    assert "R13 Alternating steps" in r13 and "R13 One action per turn" in r13
    assert r13.count('class="compare-side"') == 2


def test_a_changed_ruling_is_set_side_by_side(page):
    r1 = section(page, "r1")
    assert 'data-likeness="differs"' in r1
    assert r1.count(REWORDED) == 1 and r1.count('class="compare-side"') == 2


def test_a_rule_only_one_ruleset_has_is_shown_as_such(page):
    only_older = section(page, OLDER_ANCHOR)
    assert 'data-likeness="only-b"' in only_older
    assert f"only in {OLDER}" in only_older
    assert f"Not in {NEW}." in only_older


def test_rules_worded_alike_are_folded_and_marked_same_by_default(page):
    assert '<details class="compared same" id="r2" data-likeness="same">' in page
    assert '<span class="likeness same">same</span>' in section(page, "r2")


def test_a_part_whose_rules_all_read_alike_is_marked_same(page):
    set_up = section(page, "set-up")
    assert '<h2>Set-up <span class="likeness same">same</span></h2>' in set_up
    board = section(page, "board-and-notation")  # R1 differs
    assert "likeness same" not in board


def test_show_all_opens_every_rule(client, books):
    page = compare(client, a=NEW, b=OLDER, show="all").content.decode()
    opened = re.findall(r'<details class="compared same" id="[^"]+" [^>]*open>', page)
    assert len(opened) == page.count('<details class="compared same"') > 20


def test_the_summary_counts_and_links_the_rules_that_differ(page):
    summary = page[page.index('data-testid="compare-summary"') :]
    assert "2 rules differ, 1 rule only in test-older, " in summary
    changed = re.search(r'<nav class="compare-changed".*?</nav>', page, re.S).group(0)
    assert re.findall(r'href="#(\w+)"', changed) == ["r1", "r13", OLDER_ANCHOR]


def test_each_rule_has_one_anchor_named_by_its_number(page):
    for number in ["r1", "r13", "r26", OLDER_ANCHOR, "f2"]:
        assert page.count(f'id="{number}"') == 1, number


def test_raw_html_in_a_rulebook_stays_text(page):
    assert "<img src=x" not in page
    assert "&lt;img src=x" in page


def test_sections_are_in_reading_order_with_an_older_rule_after_its_neighbour(books):
    comparison = compare_rulebooks(rulebook(NEW), rulebook(OLDER))
    anchors = [paired.anchor for paired in comparison.sections]
    position = anchors.index(OLDER_ANCHOR)
    assert anchors.index("r26") < position < anchors.index("formats-deck-building")
    assert anchors[0] == "introduction"


def test_a_short_rulebook_lacks_most_rules(client, books):
    page = compare(client, a=SHORT, b=NEW).content.decode()
    assert 'data-likeness="only-b"' in section(page, "r13")
    assert 'data-likeness="only-a"' in section(page, ONLY_SHORT.lower())
    assert 'data-likeness="differs"' in section(page, "r1")


def test_unknown_rulesets_are_not_found_with_a_clear_message(client, books):
    response = compare(client, a=NEW, b="beta-1999")
    assert response.status_code == 404
    page = response.content.decode()
    assert "No rulebook for a ruleset named &#x27;beta-1999&#x27;." in page
    assert f"Choose from {NEW}, {OLDER}, {SHORT}." in page
    assert compare(client, a="<b>x</b>", b=NEW).status_code == 404


def test_the_same_ruleset_twice_is_a_message_not_an_error(client, books):
    response = compare(client, a=OLDER, b=OLDER)
    assert response.status_code == 200
    assert f"Both sides are {OLDER}: choose two different rulesets" in response.content.decode()


def test_without_a_choice_the_first_two_rulebooks_are_compared(client, books):
    response = compare(client)
    assert response.status_code == 200
    assert 'data-testid="compare-summary"' in response.content.decode()


def test_with_one_rulebook_the_page_asks_for_two(client, monkeypatch):
    for name in [name for name in rulebooks.RULEBOOK_FILES if name != NEW]:
        monkeypatch.delitem(rulebooks.RULEBOOK_FILES, name)
    response = compare(client)
    assert response.status_code == 200
    assert "choose two different rulesets" in response.content.decode()


def test_the_comparison_is_read_only(client):
    assert client.post(reverse("games:compare")).status_code == 405


def test_the_rules_pages_link_to_the_comparison(client, books):
    index = client.get(reverse("games:rules")).content.decode()
    assert f'href="{reverse("games:compare")}"' in index
    rules = client.get(reverse("games:rulebook", args=[NEW])).content.decode()
    assert f'href="/rules/compare/?a={NEW}&amp;b={OLDER}"' in rules
    assert f'href="/rules/compare/?a={NEW}&amp;b={SHORT}"' in rules


def test_equal_rulebooks_are_the_same_throughout():
    source = "# T\n\nIntro.\n\n## Part\n\n### R1 A\n\nText.\n\n### R2 B\n\n- a\n- b\n"
    comparison = compare_rulebooks(render_rulebook("x", source), render_rulebook("y", source))
    assert {paired.likeness for paired in comparison.sections} == {Likeness.SAME}
    assert comparison.parts and all(part.same for part in comparison.parts)
    assert comparison.changed == ()


def test_white_space_alone_is_no_difference():
    a = render_rulebook("x", "# T\n\n### R1 A\n\nOne two.\n")
    b = render_rulebook("y", "# U\n\n### R1 A\n\nOne\ntwo.\n")
    assert compare_rulebooks(a, b).sections[1].likeness is Likeness.SAME


@given(st.text(max_size=80), st.text(max_size=80), st.sampled_from(["", "all", "x"]))
@hypothesis_settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_any_query_gets_a_page_never_an_error(client, a, b, show):
    response = client.get(reverse("games:compare"), {"a": a, "b": b, "show": show})
    assert response.status_code in (200, 404)


@given(
    st.lists(st.sampled_from(["## P\n", "### R1 A\n", "### R2 B\n", "text\n", "\n"]), max_size=20),
    st.lists(st.sampled_from(["## P\n", "### R1 A\n", "### R3 C\n", "text\n", "\n"]), max_size=20),
)
def test_every_section_of_both_books_is_shown_once(parts_a, parts_b):
    a = render_rulebook("x", "".join(parts_a))
    b = render_rulebook("y", "".join(parts_b))
    anchors = [paired.anchor for paired in compare_rulebooks(a, b).sections]
    assert len(anchors) == len(set(anchors))
    assert set(anchors) == {s.anchor for s in a.sections} | {s.anchor for s in b.sections}


def test_the_paragraphs_worded_differently_are_highlighted(page):
    r1 = section(page, "r1")
    changed = re.findall(r'data-testid="changed-block">(.*?)</div>', r1, re.S)
    assert len(changed) == 2  # the first paragraph on each side; the rest read alike
    assert REWORDED not in changed[0] and REWORDED in changed[1]
    assert 'class="changed-block"' not in section(page, "r13")  # renamed, text alike


# Where each earlier ruleset follows its own text rather than 2026's (issue 20): the rule,
# and the Ruleset field its rulebook names beside it.
OWN_TEXTS = {
    "beta-2025": {
        "r7": "stone_on_edge",
        "r8": "redraw_needs_avatar_in_deck",
        "r15": "card_shen",
        "r16": "items_on_walkers",
        "r19": "ranged_targets",
        "r21": "stone_blocks_diagonal",
        "r22": "window_items",
        "r23": "ranged_after_combat",
    },
    "simplified-0.1": {
        "r16": "walker_counters",
        "r19": "ranged_targets",
        "r21": "stone_blocks_diagonal",
        "r22": "ranged_ties",
        "r23": "ranged_after_combat",
    },
}


@pytest.mark.parametrize(
    "older, anchor, field",
    [
        (older, anchor, field)
        for older, rules in OWN_TEXTS.items()
        for anchor, field in rules.items()
    ],
)
def test_the_real_comparison_shows_each_rule_an_earlier_text_differs_in(
    client, older, anchor, field
):
    """Issue 20: /rules/compare/ shows these rules as differing, the older side naming the
    field that carries the difference."""
    response = compare(client, a=NEW, b=older)
    assert response.status_code == 200
    compared = section(response.content.decode(), anchor)
    assert 'data-likeness="differs"' in compared
    assert field in compared
