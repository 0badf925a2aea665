"""Schemathesis against /api/schema/: every operation, called through the WSGI app with
generated (and schema-breaking) input, answers without a server error and as documented.

A signed-in player makes the calls, so the deck writes run past their permission checks.
Example counts stay low to keep this fast: most calls come from schemathesis's coverage
phase (boundary values and schema-breaking input for every parameter).
"""

import base64

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from decks.models import Visibility
from shen_site.wsgi import application
from tests.factories.decks import DeckFactory, DeckSlotFactory, UserFactory

PASSWORD = "correct-horse-battery"


# Generating the schema reads no database rows, so it loads as the tests are collected.
# The catalogue's writes are left out: they are staff-only, so a player's calls would all
# stop at the same 403 (tests/cards covers what staff send).
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(
    path_regex=r"^/api/(cards|realms)/", method=["POST", "PUT", "PATCH", "DELETE"]
)


@pytest.fixture(autouse=True)
def test_transaction_kept_open():
    # As Django's test client does: between requests Django closes connections it thinks
    # stale, and on PostgreSQL that would close the test's own transaction.
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    yield
    for signal in signals:
        signal.connect(close_old_connections)


@pytest.fixture
def player_headers(db):
    # Decks for the generated ids to find now and then, and a player to sign in as.
    for _ in range(3):
        DeckSlotFactory(deck=DeckFactory(visibility=Visibility.PUBLIC))
    player = UserFactory(username="schemathesis")
    token = base64.b64encode(f"{player.username}:{PASSWORD}".encode()).decode()
    return {"Authorization": f"Basic {token}"}


@schema.parametrize()
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_operation_answers_as_documented(case, player_headers):
    case.call_and_validate(
        headers=player_headers, checks=[not_a_server_error, response_schema_conformance]
    )
