"""The table's clicks in Chromium (static/js/table.js): a source, then a target, posts the one
option they stand for; the card picker posts the chosen cards. The table is served without a
live server (no database needed), with the site's CSS, the script and the site's CSP."""

import json
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from games.engine.client.decision_view import DECISION_KINDS
from tests.games.test_table import (
    ACT_URL,
    Moment,
    decider_table,
    first_of_each_kind,
    moments,
    render,
)

ORIGIN = "http://table.test"
STATIC = Path(__file__).resolve().parents[2] / "static"
CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:"


class TablePage:
    """The table of ``moment`` for its decider, served with the site's CSS, table.js and
    the site's CSP; what the page POSTs to the act URL is kept in ``posted``."""

    def __init__(self, browser, moment: Moment, width: int = 1280) -> None:
        body = render(decider_table(moment))
        self.html = (
            '<!doctype html><html><head><meta charset="utf-8">'
            '<link rel="stylesheet" href="/static/css/site.css">'
            '<link rel="stylesheet" href="/static/css/table.css">'
            '<script src="/static/js/table.js" defer></script>'
            f"</head><body><main>{body}</main></body></html>"
        )
        self.posted: list[dict] = []
        self.errors: list[str] = []
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.context.route(f"{ORIGIN}/**", self._serve)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{ORIGIN}/table/")

    def _serve(self, route):
        request = route.request
        path = request.url.removeprefix(ORIGIN)
        if request.method == "POST" and path == ACT_URL:
            fields = dict(parse_qsl(request.post_data))
            assert fields.pop("csrfmiddlewaretoken")  # the no-JS form carries the token too
            self.posted.append(fields)
            route.fulfill(status=204)
        elif path.startswith("/static/"):
            file = STATIC / path.removeprefix("/static/")
            kind = "text/css" if file.suffix == ".css" else "text/javascript"
            route.fulfill(body=file.read_bytes(), content_type=kind)
        elif path == "/table/":
            route.fulfill(
                body=self.html, content_type="text/html", headers={"Content-Security-Policy": CSP}
            )
        else:
            route.fulfill(status=404)

    def answer(self) -> dict:
        """The one answer the page posted (after a moment for the form to go), with no
        script error on the way."""
        self.page.wait_for_timeout(300)
        assert self.errors == []
        assert len(self.posted) == 1
        return self.posted[0]

    def __enter__(self) -> "TablePage":
        return self

    def __exit__(self, *exc) -> None:
        self.context.close()


@pytest.mark.browser
def test_a_click_on_a_preselected_avatars_target_posts_that_option(browser):
    moment = first_of_each_kind()["avatar_activation"]
    table = decider_table(moment)
    choice = next(
        c
        for g in table.panel.groups
        for c in g.choices
        if c.point and sum(o.point == c.point for o in g.choices) == 1
    )
    with TablePage(browser, moment) as view:
        view.page.locator(f'.place.is-target[data-place="{choice.point}"]').click()
        assert view.answer() == {"action": choice.action, "number": str(moment.number)}


@pytest.mark.browser
def test_a_card_from_hand_then_a_space_posts_the_play(browser):
    moment = next(
        m
        for m in moments(1)
        if DECISION_KINDS.get(type(m.state.decision)) == "activation_step"
        and any(
            g.kind == "hand" and any(c.point for c in g.choices)
            for g in decider_table(m).panel.groups
        )
    )
    table = decider_table(moment)
    group = next(
        g for g in table.panel.groups if g.kind == "hand" and any(c.point for c in g.choices)
    )
    choice = next(c for c in group.choices if sum(o.point == c.point for o in group.choices) == 1)
    with TablePage(browser, moment, width=390) as view:
        place = view.page.locator(f'.place[data-place="{choice.point}"]')
        assert "is-target" not in (place.get_attribute("class") or "")
        view.page.locator(f'.hand-play[data-source="{group.key}"]').click()
        assert "is-target" in place.get_attribute("class")
        place.click()
        assert view.answer() == {"action": choice.action, "number": str(moment.number)}


@pytest.mark.browser
def test_the_card_picker_posts_the_chosen_cards(browser):
    moment = first_of_each_kind()["choose_lost_cards"]
    picker = decider_table(moment).panel.picker.cards
    with TablePage(browser, moment) as view:
        form = view.page.locator("form.card-picker")
        submit = form.locator("button[type=submit]")
        assert form.is_visible() and submit.is_disabled()
        chosen = list(picker.hand[: picker.count])
        for card in chosen:
            form.locator(f'input[data-pile="hand"][value="{card.card}"]').check()
        rest = picker.count - len(chosen)
        if rest:
            form.locator('input[data-pile="deck"]').fill(str(rest))
        submit.click()
        action = json.loads(view.answer()["action"])
        assert action == {
            "type": "lose_cards",
            "from_deck": rest,
            "hand": [card.card for card in chosen],
            "discard": [],
        }
