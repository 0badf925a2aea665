"""Every main page fits a 390 px phone: the document is never wider than the screen."""

import pytest
from django.conf import settings
from django.test import Client

from decks.decklist import DecklistEntry
from decks.models import Board
from decks.services import deck_adjust_slot
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory
from tests.factories.decks import FormatFactory, StarterFormatFactory, UserFactory, make_public_deck
from tests.factories.rulebooks import write_test_rulebooks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LONG = "Admiral Nerith of the Drowned Fleet and Her Unreasonably Long Title"

# (name, path; {deck} and {card} are filled in, logged in?)
PAGES = [
    ("catalogue list", "/?view=table", False),
    ("catalogue grid", "/?view=grid", False),
    ("catalogue search", "/?q=kind:avatar", False),
    ("card page", "/cards/{card}/", False),
    ("search help", "/search-help/", False),
    ("public decks", "/decks/", False),
    ("my decks", "/decks/mine/", True),
    ("deck page", "/decks/{deck}/", True),
    ("deck page, logged out", "/decks/{deck}/", False),
    ("statistics and odds", "/decks/{deck}/?turn=5&played=3", False),
    ("builder", "/decks/{deck}/edit/?q=a", True),
    ("history", "/decks/{deck}/history/", True),
    ("import", "/decks/import/", True),
    ("new deck", "/decks/new/", True),
    ("log in", "/accounts/login/", False),
    ("sign up", "/accounts/signup/", False),
    ("account", "/accounts/", True),
    ("password reset", "/accounts/password-reset/", False),
    ("rules index", "/rules/", False),
    ("rules page", "/rules/beta-2026-07/", False),
    ("rules comparison", "/rules/compare/?a=beta-2026-07&b=test-older", False),
    ("rules comparison, every rule", "/rules/compare/?a=test-short&b=beta-2026-07&show=all", False),
]


@pytest.fixture
def world(settings, tmp_path, monkeypatch):
    """A player with a public deck worth looking at: long names, a sideboard, a history;
    and test rulebooks to compare with the real one."""
    write_test_rulebooks(settings, tmp_path, monkeypatch)
    cinderfall = RealmFactory(name="Cinderfall", slug="cinderfall", colour="#c0392b")
    tidewell = RealmFactory(name="Tidewell", slug="tidewell", colour="#2e86ab")
    cards = [
        AvatarFactory(name=LONG, realm=tidewell, cost=4, rules_text="Swift. " * 20),
        *(AvatarFactory(realm=cinderfall, cost=cost % 5) for cost in range(8)),
        *(ItemFactory(realm=tidewell, cost=cost % 3) for cost in range(4)),
        *(CardFactory(realm=cinderfall, cost=cost % 7) for cost in range(6)),
    ]
    FormatFactory()
    StarterFormatFactory()
    owner = UserFactory(username="a-player-with-a-long-name")
    deck = make_public_deck(
        owner=owner,
        name="Cinderfall Rush with a name long enough to wrap twice on a phone",
        home_realm=cinderfall,
        entries=[DecklistEntry(card, 2) for card in cards]
        + [DecklistEntry(cards[1], 1, Board.SIDE)],
    )
    for card in cards[:4]:
        deck_adjust_slot(deck=deck, card=card, delta=1)
    deck_adjust_slot(deck=deck, card=cards[0], delta=1)  # one past the limit: a violation
    return {"owner": owner, "deck": deck, "card": cards[0]}


def logged_in_cookie(user, url: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.session.session_key, "url": url}


@pytest.mark.parametrize(("name", "path", "logged_in"), PAGES, ids=[page[0] for page in PAGES])
def test_page_is_no_wider_than_a_phone(browser, live_server, world, name, path, logged_in):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    try:
        if logged_in:
            context.add_cookies([logged_in_cookie(world["owner"], live_server.url)])
        page = context.new_page()
        url = path.format(deck=world["deck"].pk, card=world["card"].slug)
        response = page.goto(url)
        assert response.status == 200, url
        page.wait_for_load_state("networkidle")
        if logged_in:
            # On a phone it is behind the Menu button (tests/browser/test_phone_nav.py).
            logged_out = page.get_by_role("button", name="Log out", include_hidden=True)
            assert logged_out.count() == 1, "not logged in"
        assert_fits_a_phone(page, name)
    finally:
        context.close()


def assert_fits_a_phone(page, name: str) -> None:
    """The document in ``page`` is no wider than the phone's screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: {width} px wide at {PHONE['width']} px"
