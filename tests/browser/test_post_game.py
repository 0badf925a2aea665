"""A match's end in Chromium, at a desktop's and a phone's width (issue 23): after a
resignation nobody is named deciding and each player reads the result in their own words;
a game the rules ended says why in words; the summary's rematch starts the match again,
seats swapped, and a friend sees the invitation on the page they have open and joins it
with the deck they played."""

import re

import pytest
from playwright.sync_api import expect

from games.matches.services import match_create, match_join
from games.models import Match, Mode, Status
from games.play import REASON_WORDS
from tests.browser.test_content_security_policy import watch
from tests.browser.test_deck_builder import log_in
from tests.factories.matches import playable_deck
from tests.games.helpers import played_to_the_end

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [1280, 390]


@pytest.fixture
def world(alice_and_bob):
    return alice_and_bob


@pytest.fixture
def players(browser, live_server):
    """``open(names, width)``: a logged-in, watched page of its own context per name; none
    may log a console error, fail a request or break the Content-Security-Policy."""
    opened = []

    def open_pages(names, width):
        pages = {}
        for name in names:
            context = browser.new_context(
                base_url=live_server.url, viewport={"width": width, "height": 820}
            )
            page = watch(context.new_page())
            page.set_default_timeout(10_000)
            log_in(page, name)
            opened.append((context, page))
            pages[name] = page
        return pages

    yield open_pages
    for context, page in opened:
        problems = (page.problems, page.evaluate("window.__violations"))
        context.close()
        assert problems == ([], [])


def resign(page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Resign").click()


@pytest.mark.parametrize("width", WIDTHS)
def test_after_a_resignation_the_table_and_the_summary_read_as_over(
    players, world, drawn_seed, width
):
    drawn_seed(8)
    match = match_create(owner=world["alice"], deck=world["alices_deck"], mode=Mode.FRIEND)
    match_join(match=match, user=world["bob"], deck=world["bobs_deck"])
    pages = players(["alice", "bob"], width)
    for page in pages.values():
        page.goto(f"/games/{match.pk}/")
    resign(pages["alice"])  # Red
    words = {
        "alice": ("You lost", "You resigned: Blue wins"),
        "bob": ("You won", "Red resigned: you win"),
    }
    for name, page in pages.items():
        summary = page.locator(".post-game")
        expect(summary.get_by_role("heading", level=2)).to_have_text(words[name][0], timeout=7000)
        expect(summary.locator(".match-status")).to_have_text(f"Resigned. {words[name][1]}.")
        table = page.locator("#match-live .table")
        expect(table.locator(".status-result")).to_have_text(words[name][1])
        expect(table).not_to_contain_text("decides")
        expect(table).not_to_contain_text("Waiting for")
        expect(table.locator(".log-lines li").last).to_have_text("Red resigned: Blue wins")
        expect(page.locator("body")).not_to_contain_text("the other player resigned")
        expect(page.locator("body")).not_to_contain_text("Winner:")
        summary.get_by_text("The whole log").click()
        expect(summary.locator(".whole-log-entries li").last).to_have_text(
            re.compile(r"Red resigned: Blue wins$")
        )


@pytest.mark.parametrize("width", WIDTHS)
def test_a_game_the_rules_ended_says_why_in_words(players, world, width):
    match = match_create(
        owner=world["alice"], deck=world["alices_deck"], mode=Mode.HOTSEAT, seed=11
    )
    match = played_to_the_end(match, seed=2)
    reason = match.result["reason"]
    winner = ("Red", "Blue")[match.result["winner"]]
    page = players(["alice"], width)["alice"]
    page.goto(f"/games/{match.pk}/")
    summary = page.locator(".post-game")
    expect(summary.get_by_role("heading", level=2)).to_have_text(f"{winner} won")
    expect(summary).to_contain_text(f"{winner} wins: {REASON_WORDS[reason]}")
    last = page.locator("#match-live .table .log-lines li").last
    expect(last).to_contain_text(f"{winner} wins: ")
    expect(page.locator("#match-live")).not_to_contain_text(f"({reason})")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_hotseat_rematch_swaps_the_decks_seats(players, world, width):
    match = match_create(
        owner=world["alice"],
        deck=world["alices_deck"],
        mode=Mode.HOTSEAT,
        opponent_deck=world["bobs_deck"],
        seed=3,
    )
    page = players(["alice"], width)["alice"]
    page.goto(f"/games/{match.pk}/")
    resign(page)
    rematch_button = page.get_by_role("button", name="Rematch")
    expect(rematch_button).to_be_visible()
    rematch_button.click()
    rematch = Match.objects.get(rematch_of=match)
    expect(page).to_have_url(re.compile(rf"/games/{rematch.pk}/$"))
    expect(page.locator("#match-live svg.board")).to_be_visible()
    assert (rematch.red_deck, rematch.blue_deck) == (world["bobs_deck"], world["alices_deck"])
    assert rematch.status == Status.PLAYING and rematch.seed != match.seed


@pytest.mark.parametrize("width", WIDTHS)
def test_a_friend_sees_the_rematch_on_their_page_and_joins_it(players, world, drawn_seed, width):
    drawn_seed(8)
    match = match_create(owner=world["alice"], deck=world["alices_deck"], mode=Mode.FRIEND)
    match_join(match=match, user=world["bob"], deck=world["bobs_deck"])
    playable_deck(owner=world["bob"], realm=world["alices_deck"].home_realm.slug, name="Third deck")
    pages = players(["alice", "bob"], width)
    alice, bob = pages["alice"], pages["bob"]
    for page in pages.values():
        page.goto(f"/games/{match.pk}/")
    resign(alice)
    expect(bob.locator(".post-game")).to_be_visible(timeout=7000)
    alice.get_by_role("button", name="Ask for a rematch").click()
    rematch = Match.objects.get(rematch_of=match)
    expect(alice).to_have_url(re.compile(rf"/games/{rematch.pk}/$"))
    expect(alice.get_by_label("Send this link to your friend")).to_have_value(
        re.compile(rf"/games/join/{rematch.invite_token}/$")
    )
    # Bob's page, open on the match that ended, invites him by itself.
    invitation = bob.locator(".post-game-invite")
    expect(invitation).to_contain_text("alice asks for a rematch.", timeout=12_000)
    invitation.get_by_role("link", name="Join the rematch").click()
    expect(bob.get_by_label(re.compile("Second deck"))).to_be_checked()
    bob.get_by_role("button", name="Join with this deck").click()
    expect(bob).to_have_url(re.compile(rf"/games/{rematch.pk}/$"))
    expect(alice.locator("#match-live svg.board")).to_be_visible(timeout=3000)
    rematch.refresh_from_db()
    assert (rematch.red_user, rematch.blue_user) == (world["bob"], world["alice"])
    assert (rematch.red_deck, rematch.blue_deck) == (world["bobs_deck"], world["alices_deck"])
