"""The builder's quick-add box and deck views over HTTP: htmx partials, refusals that say why."""

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.decklist import deck_entries
from decks.services import deck_set_slot
from tests.decks.test_hostile_input import awkward_text
from tests.factories.cards import AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import UserFactory

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def hound():
    realm = RealmFactory(name="Cinderfall", slug="cinderfall")
    CardFactory(name="Ember Blade", realm=realm)
    CardFactory(name="Ember Lance", realm=realm)
    return AvatarFactory(name="Cinder Hound", slug="cinder-hound", realm=realm, cost=2)


def quick_add(client, deck, line, **data):
    url = reverse("decks:builder_quick_add", args=[deck.pk])
    return client.post(url, {"line": line, **data}, **HTMX)


def counts(deck) -> dict[str, int]:
    return {entry.card.name: entry.count for entry in deck_entries(deck)}


def test_a_line_adds_its_copies_and_answers_with_the_deck(logged_in, deck, hound):
    response = quick_add(logged_in, deck, "3 cinder hound", shown=["cinder-hound"])
    html = response.content.decode()
    assert response.status_code == 200
    assert counts(deck) == {"Cinder Hound": 3}
    assert 'id="deck-pane"' in html
    assert (
        '<p id="quick-add-status" class="quick-add-status" aria-live="polite" '
        'hx-swap-oob="true">Added 3 Cinder Hound.</p>'
    ) in html
    assert 'id="held-cinder-hound" class="held in-deck" hx-swap-oob="true"' in html
    assert "Home Realm: Cinderfall, the realm of the first cards." in html


def test_a_line_past_the_copy_limit_adds_up_to_it_and_says_so(logged_in, deck, hound):
    html = quick_add(logged_in, deck, "cinder hound x5").content.decode()
    assert counts(deck) == {"Cinder Hound": 3}
    assert "Added 3 Cinder Hound, not 5: Shén Standard allows 3 copies" in html


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("3 cindr hond", "No card named &#x27;cindr hond&#x27;. Did you mean Cinder Hound?"),
        ("2 ember", "&#x27;ember&#x27; starts Ember Blade or Ember Lance: type more of the name."),
        ("", "Type a count and a card name"),
        ("0 cinder hound", "A count must be from 1 to 99; this line has 0."),
        ("1 cinder\x00hound", "Null characters are not allowed."),
    ],
)
def test_a_line_that_adds_nothing_says_why_in_the_box_status(logged_in, deck, hound, line, reason):
    response = quick_add(logged_in, deck, line)
    assert response.status_code == 200
    # htmx swaps it over the box's status, not over the deck.
    assert response["HX-Retarget"] == "#quick-add-status"
    assert response["HX-Reswap"] == "outerHTML"
    html = response.content.decode()
    assert html.strip().startswith('<p id="quick-add-status"')
    assert reason in html
    assert counts(deck) == {}


def test_at_the_limit_a_line_is_refused(logged_in, deck, hound):
    deck_set_slot(deck=deck, card=hound, count=3)
    response = quick_add(logged_in, deck, "cinder hound")
    assert response["HX-Retarget"] == "#quick-add-status"
    assert "No more Cinder Hound" in response.content.decode()


def test_without_javascript_the_box_posts_and_comes_back_with_a_message(client, owner, deck, hound):
    client.force_login(owner)
    url = reverse("decks:builder_quick_add", args=[deck.pk])
    page = client.post(url, {"line": "2 cinder hound"}, follow=True).content.decode()
    assert "Added 2 Cinder Hound." in page
    page = client.post(url, {"line": "2 nothing at all"}, follow=True).content.decode()
    assert "No card named &#x27;nothing at all&#x27;." in page
    assert counts(deck) == {"Cinder Hound": 2}


def test_a_busy_database_is_a_503_in_the_box_status(logged_in, deck, hound, monkeypatch):
    def locked(**kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr("decks.views.builder.deck_quick_add", locked)
    response = quick_add(logged_in, deck, "3 cinder hound")
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "the site is busy" in response.content.decode()


def test_another_players_deck_is_not_found(client, deck, hound):
    client.force_login(UserFactory())
    assert quick_add(client, deck, "3 cinder hound").status_code == 404
    assert counts(deck) == {}


# --- Deck views -------------------------------------------------------------------------


def test_the_pane_shows_stacks_by_kind_or_by_cost(logged_in, deck, hound):
    deck_set_slot(deck=deck, card=hound, count=3)
    url = reverse("decks:builder_pane", args=[deck.pk])
    stacks = logged_in.get(url, {"view": "stacks"}).content.decode()
    assert 'data-view="stacks"' in stacks
    assert 'class="stack-card" data-card="cinder-hound"' in stacks
    assert "Avatar (3)" in stacks
    by_cost = logged_in.get(url, {"view": "stacks-by-cost"}).content.decode()
    assert "Cost 2 (3)" in by_cost
    listed = logged_in.get(url, {"view": "anything"}).content.decode()
    assert 'data-view="list"' in listed and 'class="slot"' in listed


def test_a_change_answers_in_the_view_the_pane_shows(logged_in, deck, hound):
    url = reverse("decks:builder_change", args=[deck.pk])
    data = {"card": hound.slug, "board": "main", "action": "add", "view": "stacks"}
    assert 'data-view="stacks"' in logged_in.post(url, data, **HTMX).content.decode()


def test_the_page_opens_in_the_view_its_address_names(logged_in, deck, hound):
    url = reverse("decks:builder", args=[deck.pk])
    page = logged_in.get(url, {"view": "stacks"}).content.decode()
    assert 'data-view="stacks"' in page
    assert '<a href="?view=stacks" aria-current="true"' in page


# --- Any line, hostile or not ------------------------------------------------------------

HOSTILE = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
lines = st.one_of(
    st.text(max_size=260),
    awkward_text,
    st.builds(
        lambda count, name: f"{count} {name}",
        st.one_of(st.integers(-3, 120).map(str), st.just("9" * 400)),
        st.sampled_from(["cinder hound", "CINDER H", "ember", "Cinder Hound x3", ""]),
    ),
)
# The page's reads (session, user, deck), the line's lookup, the write, and the answer's
# overview (slots, format list, charts' realms) and held count: bounded whatever the line.
MOST_QUERIES = 40


@HOSTILE
@given(line=lines)
def test_any_line_answers_200_or_400_never_500_in_bounded_queries(logged_in, deck, hound, line):
    with CaptureQueriesContext(connection) as queries:
        response = quick_add(logged_in, deck, line.encode("utf-8", "replace").decode())
    assert response.status_code in (200, 400), response.content[:300]
    assert len(queries) <= MOST_QUERIES
    assert all(count <= 3 for count in counts(deck).values())
