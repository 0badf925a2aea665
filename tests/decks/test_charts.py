"""SVG charts: escaped text, accessible titles, sensible shapes."""

from decks.charts import Bar, bar_chart_svg, pie_chart_svg


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


def test_a_colour_that_is_not_hex_falls_back_to_the_palette():
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
