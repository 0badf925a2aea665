"""A friend's undo request in Chromium, at a desktop's and a phone's width (issue 23): it
stands at the foot of the screen wherever the page is scrolled, its Accept and Decline
within reach, and the page makes room under it so it hides none of the table's controls
for good."""

import pytest
from playwright.sync_api import expect

from games.matches.services import match_act, match_create, match_join, match_undo
from games.models import Match, Mode
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import acting_seat, legal_json

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def asked(drawn_seed):
    """Alice and Bob's friend match: two decisions in, the one who made the last asks to
    undo it. (the match, the user to answer)"""
    realms = sample_catalogue_load()
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    drawn_seed(8)
    match = match_create(
        owner=alice, deck=playable_deck(owner=alice, realm=realms[0]), mode=Mode.FRIEND
    )
    match_join(match=match, user=bob, deck=playable_deck(owner=bob, realm=realms[1]))
    match = Match.objects.get(pk=match.pk)
    users = (match.red_user, match.blue_user)
    for _ in range(2):
        mover = users[acting_seat(match)]
        match_act(match=match, user=mover, action=legal_json(match)[0], number=match.number)
    match_undo(match=match, user=mover)
    return Match.objects.get(pk=match.pk), users[1] if mover == users[0] else users[0]


@pytest.fixture(params=[1280, 390])
def page(request, browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": request.param, "height": 760}
    )
    page = watch(context.new_page())
    page.set_default_timeout(10_000)
    yield page
    problems = (page.problems, page.evaluate("window.__violations"))
    context.close()
    assert problems == ([], [])


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_an_undo_request_stays_on_the_screen_wherever_the_page_is_scrolled(page, asked):
    match, answering = asked
    log_in(page, answering.username)
    page.goto(f"/games/{match.pk}/")
    request = page.locator(".undo-request")
    expect(request).to_contain_text("Your opponent asks to undo")
    for place in ("0", "document.body.scrollHeight / 2", "document.body.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {place})")
        assert in_view(page, request), place
        assert in_view(page, request.get_by_role("button", name="Accept"))
        assert in_view(page, request.get_by_role("button", name="Decline"))
    # Scrolled to the end, the page's last controls stand above it, not under it.
    controls = page.locator(".match-controls")
    assert (
        controls.bounding_box()["y"] + controls.bounding_box()["height"]
        <= (request.bounding_box()["y"])
    )
    request.get_by_role("button", name="Decline").click()
    expect(page.locator(".undo-request")).to_have_count(0)
    assert Match.objects.get(pk=match.pk).undo_requested_by is None


def test_an_undo_request_is_answered_from_the_foot_of_a_scrolled_page(page, asked):
    match, answering = asked
    log_in(page, answering.username)
    page.goto(f"/games/{match.pk}/")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".undo-request").get_by_role("button", name="Accept").click()
    expect(page.locator("#match-live")).to_have_attribute("data-number", str(match.number - 1))
    expect(page.locator(".undo-request")).to_have_count(0)
