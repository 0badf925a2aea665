"""Shared worlds for match tests: players, the sample catalogue and valid decks; the bot's
tasks held back or refused."""

from types import SimpleNamespace

import pytest
from kombu.exceptions import OperationalError as BrokerDown

from games.matches.services import match_act, match_create, match_join
from games.models import Match, Mode
from games.tasks import bot_turn
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.helpers import acting_seat, legal_json


@pytest.fixture
def realms(db):
    """The sample catalogue, loaded; its realm slugs."""
    return sample_catalogue_load()


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def alice_api(api_client, alice):
    """An API client logged in as alice."""
    api_client.force_authenticate(alice)
    return api_client


@pytest.fixture
def alice_in(client, alice):
    """The test client, logged in as alice."""
    client.force_login(alice)
    return client


@pytest.fixture
def alices_deck(alice, realms):
    return playable_deck(owner=alice, realm=realms[0], name="Alice's deck")


@pytest.fixture
def bobs_deck(bob, realms):
    """Public, so others may choose it as their opponent's deck."""
    return playable_deck(owner=bob, realm=realms[1], name="Bob's deck", visibility="public")


@pytest.fixture
def third_deck(alice, realms):
    """Alice's deck of the third realm, for the gauntlets' third side."""
    return playable_deck(owner=alice, realm=realms[2], name="Third deck")


@pytest.fixture
def jobs_held(monkeypatch):
    """Simulation jobs are stored and their chunks queued to no worker: none is played
    unless the test runs a chunk itself, as behind a busy worker."""
    monkeypatch.setattr("games.simulations.services.simulation_enqueue", lambda job: 0)


@pytest.fixture
def queued(monkeypatch):
    """The bot's tasks asked of the broker (match id, state number), none of them run."""
    calls = []

    def apply_async(args, **options):
        calls.append(tuple(args))
        return SimpleNamespace(id="queued")

    monkeypatch.setattr(bot_turn, "apply_async", apply_async)
    return calls


@pytest.fixture
def broker_down(monkeypatch):
    """The broker refuses the bot's tasks (as kombu does when Redis is down)."""

    def apply_async(args, **options):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(bot_turn, "apply_async", apply_async)


@pytest.fixture
def friend_match_played(alice, bob, alices_deck, bobs_deck, drawn_seed):
    """Alice (Red) and Bob (Blue), 40 actions into their friend match: each plays its
    ``step % n``-th non-pass option, so hands, discards and the board all change."""
    drawn_seed(11)
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    match = Match.objects.get(pk=match.pk)
    players = {0: match.red_user, 1: match.blue_user}
    for step in range(40):
        options = legal_json(match)
        played = [o for o in options if o["type"] != "pass"] or options
        match_act(
            match=match,
            user=players[acting_seat(match)],
            action=played[step % len(played)],
            number=match.number,
        )
    return Match.objects.get(pk=match.pk)
