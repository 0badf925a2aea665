"""Every match page fits a 390 px phone: the document is never wider than the screen,
and the board is drawn whole inside it."""

import pytest

from games.matches.services import match_act, match_create, match_resign
from games.models import Match
from tests.browser.test_page_widths import PHONE, logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import legal_json

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# (name, path; {hotseat}, {bot}, {friend}, {finished}, {deck} and {token} are filled in)
PAGES = [
    ("start form", "/games/new/?deck={deck}"),
    ("hot-seat hand-over", "/games/{hotseat}/"),
    ("bot table, seen from Blue", "/games/{bot}/"),
    ("friend waiting", "/games/{friend}/"),
    ("invitation", "/games/join/{token}/"),
    ("finished match", "/games/{finished}/"),
    ("replay", "/games/{finished}/replay/?at=9"),
    ("my matches", "/games/"),
    ("import a replay", "/games/import/"),
]


@pytest.fixture
def matches():
    realms = sample_catalogue_load()
    alice = UserFactory(username="alice")
    deck = playable_deck(owner=alice, realm=realms[0], visibility="public")
    hotseat = match_create(owner=alice, deck=deck, mode="hotseat", seed=3)
    bot = match_create(owner=alice, deck=deck, mode="bot", seed=3, first_turn="opponent")
    finished = match_create(owner=alice, deck=deck, mode="hotseat", seed=5)
    for match in (hotseat, bot, finished):
        for _ in range(12):
            action = legal_json(match)[0]
            match_act(match=match, user=alice, action=action, number=match.number)
    match_resign(match=finished, user=alice)
    friend = match_create(owner=alice, deck=deck, mode="friend")
    inviting = UserFactory(username="someone-with-a-rather-long-user-name")
    assert Match.objects.get(pk=bot.pk).blue_user == alice
    return {
        "alice": alice,
        "bob": inviting,
        "names": {
            "hotseat": hotseat.pk,
            "bot": bot.pk,
            "friend": friend.pk,
            "finished": finished.pk,
            "deck": deck.pk,
            "token": friend.invite_token,
        },
    }


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[page[0] for page in PAGES])
def test_match_page_is_no_wider_than_a_phone(browser, live_server, matches, name, path):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    try:
        user = matches["bob"] if name == "invitation" else matches["alice"]
        context.add_cookies([logged_in_cookie(user, live_server.url)])
        page = context.new_page()
        url = path.format(**matches["names"])
        response = page.goto(url)
        assert response.status == 200, url
        widths = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= PHONE["width"], f"{name}: {widths[0]} px wide at {PHONE['width']} px"
        boards = page.locator("svg.board")
        if "Blue" in name:
            assert boards.get_attribute("data-seen-from") == "blue"
        if boards.count():
            box = boards.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], name
            assert box["width"] >= 0.85 * PHONE["width"], f"{name}: the board is too small"
    finally:
        context.close()
