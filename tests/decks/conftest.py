"""Shared worlds: a deck owner, a small ember_catalogue and a deck built from it."""

import datetime

import pytest
from django.utils import timezone

from decks.decklist import DecklistEntry
from decks.models import Board
from decks.services import deck_create
from decks.versions import EDIT_GROUP_WINDOW
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory


@pytest.fixture
def owner(db):
    """The player whose decks the page tests open."""
    return UserFactory(username="owner")


@pytest.fixture
def deck(owner):
    """An empty private deck of `owner`'s, in Shén Standard."""
    return deck_create(owner=owner, name="Work in progress", format=FormatFactory())


@pytest.fixture
def logged_in(client, owner):
    """The test client, logged in as `owner`."""
    client.force_login(owner)
    return client


@pytest.fixture
def ember_catalogue(db):
    """Cards by slug: a few names with capitals, accents and commas to test parsing on."""
    ember = RealmFactory(name="Ember", slug="ember", colour="#c0392b")
    cards = [
        CardFactory(name="Ember Lance", slug="ember-lance", realm=ember, rules_text="Deal 2."),
        CardFactory(name="Ash Wall", slug="ash-wall", realm=ember),
        CardFactory(name="Shén Gate", slug="shen-gate", realm=ember),
        ItemFactory(name="Cinder, the Blade", slug="cinder-the-blade", realm=ember),
        AvatarFactory(
            name="Kael the Ashen", slug="kael-the-ashen", realm=ember, keywords=" swift "
        ),
    ]
    return {card.slug: card for card in cards}


@pytest.fixture
def ember_deck(ember_catalogue):
    """A deck with main-deck and sideboard slots, Home Realm Ember, Shén Standard."""
    return deck_create(
        owner=UserFactory(),
        name="Ember Rush",
        format=FormatFactory(),
        home_realm=ember_catalogue["ember-lance"].realm,
        entries=[
            DecklistEntry(ember_catalogue["ember-lance"], 3),
            DecklistEntry(ember_catalogue["ash-wall"], 2),
            DecklistEntry(ember_catalogue["shen-gate"], 1),
            DecklistEntry(ember_catalogue["kael-the-ashen"], 1),
            DecklistEntry(ember_catalogue["cinder-the-blade"], 2, Board.SIDE),
        ],
    )


class Clock:
    """Django's clock, moved by hand: `tick` is added on every reading."""

    def __init__(self, tick: datetime.timedelta = datetime.timedelta(0)) -> None:
        self.now = timezone.now()
        self.tick = tick

    def read(self) -> datetime.datetime:
        self.now += self.tick
        return self.now

    def advance(self, minutes: float) -> None:
        self.now += datetime.timedelta(minutes=minutes)


@pytest.fixture
def clock(monkeypatch):
    """A clock that stands still until the test advances it."""
    clock = Clock()
    monkeypatch.setattr(timezone, "now", clock.read)
    return clock


@pytest.fixture
def edits_far_apart(monkeypatch):
    """Every reading of the clock is later than the edit-grouping window: each edit is a version."""
    clock = Clock(tick=EDIT_GROUP_WINDOW + datetime.timedelta(seconds=1))
    monkeypatch.setattr(timezone, "now", clock.read)
    return clock
