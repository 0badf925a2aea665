"""SVG charts: escaped text, accessible titles, sensible shapes, labels apart."""

import html
import itertools
import re

import pytest

from decks.charts import NEUTRAL, Bar, bar_chart_svg, pie_chart_svg, text_width


def test_bar_chart_has_an_accessible_title_and_description():
    svg = bar_chart_svg([Bar("1", 3), Bar("2", 5)], title="Power-cost curve")
    assert 'role="img"' in svg
    assert "<title id=" in svg and "Power-cost curve</title>" in svg
    assert "1: 3; 2: 5</desc>" in svg


def test_bar_chart_draws_one_rect_per_bar():
    svg = bar_chart_svg([Bar("a", 1), Bar("b", 0), Bar("c", 2)], title="t")
    assert svg.count("<rect") == 3


def test_chart_text_is_escaped():
    svg = bar_chart_svg([Bar("<script>", 1)], title='"Evil" & <b>')
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "&quot;Evil&quot; &amp; &lt;b&gt;" in svg


def test_a_colour_that_is_not_hex_falls_back():
    svg = bar_chart_svg([Bar("a", 1, colour='red" onload="x')], title="t")
    assert "onload" not in svg


def test_pie_chart_leaves_out_zero_slices():
    svg = pie_chart_svg([Bar("Avatar", 4), Bar("Item", 0), Bar("Action", 2)], title="Kinds")
    assert svg.count("<path") == 2
    assert "Item" not in svg


def test_pie_chart_of_one_slice_is_a_full_circle():
    svg = pie_chart_svg([Bar("Ember", 40, colour="#c0392b")], title="Realms")
    assert '<circle cx="80.0" cy="80.0" r="76.0" fill="#c0392b">' in svg


def test_empty_pie_chart_says_no_cards():
    assert "No cards</desc>" in pie_chart_svg([], title="Kinds")


def test_same_chart_renders_same_markup():
    bars = [Bar("1", 2)]
    assert bar_chart_svg(bars, title="x") == bar_chart_svg(bars, title="x")


TEXT = re.compile(
    r'<text x="(?P<x>[\d.]+)" y="(?P<y>[\d.]+)"(?P<middle> text-anchor="middle")? '
    r'font-size="(?P<size>\d+)">(?P<text>[^<]*)</text>'
)


def label_boxes(svg: str) -> list[tuple[float, float, float, float, str]]:
    """(left, right, top, bottom, text) of every label, at the width the charts allow it."""
    boxes = []
    for match in TEXT.finditer(svg):
        x, y, size = float(match["x"]), float(match["y"]), int(match["size"])
        width = text_width(html.unescape(match["text"]), size)
        left = x - width / 2 if match["middle"] else x
        boxes.append((left, left + width, y - size, y, match["text"]))
    return boxes


def svg_width(svg: str) -> float:
    return float(re.search(r'viewBox="0 0 ([\d.]+) ', svg)[1])


@pytest.mark.parametrize(
    "bars",
    [
        [Bar(str(cost), count) for cost, count in enumerate([0, 3, 12, 17, 9, 4, 1, 0, 2])],
        # A long curve with tall, wide values: the case that used to collide.
        [Bar(str(cost), 100 + 7 * cost) for cost in range(40)],
        [Bar("Melee", 2.25), Bar("Defense", 1.75), Bar("Ranged", 0.5), Bar("Movement", 12.33)],
        [Bar("A rather long label", 1000), Bar("x", 0)],
    ],
)
def test_bar_chart_labels_never_overlap_and_stay_inside(bars):
    svg = bar_chart_svg(bars, title="Power-cost curve")
    boxes = label_boxes(svg)
    assert len(boxes) == 2 * len(bars)
    for left, right, top, _bottom, text in boxes:
        assert left >= 0 and right <= svg_width(svg), text
        assert top >= 0, text
    for first, second in itertools.combinations(boxes, 2):
        apart_across = first[1] <= second[0] or second[1] <= first[0]
        apart_down = first[3] <= second[2] or second[3] <= first[2]
        assert apart_across or apart_down, (first, second)


def test_bars_are_one_neutral_colour():
    svg = bar_chart_svg([Bar(str(cost), cost + 1) for cost in range(6)], title="Curve")
    assert set(re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})"', svg)) == {NEUTRAL}


def test_pie_legend_fits_its_chart():
    svg = pie_chart_svg([Bar("Remains in Play, the longest kind name", 12)], title="Kinds")
    boxes = label_boxes(svg)
    assert any("the longest kind name" in text for *_, text in boxes)
    assert all(right <= svg_width(svg) for _left, right, *_ in boxes)
