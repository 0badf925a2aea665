"""The per-card table of a matchup's results: sorted by any figure, filtered by card name
and kind, each figure a link to a sample of the games it counts; htmx swaps the tables
alone, and the same links work as plain pages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.simulations.card_table import (
    FIGURES,
    CardQuery,
    card_rows,
    counted_games,
)
from games.simulations.confidence import Estimate
from games.simulations.figures import CardFigures
from games.simulations.services import job_figures, job_summaries
from tests.games.simulation_jobs import simulation_start

pytestmark = pytest.mark.django_db

NONE = Estimate(0.0, 0.0, 1.0, 0)


def card(name: str, drawn: float, count: int = 10) -> CardFigures:
    rate = Estimate(drawn, 0.0, 1.0, count)
    return CardFigures(name, 10, rate, rate, rate, rate, rate)


CARDS = [
    card("Cinder Hound", 0.4),
    card("ash squire", 0.6),
    card("Blaze", 0.5),
    card("Ember", 0, 0),
]
KINDS = {"Cinder Hound": "avatar", "ash squire": "avatar", "Blaze": "action", "Ember": "item"}


def names(rows) -> list[str]:
    return [row.card.name for row in rows]


def test_cards_come_by_name_unless_asked(db):
    assert names(card_rows(CARDS, KINDS, CardQuery())) == [
        "ash squire",
        "Blaze",
        "Cinder Hound",
        "Ember",
    ]


def test_a_figure_sorts_highest_first_and_no_games_last_either_way():
    query = CardQuery.of({"sort": "-drawn"})
    assert names(card_rows(CARDS, KINDS, query)) == ["ash squire", "Blaze", "Cinder Hound", "Ember"]
    query = CardQuery.of({"sort": "drawn"})
    assert names(card_rows(CARDS, KINDS, query)) == ["Cinder Hound", "Blaze", "ash squire", "Ember"]


def test_a_heading_link_turns_the_order_round():
    assert CardQuery().sort_link("drawn") == "-drawn"
    assert CardQuery.of({"sort": "-drawn"}).sort_link("drawn") == "drawn"
    assert CardQuery.of({"sort": "drawn"}).sort_link("drawn") == "-drawn"
    assert CardQuery().sort_link("name") == "-name"
    assert CardQuery.of({"sort": "-drawn"}).aria_sort("drawn") == "descending"


def test_the_name_filter_keeps_cards_whose_name_holds_it_in_any_case():
    query = CardQuery.of({"name": "  CIN  "})
    assert names(card_rows(CARDS, KINDS, query)) == ["Cinder Hound"]


def test_the_kind_filter_keeps_that_kind_and_ignores_an_unknown_one():
    assert names(card_rows(CARDS, KINDS, CardQuery.of({"kind": "avatar"}, ["avatar"]))) == [
        "ash squire",
        "Cinder Hound",
    ]
    assert CardQuery.of({"kind": "poker"}, ["avatar"]).kind == ""
    assert CardQuery.of({"sort": "-'; drop"}).sort == "name"


@pytest.fixture
def job(alice, alices_deck, bobs_deck):
    return simulation_start(alice, alices_deck, bobs_deck)


def page(client, alice, job, query="", **headers) -> str:
    client.force_login(alice)
    response = client.get(f"/simulations/{job.pk}/{query}", headers=headers)
    assert response.status_code == 200
    return unescape(response.content.decode())


def table_cards(html: str, deck: str = "a") -> list[str]:
    table = re.search(
        rf'<table class="card-table sortable-cards" data-deck="{deck}">.*?</table>', html, re.S
    )
    return re.findall(r'<tr data-card="([^"]+)"', table.group())


def test_the_page_sorts_each_table_by_a_figure(client, alice, job):
    html = page(client, alice, job, "?sort=-drawn")
    cards = {c.name: c for c in job_figures(job).cards[0]}
    shown = table_cards(html)
    measured = [name for name in shown if cards[name].drawn.count]
    values = [cards[name].drawn.value for name in measured]
    assert values == sorted(values, reverse=True) and len(shown) == len(cards)
    assert 'aria-sort="descending" data-column="drawn"' in html


def test_the_page_filters_by_name_and_kind(client, alice, job):
    kinds = {c["name"]: c["kind"] for c in job.decks[0]["cards"]}
    avatar = sorted(name for name, kind in kinds.items() if kind == "avatar")[0]
    html = page(client, alice, job, f"?name={avatar[:5]}&kind=avatar")
    shown = table_cards(html)
    assert avatar in shown
    assert all(kinds[name] == "avatar" and avatar[:5].lower() in name.lower() for name in shown)
    assert f"{len(shown)} of {len(kinds)} cards" in html


def test_htmx_gets_the_tables_alone(client, alice, job):
    html = page(
        client, alice, job, "?sort=played", **{"HX-Request": "true", "HX-Target": "card-tables"}
    )
    assert html.lstrip().startswith("{#") is False and '<div id="card-tables"' in html
    assert "<html" not in html and "simulation-charts" not in html
    # The order rides along with the filter form, so filtering keeps it.
    assert '<input type="hidden" name="sort" value="played" form="card-filter">' in html


def test_each_figure_links_to_the_games_it_counts(client, alice, job):
    html = page(client, alice, job)
    for card in job_figures(job).cards[0]:
        for figure in FIGURES:
            link = f"cards/games/?deck=a&card={card.name.replace(' ', '%20')}&counts={figure}"
            # A figure of no games has no games to show.
            assert (link in html) == bool(getattr(card, figure).count)


# The games each figure counts, said again here so that the service is checked against
# the figures' own definitions (games.simulations.figures.card_figures).
COUNTED = {
    "opening_hand": lambda sighting: sighting.in_opening_hand,
    "drawn": lambda sighting: sighting.drawn,
    "not_drawn": lambda sighting: not sighting.drawn,
    "played": lambda sighting: sighting.played,
    "improvement": lambda sighting: True,
}


@pytest.mark.parametrize("figure", FIGURES)
def test_a_figures_games_are_the_games_it_counts(client, alice, job, figure):
    summaries = job_summaries(job)
    cards = job_figures(job).cards[0]
    name = next(c.name for c in cards if getattr(c, figure).count)
    expected = [
        index
        for index, summary in enumerate(summaries)
        for s in summary.cards[0]
        if s.name == name and COUNTED[figure](s)
    ]
    found = counted_games(job, deck="a", card=name, figure=figure, limit=5)
    assert [game.index for game in found] == expected[:5]
    client.force_login(alice)
    response = client.get(
        f"/simulations/{job.pk}/cards/games/", {"deck": "a", "card": name, "counts": figure}
    )
    html = unescape(response.content.decode())
    assert response.status_code == 200 and name in html
    assert re.findall(r'<tr data-game="(\d+)">', html) == [str(i) for i in expected[:20]]
    assert f"/simulations/{job.pk}/games/{expected[0]}/watch/" in html


def test_a_figure_of_no_card_or_no_figure_is_not_found(client, alice, bob, job):
    client.force_login(alice)
    url = f"/simulations/{job.pk}/cards/games/"
    name = job_figures(job).cards[0][0].name
    assert client.get(url, {"deck": "a", "card": "Nothing", "counts": "drawn"}).status_code == 404
    assert client.get(url, {"deck": "c", "card": name, "counts": "drawn"}).status_code == 404
    assert client.get(url, {"deck": "a", "card": name, "counts": "luck"}).status_code == 404
    client.force_login(bob)
    assert client.get(url, {"deck": "a", "card": name, "counts": "drawn"}).status_code == 404
