"""The table's log: a combat's roll opens (a <details>, tapped on a phone) onto where each
die came from, the same for both players and a spectator (R22)."""

from __future__ import annotations

from functools import cache
from html import escape

from games.engine import MeleeRolled, RangedRolled, combat_detail
from games.matches.table.drawing import table_for
from games.matches.table.log import log_line
from tests.games.test_table import Moment, moments, render


@cache
def a_roll_with_cards() -> tuple[Moment, MeleeRolled | RangedRolled]:
    """The first state of a bot game just after a roll whose pools name a card."""
    for seed in range(1, 12):
        for moment in moments(seed):
            last = moment.events[-3:]
            for event in last:
                if isinstance(event, MeleeRolled | RangedRolled) and any(
                    part.card for part in (*event.attack_pool.parts, *event.defense_pool.parts)
                ):
                    return moment, event
    raise AssertionError("no roll named a card in the bot games")


def test_r22_a_rolls_log_line_carries_where_its_dice_came_from():
    _, event = a_roll_with_cards()
    line = log_line(event)
    assert line.rule == "R22"
    assert line.detail == combat_detail(event)
    assert len(line.detail) >= 3  # each side, then the tie rule


def test_r22_a_rolls_log_entry_opens_onto_its_breakdown():
    moment, event = a_roll_with_cards()
    table = table_for(moment.state, 0, moment.events, moment.number)
    html = render(table, "games/_log.html")
    assert f'<details class="log-detail"><summary>{escape(event.log_line())}' in html
    for part in combat_detail(event):
        assert f"<li>{escape(part)}</li>" in html


def test_r22_every_reader_sees_the_same_breakdown():
    moment, event = a_roll_with_cards()
    seen = {
        tuple(line.detail for line in table_for(moment.state, seat, moment.events, 1).log)
        for seat in (0, 1, None)
    }
    assert len(seen) == 1
    assert combat_detail(event) in seen.pop()


def test_other_log_lines_open_onto_nothing():
    moment, _ = a_roll_with_cards()
    table = table_for(moment.state, 0, moment.events, moment.number)
    rolls = {e.log_line() for e in moment.events if isinstance(e, MeleeRolled | RangedRolled)}
    assert all(bool(line.detail) == (line.text in rolls) for line in table.log)
    opened = sum(1 for line in table.log if line.detail)
    assert render(table, "games/_log.html").count("<details") == opened >= 1
