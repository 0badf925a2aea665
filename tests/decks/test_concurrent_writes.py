"""Simultaneous writes to one deck lose nothing and never fail with a 500.

Each thread has its own client and so its own database connection (Django's are
per thread); a barrier starts them together. The data is committed
(`transaction=True`) so every connection sees it; on SQLite the test database is
a file for the same reason (see DATABASES["default"]["TEST"] in settings).
"""

import threading
from collections.abc import Callable

import pytest
from django.db import connections
from django.test import Client
from rest_framework.test import APIClient

from decks.models import DeckSlot
from tests.factories.cards import CardFactory

pytestmark = pytest.mark.django_db(transaction=True)

CLICKS = 30
PATCHES = 40


def api_clients(owner, count: int) -> list[APIClient]:
    """`count` API clients authenticated as `owner`, one per thread."""
    clients = [APIClient() for _ in range(count)]
    for client in clients:
        client.force_authenticate(owner)
    return clients


def all_at_once(count: int, request: Callable[[int], int]) -> list[int]:
    """Run `request(i)` for i in range(count) on as many threads, started together;
    the status codes they got, in order."""
    barrier = threading.Barrier(count)
    statuses: list[int | str] = [0] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            statuses[index] = request(index)
        except Exception as error:
            statuses[index] = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def _one_more_clicks(owner, deck, card) -> list[int]:
    """``CLICKS`` "+ add" clicks on ``card`` at once, each from its own browser."""
    clients = [Client() for _ in range(CLICKS)]
    for client in clients:
        client.force_login(owner)
    data = {"card": card.slug, "board": "main", "action": "add"}
    url = f"/decks/{deck.pk}/edit/change/"
    return all_at_once(
        CLICKS, lambda i: clients[i].post(url, data, HTTP_HX_REQUEST="true").status_code
    )


def test_thirty_simultaneous_one_more_clicks_make_thirty_copies(owner, deck):
    bolt = CardFactory(name="Cinder Bolt")
    deck.format.copy_limit = CLICKS  # a format that allows them all
    deck.format.save()

    statuses = _one_more_clicks(owner, deck, bolt)

    assert statuses == [200] * CLICKS
    assert DeckSlot.objects.get(deck=deck, card=bolt).count == CLICKS
    # Clicks within minutes of each other share a version; versions stay numbered
    # without gaps or repeats.
    numbers = sorted(deck.versions.values_list("number", flat=True))
    assert numbers == list(range(1, len(numbers) + 1))


def test_thirty_simultaneous_one_more_clicks_stop_at_the_copy_limit(owner, deck):
    # Checked outside the deck's lock, the limit let a Standard deck reach 20 copies.
    bolt = CardFactory(name="Cinder Bolt")
    limit = deck.format.copy_limit

    statuses = _one_more_clicks(owner, deck, bolt)

    assert statuses == [200] * CLICKS  # the refused ones say why in the builder's pane
    assert DeckSlot.objects.get(deck=deck, card=bolt).count == limit


def test_forty_simultaneous_api_patches_all_succeed(owner, deck):
    clients = api_clients(owner, PATCHES)

    statuses = all_at_once(
        PATCHES,
        lambda i: (
            clients[i]
            .patch(f"/api/decks/{deck.pk}/", {"description": f"take {i}"}, format="json")
            .status_code
        ),
    )

    assert statuses == [200] * PATCHES
    deck.refresh_from_db()
    assert deck.description.startswith("take ")
    assert deck.revision == 1 + PATCHES


def test_forty_simultaneous_patches_on_one_etag_let_exactly_one_through(owner, deck):
    clients = api_clients(owner, PATCHES)
    tag = clients[0].get(f"/api/decks/{deck.pk}/")["ETag"]

    statuses = all_at_once(
        PATCHES,
        lambda i: (
            clients[i]
            .patch(
                f"/api/decks/{deck.pk}/", {"name": f"Name {i}"}, format="json", HTTP_IF_MATCH=tag
            )
            .status_code
        ),
    )

    assert sorted(statuses) == [200] + [412] * (PATCHES - 1)
    deck.refresh_from_db()
    assert deck.name == f"Name {statuses.index(200)}"
