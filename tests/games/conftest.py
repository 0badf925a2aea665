"""Shared worlds for match tests: players, the sample catalogue and valid decks."""

import pytest

from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load


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
def alices_deck(alice, realms):
    return playable_deck(owner=alice, realm=realms[0], name="Alice's deck")


@pytest.fixture
def bobs_deck(bob, realms):
    """Public, so others may choose it as their opponent's deck."""
    return playable_deck(owner=bob, realm=realms[1], name="Bob's deck", visibility="public")
