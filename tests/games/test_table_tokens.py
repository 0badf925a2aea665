"""The board's tokens and targets as drawn (games.matches.table.board, _board.svg.html).

An Avatar's token keeps its texts inside it and its corners clear of the counters and
stones beside it; a target that starts a combat (R19) is drawn and worded apart from a move;
an Avatar that may be activated carries where it could go once activated (R13, R14); every
hit area is large enough for a finger. Positions: tests/games/table_scenes.py.
"""

from __future__ import annotations

import math
import re
from html.parser import HTMLParser

from games.engine import describe_decision
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder
from games.matches.table.board import LABEL_ROOM, LABEL_SIZE, fitted_length
from games.matches.table.decision import decision_panel, target_kind
from tests.games.engine.cards import FLAME_SPIRIT
from tests.games.table_scenes import (
    ARCHER_AT,
    BLUE_STONE_AT,
    GUARD_AT,
    MOVE_TO,
    SENTINEL_AT,
    SPIRIT_AT,
    WARDEN_AT,
    facing_off,
    red_table,
    warden_activated,
)
from tests.games.test_table import render

# The narrowest board the table draws: a 390 px phone less the page's padding (.5rem a side).
PHONE_BOARD_PX = 390 - 16
FINGER_PX = 44


class Drawing(HTMLParser):
    """The board's places, Avatars and forms by their attributes; each Avatar's markup."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.places: dict[str, dict] = {}
        self.avatars: dict[str, dict] = {}
        self.forms: list[dict] = []
        self.hits: list[tuple[str, dict]] = []
        self.view_box = ""
        self.feed(html)
        self.markup = {
            key: html[html.index(f'data-at="{key}"') :].split("</g>", 1)[0] for key in self.avatars
        }

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = attributes.get("class", "").split()
        if tag == "svg" and "board-field" in classes:
            self.view_box = attributes["viewbox"]
        if "place" in classes and "data-place" in attributes:
            self.places[attributes["data-place"]] = attributes
        if "avatar" in classes and "data-at" in attributes:
            self.avatars[attributes["data-at"]] = attributes
        if tag == "form" and "data-choice" in attributes:
            self.forms.append(attributes)
        if {"place-hit", "avatar-hit"} & set(classes):
            self.hits.append((tag, attributes))


def drawing(scene) -> Drawing:
    return Drawing(render(red_table(scene)))


def classes(attributes: dict) -> set[str]:
    return set(attributes.get("class", "").split())


# --- attack targets and move targets ---------------------------------------------------------


def test_an_attack_target_is_drawn_and_worded_apart_from_a_move_R19():
    places = drawing(warden_activated()).places
    attack, move = places[SENTINEL_AT], places[MOVE_TO]
    assert {"is-target", "is-attack"} <= classes(attack)
    assert attack["aria-label"].startswith("d4, attack target: Ember Warden at c3 attacks")
    assert "is-target" in classes(move) and "is-attack" not in classes(move)
    assert move["aria-label"] == "c5, move target: Move Ember Warden c3–c5"


def test_a_form_with_a_place_says_whether_it_attacks_or_moves_there():
    for form in drawing(warden_activated()).forms:
        kind = form["class"].split("kind-")[1]
        expected = {"melee_attack": "attack", "move": "move"}.get(kind)
        assert form.get("data-target-kind") == expected, kind


def test_a_realm_stone_and_a_ranged_target_are_attack_targets_R19():
    places = drawing(facing_off().do("activate e6")).places
    for key, words in ((BLUE_STONE_AT, "F6, attack target: "), (GUARD_AT, "f5, attack target: ")):
        assert "is-attack" in classes(places[key])
        assert places[key]["aria-label"].startswith(words)
    assert "Ranged attack: Ash Archer at e6 on Guard at f5" in places[GUARD_AT]["aria-label"]


def test_a_place_with_no_combat_is_not_an_attack():
    assert target_kind(()) == ""


# --- what an Avatar could do once activated ----------------------------------------------


def test_reach_is_what_the_avatar_could_do_once_activated_R13_R14():
    table = red_table(facing_off())
    warden = table.board.avatars[0]
    assert warden.point.key == WARDEN_AT
    reach = table.panel.reach[warden.sources]
    activated = warden_activated()
    real = decision_panel(describe_decision(activated.state), 6)
    assert {(c.point, c.target_kind, c.action) for c in reach} == {
        (c.point, c.target_kind, c.action) for c in real.choices if c.point
    }


def test_reach_is_drawn_on_places_and_never_offered_as_a_form():
    board = drawing(facing_off())
    warden, archer = (
        board.avatars[WARDEN_AT]["data-source"],
        board.avatars[ARCHER_AT]["data-source"],
    )
    move = board.places[MOVE_TO]
    assert warden in move["data-reach"].split() and "data-reach-attacks" not in move
    attacked = board.places[SENTINEL_AT]
    assert {warden, archer} <= set(attacked["data-reach-attacks"].split())
    assert archer in board.places[BLUE_STONE_AT]["data-reach-attacks"].split()
    assert not any("is-target" in classes(place) for place in board.places.values())
    assert not any(form["data-point"] for form in board.forms)


def test_the_activated_avatar_is_drawn_picked():
    before, after = drawing(facing_off()), drawing(warden_activated())
    assert "is-selected" not in classes(before.avatars[WARDEN_AT])
    assert before.avatars[WARDEN_AT]["aria-pressed"] == "false"
    assert "is-selected" in classes(after.avatars[WARDEN_AT])
    assert after.avatars[WARDEN_AT]["aria-pressed"] == "true"


# --- the tokens ---------------------------------------------------------------------------


def test_an_exhausted_token_stands_upright_its_traits_set_to_fit_R18():
    board = drawing(facing_off())
    sentinel = board.markup[SENTINEL_AT]
    assert "exhausted" in classes(board.avatars[SENTINEL_AT])
    assert "rotate" not in sentinel
    assert 'textLength="28" lengthAdjust="spacingAndGlyphs"' in sentinel
    traits = re.sub(r"<[^>]+>", "", sentinel.split('class="avatar-traits"')[1].split("</text>")[0])
    assert traits.split(">", 1)[1] == "1·1·0·1"  # Tide Sentinel 2·2·0·2, each 1 lower


def test_a_label_too_wide_for_its_token_is_squeezed_into_it():
    assert fitted_length("QYC", LABEL_SIZE, LABEL_ROOM) == str(LABEL_ROOM)
    assert fitted_length("WWM", LABEL_SIZE, LABEL_ROOM) == str(LABEL_ROOM)
    assert fitted_length("TS", LABEL_SIZE, LABEL_ROOM) == ""


def test_a_token_keeps_clear_of_the_counters_and_stones_on_its_corners():
    """The token (38 units, corners rounded by 11, a 3-unit outline) against a counter
    (radius 7, outline 1.6) and a Realm Stone (a 16-unit square turned a quarter, outline
    2.6) on a corner of its space, 24 units across and up from its centre."""
    html = render(red_table(facing_off()), "games/_board.svg.html")
    body = re.search(
        r'<rect x="-(\d+)" y="-\d+" width="\d+" height="\d+" rx="(\d+)" class="avatar-body"', html
    )
    half, round_ = (int(n) for n in body.groups())
    outline = 1.5
    corner = math.dist((half - round_, half - round_), (24, 24))
    counter = int(re.search(r'<circle r="(\d+)"/>', html.split('class="counters"')[1])[1])
    assert corner - (round_ + outline) > counter + 0.8
    # Along the diagonal the token's outline reaches its corner arc; the stone's near edge
    # lies across that diagonal.
    token_reach = (half - round_) * math.sqrt(2) + round_ + outline
    stone = int(re.search(r'<rect x="-(\d+)"', html.split('class="stones"')[1])[1])
    stone_edge = 24 * math.sqrt(2) - (stone + 1.3)
    assert token_reach < stone_edge


def test_a_counter_under_a_walker_shows_on_its_rim():
    builder = (
        ScenarioBuilder().stone(RED, "C2").stone(BLUE, "F6").fill(RED, 2, 10).fill(BLUE, 2, 10)
    )
    scene = builder.counters(RED, "D4 E4").avatar(RED, FLAME_SPIRIT, "D4").activation(RED)
    html = render(red_table(scene), "games/_board.svg.html")
    under = html.split('class="counters counters-under"')[1].split("</g>\n  </g>")[0]
    assert "Red Shén on D4, under Flame Spirit" in under and "E4" not in under
    assert html.index('class="avatars path-avatars"') < html.index("counters-under")
    assert html.count('class="counter owner-red"') == 2


def test_an_item_marks_the_top_edge_of_its_token():
    archer = drawing(facing_off()).markup[ARCHER_AT]
    assert '<rect class="avatar-item" x="0" y="-19"' in archer


def test_every_hit_area_is_a_fingers_width_on_a_phone():
    board = drawing(warden_activated())
    width = int(board.view_box.split()[2])
    scale = PHONE_BOARD_PX / width
    sizes = {
        float(hit["width"]) if tag == "rect" else 2 * float(hit["r"]) for tag, hit in board.hits
    }
    assert board.hits and min(sizes) * scale >= FINGER_PX, (sizes, scale)
    assert {SPIRIT_AT, WARDEN_AT} <= set(board.avatars)


# --- what explains them ---------------------------------------------------------------------


def test_every_avatar_has_a_caption_naming_it():
    html = render(red_table(facing_off()))
    caption = html.split(f'data-caption-for="{SENTINEL_AT}"')[1].split("</p>")[0]
    assert "Tide Sentinel" in caption and "Blue's" in caption and "exhausted" in caption
    assert "Melee <span" in caption and "Printed 2·2·0·2" in caption


def test_the_key_explains_every_mark_of_the_board():
    html = render(red_table(facing_off()))
    key = html.split('class="board-key"')[1].split("</details>")[0]
    for words in (
        "Key to the board",
        "Melee · Defense · Ranged · Movement",
        "Ready",
        "Exhausted",
        "Spirit Path",
        "Item",
        "Red</strong>",
        "Blue</strong>",
        "Shén counters",
        "Realm Stone",
        "Anchor Point",
        "Move target",
        "Attack target",
        "once activated",
    ):
        assert words in key, words
