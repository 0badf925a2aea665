"""Simulation pages fit a 390 px phone: wide tables of figures scroll inside their own
box, never the page."""

import pytest

from tests.browser.test_page_widths import PHONE, assert_fits_a_phone, logged_in_cookie
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck, sample_catalogue_load
from tests.games.simulation_jobs import simulation_start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = [
    ("my simulations", "/simulations/"),
    ("start form", "/simulations/new/?deck={deck}"),
    ("finished simulation", "/simulations/{job}/"),
]


@pytest.fixture
def finished_job():
    realms = sample_catalogue_load()
    alice = UserFactory(username="someone-with-a-rather-long-user-name")
    deck = playable_deck(owner=alice, realm=realms[0], name="A deck with a long name indeed")
    other = playable_deck(owner=alice, realm=realms[1], name="Another deck with a long name")
    job = simulation_start(alice, deck, other)  # tasks run eagerly in the tests
    return alice, {"deck": deck.pk, "job": job.pk}


@pytest.mark.parametrize(("name", "path"), PAGES, ids=[page[0] for page in PAGES])
def test_simulation_page_is_no_wider_than_a_phone(browser, live_server, finished_job, name, path):
    user, names = finished_job
    context = browser.new_context(base_url=live_server.url, viewport=PHONE)
    try:
        context.add_cookies([logged_in_cookie(user, live_server.url)])
        page = context.new_page()
        response = page.goto(path.format(**names))
        assert response.status == 200, path
        assert_fits_a_phone(page, name)
    finally:
        context.close()
