"""The table round more than two seats (M1-M9): every seat's side, colour and counters,
team-mates marked, players who are out, the turn order, and no other hand shown."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine import PLAYER_NAMES, RULESETS, RandomBot, apply, new_game, view_for
from games.engine.scenarios import Scenario
from games.engine.testing.samples import sample_table
from games.engine.testing.scenario import BLUE, GREEN, RED, YELLOW
from games.matches.table.board import COUNTER_MARKS, colour
from games.matches.table.drawing import table_for
from tests.games.engine.cards import WARDEN
from tests.games.engine.multiplayer import seated
from tests.games.test_table import render


def _team_table(out: tuple[int, ...] = ()):
    """Four seats in two teams (Red and Green against Blue and Yellow), a counter of each
    seat beside its Realm Stone, a Warden of Red's, Blue's turn."""
    builder = seated(4, teams=2)
    for seat, vertex in zip((RED, BLUE, GREEN, YELLOW), ("E4", "I4", "I8", "E8"), strict=True):
        builder.counters(seat, vertex)
    builder.avatar(RED, WARDEN, "e5")
    return builder.out(*out).activation(BLUE, turn_player=BLUE).state


def test_m1_every_seat_has_its_side_in_its_own_colour():
    table = table_for(_team_table(), RED, (), 0)
    assert [side.name for side in table.sides] == ["Red", "Blue", "Green", "Yellow"]
    assert [side.colour for side in table.sides] == ["red", "blue", "green", "yellow"]
    assert {counter.colour for counter in table.board.counters} == {
        "red",
        "blue",
        "green",
        "yellow",
    }


def test_m1_each_seats_counters_bear_their_own_mark():
    table = table_for(_team_table(), RED, (), 0)
    marks = {counter.owner: counter.mark for counter in table.board.counters}
    assert marks == {seat: COUNTER_MARKS[seat] for seat in (RED, BLUE, GREEN, YELLOW)}
    assert len(set(COUNTER_MARKS)) == len(PLAYER_NAMES)


def test_every_seat_colour_is_drawn_by_the_style_sheet():
    css = (Path(__file__).parents[2] / "static/css/site.css").read_text()
    for seat in range(len(PLAYER_NAMES)):
        assert re.search(rf"\.owner-{colour(seat)}, \.holder-{colour(seat)} \{{ --seat:", css)


def test_m4_team_mates_are_marked_on_their_sides():
    table = table_for(_team_table(), RED, (), 0)
    red, blue, green, yellow = table.sides
    assert (red.team, red.team_mates) == ("Team 1", ("Green",))
    assert (blue.team, blue.team_mates) == ("Team 2", ("Yellow",))
    assert green.your_team_mate and not blue.your_team_mate and not yellow.your_team_mate
    page = render(table)
    assert "Team 1 · with Green" in page
    assert "your team-mate" in page


def test_m7_a_player_who_is_out_is_marked_and_left_out_of_the_turn_order():
    table = table_for(_team_table(out=(GREEN,)), RED, (), 0)
    assert [side.is_out for side in table.sides] == [False, False, True, False]
    assert table.round_order == ("Blue", "Yellow", "Red")
    page = render(table)
    assert "Out of the game" in page
    assert re.search(r'class="side owner-green[^"]* out"', page)


def test_m3_the_turn_order_starts_with_the_turns_player():
    table = table_for(_team_table(), YELLOW, (), 0)
    assert table.round_order == ("Blue", "Green", "Yellow", "Red")
    assert [side.in_turn for side in table.sides] == [False, True, False, False]
    assert 'aria-label="Turn order"' in render(table)


def test_a_two_seat_table_tells_no_turn_order_nor_teams():
    state = new_game(RULESETS["beta-2026-07"], sample_table("beta-2026-07", 1, 2), 1)
    page = render(table_for(state, 0, (), 0))
    assert 'aria-label="Turn order"' not in page
    assert "side-marks" not in page


def test_m1_the_board_is_seen_from_reds_chair_by_every_seat_of_a_bigger_table():
    state = _team_table()
    assert not any(table_for(state, seat, (), 0).board.flipped for seat in range(4))


def test_m9_no_seat_sees_another_seats_hand_at_the_table():
    state = _team_table()
    names = {seat: {state.cards[c].name for c in state.hands[seat]} for seat in range(4)}
    for seat in range(4):
        hand = {card.name for card in table_for(state, seat, (), 0).hand}
        assert hand == names[seat]
        assert {c.card for c in table_for(state, seat, (), 0).hand} == set(state.hands[seat])


def test_the_key_names_every_seats_pieces():
    page = render(table_for(_team_table(), RED, (), 0))
    for name, mark in (("Green", "a white bar"), ("Yellow", "a white column")):
        assert f"<strong>{name}</strong>'s pieces are {name.lower()}" in page
        assert mark in page


@pytest.mark.parametrize(
    ("players", "teams", "side"), [(3, 0, 10), (4, 2, 10), (6, 0, 12), (6, 3, 16)]
)
def test_any_moment_of_a_bigger_game_draws_for_every_seat(players, teams, side):
    """A random game of ``players`` seats on a ``side``-square board, drawn for every seat
    and a spectator at every 25th state: it never raises and shows only the seat's hand."""
    ruleset = RULESETS["beta-2026-07"]
    scenario = Scenario(width=side, height=side, players=players, teams=teams)
    state = new_game(ruleset, sample_table(ruleset.name, 3, players), 3, scenario)
    bots = [RandomBot(seat) for seat in range(players)]
    for step in range(400):
        if state.result is not None:
            break
        if step % 25 == 0:
            for seat in (*range(players), None):
                table = table_for(state, seat, (), step)
                assert len(table.sides) == players
                shown = {card.card for card in table.hand}
                assert shown == (set(state.hands[seat]) if seat is not None else set())
                render(table)
        state, _ = apply(state, bots[state.to_decide].choose(view_for(state, state.to_decide)))
