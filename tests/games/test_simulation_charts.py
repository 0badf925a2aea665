"""Simulation charts: well-formed, accessible, escaped SVG that a strict CSP accepts."""

import math
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.simulations.charts import (
    WIDTH,
    difference_svg,
    gauntlet_svg,
    improvement_svg,
    length_histogram_svg,
    win_rate_svg,
)
from games.simulations.confidence import (
    Estimate,
    paired_proportion_difference,
    paired_table,
    proportion_difference,
    wilson_interval,
)
from games.simulations.figures import CardFigures, Gauntlet

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = 'Deck <script>alert("x")</script> & "friends"'


def _parse(markup: str) -> ET.Element:
    root = ET.fromstring(markup)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    # The title and description the chart is labelled by exist, and say something.
    for ref in root.get("aria-labelledby").split():
        (element,) = [e for e in root.iter() if e.get("id") == ref]
        assert element.tag in (f"{SVG}title", f"{SVG}desc") and element.text
    # Nothing a strict Content-Security-Policy refuses: no script, no style, no handlers.
    for element in root.iter():
        assert element.tag not in (f"{SVG}script", f"{SVG}style", f"{SVG}foreignObject")
        assert not any(name == "style" or name.startswith("on") for name in element.attrib)
    # Every drawn number is finite (text may say "Infernal"; attributes never "inf").
    for element in root.iter():
        for value in element.attrib.values():
            assert value.lower() not in ("nan", "inf", "-inf") and "nan" not in value.lower()
    return root


def _texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text")]


def _card(name, improvement):
    empty = wilson_interval(0, 0)
    return CardFigures(name, 10, empty, empty, empty, improvement, empty)


def test_win_rates_show_each_figure_in_words_and_fit_a_phone():
    root = _parse(
        win_rate_svg(
            [("Deck A", wilson_interval(54, 100)), ("First player", wilson_interval(0, 0))],
            title="Deck A's win rate",
        )
    )
    assert float(root.get("viewBox").split()[2]) <= 390
    texts = _texts(root)
    assert "Deck A" in texts
    assert "54.0% (44.3% to 63.4%, n=100)" in texts
    assert "no games" in texts
    assert "Deck A: 54.0% (44.3% to 63.4%, n=100)" in root.find(f"{SVG}desc").text
    # One bar (the empty row has none) with its interval whisker.
    assert len(root.findall(f".//{SVG}rect")) == 1


def test_names_are_escaped_everywhere():
    markup = win_rate_svg([(HOSTILE, wilson_interval(1, 2))], title=HOSTILE)
    assert "<script" not in markup
    root = _parse(markup)
    assert root.find(f"{SVG}title").text == HOSTILE
    cells = Gauntlet(((wilson_interval(1, 2),),), (wilson_interval(1, 2),))
    _parse(gauntlet_svg(cells, [HOSTILE], [HOSTILE], title=HOSTILE))
    _parse(improvement_svg([_card(HOSTILE, proportion_difference(3, 4, 1, 4))], title=HOSTILE))


def test_a_long_name_is_cut_to_fit_and_kept_whole_in_the_tooltip():
    name = "The Longest Deck Name Anyone Ever Gave A Deck In The Builder"
    root = _parse(win_rate_svg([(name, wilson_interval(5, 10))], title="Win rate"))
    (label,) = [t for t in root.iter(f"{SVG}text") if t.find(f"{SVG}title") is not None]
    assert label.find(f"{SVG}title").text == name
    assert label.find(f"{SVG}title").tail.endswith("…")
    assert any(name in (e.text or "") for e in root.iter(f"{SVG}title"))


def test_differences_are_signed_points_on_a_scale_either_side_of_zero():
    root = _parse(
        difference_svg(
            [("Blank Ember Warden", Estimate(-0.375, -0.8437, 0.0937, 4))], title="Card impact"
        )
    )
    texts = _texts(root)
    assert "−37.5 points (−84.4 to +9.4, n=4)" in texts
    # The scale reaches the widest end, rounded up to ten points: ±90.
    assert {"−90", "−45", "0", "+45", "+90"} <= set(texts)


