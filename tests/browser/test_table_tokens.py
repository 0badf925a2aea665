"""The board's tokens in Chromium, at a desktop's width and a phone's: their texts inside them,
no counter or stone under them, a key to the board, an Avatar's name on hover and on tap,
attack targets unlike move targets, an activation's reach, and hit areas a finger can take.

The tables are positions of the scenario builder (tests/games/table_scenes.py), served with
the site's CSS, htmx, table.js and Content-Security-Policy; a console error or a policy
violation fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qsl

import pytest
from playwright.sync_api import expect

from tests.browser.test_content_security_policy import RECORD_VIOLATIONS
from tests.games.table_scenes import (
    MOVE_TO,
    SENTINEL_AT,
    WARDEN_AT,
    facing_off,
    red_table,
    warden_activated,
)
from tests.games.test_table import ACT_URL, render

pytestmark = pytest.mark.browser

ORIGIN = "http://table.test"
STATIC = Path(__file__).resolve().parents[2] / "static"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)
HTMX_CONFIG = (
    '<meta name="htmx-config" content=\'{"allowEval": false, "includeIndicatorStyles": false,'
    ' "attributesToSettle": ["class", "width", "height"]}\'>'
)
WIDTHS = [1280, 390]
FINGER_PX = 44


class BoardPage:
    """``tables`` served one after the other: the first at /table/, the next as the answer to
    each action posted (as htmx swaps it in), at ``width`` (a touch phone at 390 px)."""

    def __init__(self, browser, tables, width: int) -> None:
        self.tables = list(tables)
        self.posted: list[dict] = []
        self.problems: list[str] = []
        self.phone = width < 600
        self.context = browser.new_context(
            viewport={"width": width, "height": 900}, has_touch=self.phone, is_mobile=self.phone
        )
        self.context.route(f"{ORIGIN}/**", self._serve)
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(m.text))
        self.page.on("pageerror", lambda error: self.problems.append(str(error)))
        self.page.add_init_script(RECORD_VIOLATIONS)
        self.page.goto(f"{ORIGIN}/table/")
        self.page.wait_for_load_state("networkidle")

    def _serve(self, route):
        request = route.request
        path = request.url.removeprefix(ORIGIN)
        if request.method == "POST" and path == ACT_URL:
            fields = dict(parse_qsl(request.post_data))
            fields.pop("csrfmiddlewaretoken", None)
            self.posted.append(fields)
            following = (
                self.tables[len(self.posted)] if len(self.posted) < len(self.tables) else None
            )
            if following is None:
                route.fulfill(status=204)
            else:
                route.fulfill(body=render(following), content_type="text/html")
        elif path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            kind = "text/css" if file.suffix == ".css" else "text/javascript"
            route.fulfill(body=file.read_bytes(), content_type=kind)
        elif path == "/table/":
            html = (
                '<!doctype html><html lang="en"><head><meta charset="utf-8">'
                '<meta name="viewport" content="width=device-width, initial-scale=1">'
                f'{HTMX_CONFIG}<script src="/static/js/htmx.min.js" defer></script>'
                '<link rel="stylesheet" href="/static/css/site.css">'
                '<link rel="stylesheet" href="/static/css/table.css">'
                '<script src="/static/js/table.js" defer></script>'
                f'</head><body><main id="main">{render(self.tables[0])}</main></body></html>'
            )
            route.fulfill(
                body=html, content_type="text/html", headers={"Content-Security-Policy": CSP}
            )
        else:
            route.fulfill(status=404)

    def tap_or_click(self, locator) -> None:
        """A tap on a phone, a click on a desktop."""
        if self.phone:
            locator.tap()
        else:
            locator.click()

    def clean(self) -> None:
        """No console error, no failed script, no policy violation so far."""
        self.page.wait_for_timeout(200)
        assert (self.problems, self.page.evaluate("window.__violations")) == ([], [])

    def __enter__(self) -> BoardPage:
        return self

    def __exit__(self, *exc) -> None:
        self.context.close()


def board(page):
    return page.locator("#main svg.board")


# In the board's own units: the box of each text of each token against its token's outline.
TEXTS_OUTSIDE = """() => {
  const out = [];
  document.querySelectorAll('svg.board .avatar').forEach((avatar) => {
    const body = avatar.querySelector('.avatar-body');
    const outer = body.getBoundingClientRect();
    avatar.querySelectorAll('text').forEach((text) => {
      const r = text.getBoundingClientRect();
      const inside = r.left >= outer.left && r.right <= outer.right
        && r.top >= outer.top && r.bottom <= outer.bottom;
      const b = text.getBBox();
      const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                       [b.x + b.width, b.y + b.height]];
      const filled = corners.every(([x, y]) => body.isPointInFill(new DOMPoint(x, y)));
      if (!inside || !filled) out.push(`${avatar.dataset.name}: ${text.textContent}`);
    });
  });
  return out;
}"""

# Points around each counter's and stone's outline, in the board's units, that lie on a
# token's fill or outline: a token drawn over them would hide them there.
PIECES_UNDER_TOKENS = """() => {
  const origin = (g) => g.transform.baseVal.consolidate().matrix;
  const bodies = Array.from(document.querySelectorAll('svg.board .avatar')).map((avatar) =>
    [avatar, avatar.querySelector('.avatar-body'), origin(avatar)]);
  const hits = [];
  document.querySelectorAll('svg.board .counter, svg.board .stone').forEach((piece) => {
    const at = origin(piece);
    // A counter's outline is a circle; a stone's a square turned a quarter (|x| + |y| fixed).
    const counter = piece.classList.contains('counter');
    const reach = counter ? 7 + 0.8 : (8 + 1.3) * Math.SQRT2;
    for (let n = 0; n < 48; n += 1) {
      const angle = (n / 48) * 2 * Math.PI;
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      const r = counter ? reach : reach / (Math.abs(cos) + Math.abs(sin));
      const x = at.e + r * cos;
      const y = at.f + r * sin;
      bodies.forEach(([avatar, body, m]) => {
        const p = new DOMPoint(x - m.e, y - m.f);
        if (body.isPointInFill(p) || body.isPointInStroke(p)) {
          hits.push(`${piece.querySelector('title').textContent} under ${avatar.dataset.name}`);
        }
      });
    }
  });
  return Array.from(new Set(hits));
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_token_texts_stay_inside_their_tokens_exhausted_too(browser, width):
    with BoardPage(browser, [red_table(facing_off())], width) as view:
        page = view.page
        exhausted = page.locator("svg.board .avatar.exhausted")
        assert exhausted.count() == 2  # the Tide Sentinel and the Guard
        assert page.evaluate(TEXTS_OUTSIDE) == []
        traits = page.locator(f'svg.board .avatar[data-at="{SENTINEL_AT}"] .avatar-traits')
        assert traits.text_content() == "1·1·0·1"
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_no_token_covers_a_counter_or_stone_beside_it(browser, width):
    with BoardPage(browser, [red_table(facing_off())], width) as view:
        page = view.page
        # The exhausted Sentinel has a counter on each corner; the Archer a stone on one.
        assert page.locator("svg.board .counter").count() == 6
        assert page.evaluate(PIECES_UNDER_TOKENS) == []
        # In boxes: where a counter's box meets a token's, it is only within the token's
        # rounded corner, which the token leaves empty.
        overlaps = page.evaluate(
            """() => {
              const boxes = (s) => Array.from(document.querySelectorAll(s))
                .map((e) => [e, e.getBoundingClientRect()]);
              const out = [];
              boxes('svg.board .avatar:not(.walker) .avatar-body').forEach(([body, t]) => {
                const corner = (body.rx.baseVal.value / body.width.baseVal.value) * t.width;
                boxes('svg.board .counter circle:first-child').forEach(([, c]) => {
                  const w = Math.min(c.right, t.right) - Math.max(c.left, t.left);
                  const h = Math.min(c.bottom, t.bottom) - Math.max(c.top, t.top);
                  if (w > 0 && h > 0 && (w > corner || h > corner)) out.push([w, h, corner]);
                });
              });
              return out;
            }"""
        )
        assert overlaps == []
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_key_under_the_board_explains_the_token(browser, width):
    with BoardPage(browser, [red_table(facing_off())], width) as view:
        page = view.page
        key = page.locator(".board-key")
        summary = key.locator("summary")
        expect(summary).to_have_text("Key to the board")
        assert summary.bounding_box()["y"] > board(page).bounding_box()["y"]
        assert summary.bounding_box()["height"] >= FINGER_PX
        summary.click()
        for words in ("Melee · Defense · Ranged · Movement", "Exhausted", "Attack target"):
            expect(key.get_by_text(words, exact=False).first).to_be_visible()
        assert key.locator(".board-swatch").count() >= 10
        view.clean()


def test_an_avatars_name_shows_under_the_mouse(browser):
    with BoardPage(browser, [red_table(facing_off())], 1280) as view:
        page = view.page
        caption = page.locator(f'.board-caption[data-caption-for="{SENTINEL_AT}"]')
        expect(caption).to_be_hidden()
        page.locator(f'svg.board .avatar[data-at="{SENTINEL_AT}"]').hover()
        expect(caption).to_be_visible()
        expect(caption).to_contain_text("Tide Sentinel")
        expect(caption).to_contain_text("exhausted")
        token = page.locator(f'svg.board .avatar[data-at="{SENTINEL_AT}"] .avatar-body')
        # Above the token, close to it.
        assert (
            caption.bounding_box()["y"] + caption.bounding_box()["height"]
            <= token.bounding_box()["y"]
        )
        page.mouse.move(5, 5)
        expect(caption).to_be_hidden()
        view.clean()


def test_a_tap_names_the_avatar_under_the_board(browser):
    with BoardPage(browser, [red_table(facing_off())], 390) as view:
        page = view.page
        caption = page.locator(f'.board-caption[data-caption-for="{SENTINEL_AT}"]')
        page.locator(f'svg.board .avatar[data-at="{SENTINEL_AT}"]').tap()
        expect(caption).to_be_visible()
        expect(caption).to_contain_text("Tide Sentinel")
        box, field = caption.bounding_box(), board(page).bounding_box()
        assert box["y"] >= field["y"] + field["height"], "the caption hides part of the board"
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.locator("h2").first.tap()  # elsewhere
        expect(caption).to_be_hidden()
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_tap_on_a_token_that_acts_still_acts_and_names_it(browser, width):
    """Tapping the Warden picks it; tapping the Sentinel it may attack points at the attack
    options (three: from c3, d3 or c4); each names its Avatar as well."""
    with BoardPage(browser, [red_table(facing_off())], width) as view:
        page = view.page
        warden = page.locator(f'svg.board .avatar[data-at="{WARDEN_AT}"]')
        view.tap_or_click(warden)
        assert "is-selected" in warden.get_attribute("class").split()
        expect(page.locator(f'.board-caption[data-caption-for="{WARDEN_AT}"]')).to_be_visible()
        view.clean()
    with BoardPage(browser, [red_table(warden_activated())], width) as view:
        page = view.page
        target = page.locator(f'svg.board .place[data-place="{SENTINEL_AT}"]')
        caption = page.locator(f'.board-caption[data-caption-for="{SENTINEL_AT}"]')
        if not view.phone:
            target.hover()  # the click then points at a button, and the mouse is off it
            expect(caption).to_be_visible()
        view.tap_or_click(target)
        assert page.locator("form.choice.is-candidate").count() == 3
        if view.phone:
            expect(caption).to_be_visible()
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_an_attack_target_looks_unlike_a_move_target(browser, width):
    with BoardPage(browser, [red_table(warden_activated())], width) as view:
        page = view.page
        attack = page.locator(f'svg.board .place[data-place="{SENTINEL_AT}"]')
        move = page.locator(f'svg.board .place[data-place="{MOVE_TO}"]')
        expect(attack.locator(".attack-mark")).to_be_visible()
        expect(attack.locator(".place-mark")).to_be_hidden()
        expect(move.locator(".place-mark")).to_be_visible()
        expect(move.locator(".attack-mark")).to_be_hidden()
        stroke = "(e) => getComputedStyle(e).stroke"
        assert attack.locator(".attack-mark circle").evaluate(stroke) != move.locator(
            ".place-mark"
        ).evaluate(stroke)
        assert attack.get_attribute("aria-label").startswith("d4, attack target: ")
        assert move.get_attribute("aria-label").startswith("c5, move target: ")
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_activated_avatar_and_its_targets_are_highlighted(browser, width):
    with BoardPage(browser, [red_table(warden_activated())], width) as view:
        page = view.page
        warden = page.locator(f'svg.board .avatar[data-at="{WARDEN_AT}"]')
        assert "is-selected" in warden.get_attribute("class").split()
        assert warden.get_attribute("aria-pressed") == "true"
        assert page.locator("svg.board .place.is-target").count() == 23  # 22 moves, 1 attack
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_picking_an_avatar_shows_where_it_could_move_or_attack_once_activated(browser, width):
    with BoardPage(browser, [red_table(facing_off())], width) as view:
        page = view.page
        reach = page.locator("svg.board .place.is-reach")
        assert reach.count() == 0
        view.tap_or_click(page.locator(f'svg.board .avatar[data-at="{WARDEN_AT}"]'))
        assert reach.count() == 23
        attack = page.locator(f'svg.board .place.is-reach[data-place="{SENTINEL_AT}"]')
        assert "is-attack" in attack.get_attribute("class").split()
        expect(attack.locator(".attack-mark")).to_be_visible()
        assert attack.get_attribute("aria-label") == (
            "d4: attack with Ember Warden (activates it first)"
        )
        move = page.locator(f'svg.board .place.is-reach[data-place="{MOVE_TO}"]')
        expect(move.locator(".place-mark")).to_be_visible()
        # Where only the Archer could go stays unmarked.
        assert page.locator('svg.board .place.is-reach[data-place="s62"]').count() == 0
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_click_where_an_avatar_could_go_activates_it_then_moves_it(browser, width):
    tables = [red_table(facing_off(), 5), red_table(warden_activated(), 6)]
    with BoardPage(browser, tables, width) as view:
        page = view.page
        view.tap_or_click(page.locator(f'svg.board .avatar[data-at="{WARDEN_AT}"]'))
        view.tap_or_click(page.locator(f'svg.board .place.is-reach[data-place="{MOVE_TO}"]'))
        expect(page.locator("section.table")).to_have_attribute("data-number", "6")
        page.wait_for_timeout(300)
        actions = [(json.loads(p["action"])["type"], p["number"]) for p in view.posted]
        assert actions == [("activate", "5"), ("move", "6")]
        assert json.loads(view.posted[1]["action"])["to"] == int(MOVE_TO[1:])
        view.clean()


@pytest.mark.parametrize("width", WIDTHS)
def test_every_hit_area_takes_a_finger(browser, width):
    with BoardPage(browser, [red_table(warden_activated())], width) as view:
        page = view.page
        sizes = page.evaluate(
            """() => Array.from(document.querySelectorAll(
                 'svg.board .place.is-target .place-hit, svg.board .avatar .avatar-hit'))
               .map((e) => e.getBoundingClientRect())
               .map((r) => Math.min(r.width, r.height))"""
        )
        assert len(sizes) == 23 + 5
        assert min(sizes) >= FINGER_PX, min(sizes)
        view.clean()
