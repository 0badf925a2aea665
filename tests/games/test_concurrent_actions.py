"""Simultaneous submissions on one state: exactly one applies, the others get 409.

Threads with their own clients (and so their own database connections), started
together by a barrier, against committed data (see tests/decks/test_concurrent_writes.py).
"""

import json

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.matches.services import match_create
from games.models import Match
from tests.decks.test_concurrent_writes import all_at_once
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 8


def logged_in(client_class, user):
    """THREADS clients of ``client_class``, each logged in as ``user``."""
    clients = [client_class() for _ in range(THREADS)]
    for client in clients:
        client.force_login(user)
    return clients


def test_eight_api_submissions_on_one_number_apply_exactly_once(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode="hotseat", seed=3)
    options = legal_json(match)
    clients = logged_in(APIClient, alice)

    statuses = all_at_once(
        THREADS,
        lambda i: (
            clients[i]
            .post(
                f"/api/matches/{match.pk}/act/",
                {"action": options[i % len(options)], "number": 0},
                format="json",
            )
            .status_code
        ),
    )

    assert sorted(statuses) == [200] + [409] * (THREADS - 1)
    stored = Match.objects.get(pk=match.pk)
    assert stored.number == 1 and stored.revision == 1
    assert stored.actions == [options[statuses.index(200) % len(options)]]


def test_a_burst_of_identical_clicks_applies_the_action_once(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode="bot", seed=3, first_turn="me")
    clicked = {"action": json.dumps(legal_json(match)[0]), "number": match.number}
    clients = logged_in(Client, alice)

    statuses = all_at_once(
        THREADS,
        lambda i: (
            clients[i].post(f"/games/{match.pk}/act/", clicked, HTTP_HX_REQUEST="true").status_code
        ),
    )

    assert sorted(statuses) == [200] + [409] * (THREADS - 1)
    stored = Match.objects.get(pk=match.pk)
    assert stored.actions.count(json.loads(clicked["action"])) == 1