def test_an_unbounded_difference_has_a_value_and_says_it_has_no_interval():
    unbounded = Estimate(1.0, -math.inf, math.inf, 1)
    root = _parse(difference_svg([("one game", unbounded)], title="Shift"))
    texts = _texts(root)
    assert "+100.0 points (too few games for an interval, n=1)" in texts
    assert "one game" in texts  # the label is not cut to make room for the figures


def test_improvement_bars_follow_the_cards_given():
    cards = [
        _card("Rage", proportion_difference(8, 10, 2, 10)),
        _card("Guard", Estimate(0, -1, 1, 0)),
    ]
    root = _parse(improvement_svg(cards, title="Improvement when drawn"))
    texts = _texts(root)
    assert texts.index("Rage") < texts.index("Guard")
    assert "no games" in texts


def test_the_length_histogram_has_a_bar_per_turn_and_the_counts_in_words():
    root = _parse(length_histogram_svg([(3, 1), (5, 2), (9, 1)], title="Game length"))
    assert len(root.findall(f"{SVG}rect")) == 7  # turns 3 to 9, empty ones too
    assert root.find(f"{SVG}desc").text == "3 turns: 1 games; 5 turns: 2 games; 9 turns: 1 games"


def test_many_lengths_are_gathered_into_ranges():
    root = _parse(length_histogram_svg([(t, 1) for t in range(1, 201)], title="Game length"))
    bars = root.findall(f"{SVG}rect")
    assert len(bars) <= 30
    assert "".join(bars[0].itertext()) == "1–7 turns: 7 games"


@pytest.mark.parametrize("chart", [win_rate_svg, difference_svg])
def test_no_rows_say_so(chart):
    assert "No games yet" in _texts(_parse(chart([], title="Nothing yet")))


def test_an_empty_histogram_says_so():
    assert "No games yet" in _texts(_parse(length_histogram_svg([], title="Game length")))


def test_the_gauntlet_heat_map_labels_every_cell_with_its_rate_and_count():
    gauntlet = Gauntlet(
        cells=(
            (wilson_interval(9, 10), wilson_interval(0, 0)),
            (wilson_interval(1, 10), wilson_interval(5, 10)),
        ),
        overall=(wilson_interval(9, 10), wilson_interval(6, 20)),
    )
    root = _parse(gauntlet_svg(gauntlet, ["Jade", "Ember"], ["Tide", "Ash"], title="Gauntlet"))
    texts = _texts(root)
    assert texts[texts.index("Jade") + 1 :][:6] == ["90%", "n=10", "—", "n=0", "90%", "n=10"]
    assert "All" in texts
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect")]
    # Winning cells blue, losing ones red, an empty one grey.
    assert fills[0] == fills[2] != fills[3] and fills[1] == "#e6e3dc"
    assert "Ember against Tide: 10.0% (1.8% to 40.4%, n=10)" in root.find(f"{SVG}desc").text


def test_the_same_chart_gives_the_same_markup_and_two_charts_do_not_share_ids():
    one = win_rate_svg([("A", wilson_interval(1, 2))], title="One")
    two = win_rate_svg([("B", wilson_interval(1, 2))], title="Two")
    assert one == win_rate_svg([("A", wilson_interval(1, 2))], title="One")
    assert not _ids(one) & _ids(two)


def _ids(markup):
    return {e.get("id") for e in ET.fromstring(markup).iter() if e.get("id")}


estimates = st.one_of(
    st.integers(0, 500).flatmap(lambda n: st.integers(0, n).map(lambda k: wilson_interval(k, n))),
    st.lists(st.tuples(*[st.sampled_from([0, 0.5, 1])] * 2), max_size=5).map(
        lambda pairs: paired_proportion_difference(*paired_table(pairs))
    ),
)


@given(st.lists(st.tuples(st.text(max_size=30), estimates), max_size=6))
def test_any_rows_make_a_well_formed_chart(rows):
    for chart in (win_rate_svg, difference_svg):
        root = _parse(chart(rows, title="Rows"))
        for element in root.iter():
            for name in ("x", "y", "width", "height"):
                if element.get(name) is not None:
                    assert math.isfinite(float(element.get(name)))
    assert WIDTH <= 390
