"""A click on a highlighted spot of the board acts at once for the board-wide choices (the
Realm Stone, a Shén placement): one click posts the answer, no second click in the button
list below, and the page stays on the board, at a desktop's width and at a phone's."""

import pytest
from playwright.sync_api import expect

from games.matches.services import match_create
from tests.browser.test_content_security_policy import watch
from tests.browser.test_matches import PREFERRED, click_an_option, show_my_side
from tests.browser.test_page_widths import logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Is the board (the hot-seat hand-over screen while it hides the board) on the screen, at
# least half of its height in the viewport?
BOARD_ON_SCREEN = """() => {
  const live = document.querySelector('#match-live');
  const r = (live.querySelector('svg.board') || live).getBoundingClientRect();
  const seen = Math.min(r.bottom, innerHeight) - Math.max(r.top, 0);
  return seen >= Math.min(r.height, innerHeight) / 2;
}"""


def board_wide_option(page, kind: str):
    """The first option of type ``kind`` with a spot on the board and no source to pick
    first (its form), or None."""
    forms = page.locator('#match-live form.choice[data-group=""]')
    kinds = forms.evaluate_all(
        "fs => fs.map(f => [JSON.parse(f.querySelector('button').dataset.action).type,"
        " f.dataset.point])"
    )
    at = next((n for n, (k, point) in enumerate(kinds) if k == kind and point), None)
    return None if at is None else forms.nth(at)


def one_click_on_the_board(page, form) -> None:
    """Click ``form``'s spot on the board once: the table moves on, nothing is pointed at in
    the button list, and the board stays on the screen the whole time."""
    live = page.locator("#match-live")
    number = live.get_attribute("data-number")
    target = live.locator(
        f'.board .place.is-target[data-place="{form.get_attribute("data-point")}"]'
    )
    target.scroll_into_view_if_needed()
    scrolled = page.evaluate("scrollY")
    # Where the page is once the table's click handler has run (the window hears the click
    # after the document), before the answer comes back and changes the page.
    page.evaluate(
        "() => addEventListener('click', () => { window.__clickedAt = scrollY; }, {once: true})"
    )
    target.click()
    assert page.evaluate("window.__clickedAt") == scrolled, "the page jumped away from the board"
    assert live.locator(".is-candidate").count() == 0, "the click only pointed at buttons"
    expect(live).not_to_have_attribute("data-number", number)
    assert page.evaluate(BOARD_ON_SCREEN), "the board left the screen"


@pytest.mark.parametrize("width", [1280, 390])
def test_one_click_on_the_board_places_the_realm_stone_and_a_shen(browser, live_server, width):
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=sample_catalogue_load()[0])
    match = match_create(owner=alice, deck=deck, mode="hotseat", seed=3)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 800}
    )
    try:
        context.add_cookies([logged_in_cookie(alice, live_server.url)])
        page = watch(context.new_page())
        page.set_default_timeout(10_000)
        page.goto(f"/games/{match.pk}/")
        show_my_side(page)
        stone = board_wide_option(page, "place_realm_stone")
        assert stone is not None, "the match starts with the Realm Stone"
        one_click_on_the_board(page, stone)
        placement = None
        for _ in range(40):
            show_my_side(page)
            placement = board_wide_option(page, "place_counter")
            if placement is not None:
                break
            click_an_option(page, PREFERRED)
        assert placement is not None, "no Shén placement within 40 answers"
        one_click_on_the_board(page, placement)
        page.wait_for_load_state("networkidle")
        assert (page.problems, page.evaluate("window.__violations")) == ([], [])
    finally:
        context.close()
