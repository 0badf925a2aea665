"""The simulation forms' card picker: every card field takes a card's name (any case) or
slug and cleans it to the catalogue's card, so the service reads what it read before
(card impact's card by name, its substitute and an errata's card by slug); a name no card
has is a clear 400 at its field naming the nearest names; the cards the picker offers come
from the decks chosen (those the designer may see) or the catalogue; any input, never a 500."""

from __future__ import annotations

from html import unescape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH
from games.decklists import deck_data, latest_version
from games.models.simulations import SimulationJob, SimulationKind
from games.simulations.forms import SimulationStartForm
from games.simulations.kinds import deck_card_names
from tests.games.test_simulation_pages import form_data

pytestmark = pytest.mark.django_db

NEW = "/simulations/new/"
CARDS = "/simulations/cards/"
HOSTILE = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
# Text that broke readers before: controls, odd digits, quotes, the search syntax's marks,
# more than any field holds. (No lone surrogate: no request can carry one in UTF-8.)
awkward = st.one_of(
    st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=40),
    st.sampled_from(
        ["\x01", "²", "٣", '"', "kind:", "cost<=", "(", "-", "x" * 5000, "Cinder\x1bHound"]
    ),
)


@pytest.fixture
def designer(alice_in, jobs_held):
    """Alice on the form, her jobs queued but not played (what is stored is the point)."""
    return alice_in


def deck_names(deck) -> list[str]:
    return deck_card_names(deck_data(deck, latest_version(deck)))


def offered(client, **query) -> list[str]:
    response = client.get(CARDS, query)
    assert response.status_code == 200
    return [card["name"] for card in response.json()["cards"]]


def test_a_card_impact_takes_its_card_and_substitute_by_name(designer, alices_deck, bobs_deck):
    card = deck_names(alices_deck)[0]
    substitute = Card.objects.exclude(name__in=deck_names(alices_deck)).order_by("name").first()
    data = form_data(
        alices_deck, bobs_deck, kind="card_impact", card=card.upper(), substitute=substitute.name
    )
    response = designer.post(NEW, data)
    assert response.status_code == 302, response.context["form"].errors
    parameters = SimulationJob.objects.get().parameters
    assert (parameters["card"], parameters["substitute"]) == (card, substitute.slug)
    assert parameters["substitute_card"]["name"] == substitute.name


def test_a_card_is_still_taken_by_its_slug(designer, alices_deck, bobs_deck):
    card = Card.objects.get(name=deck_names(alices_deck)[0])
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=card.slug)
    assert designer.post(NEW, data).status_code == 302
    assert SimulationJob.objects.get().parameters["card"] == card.name


def test_an_errata_takes_its_card_by_name_and_stores_its_slug(designer, alices_deck, bobs_deck):
    card = Card.objects.get(name=deck_names(alices_deck)[0])
    data = form_data(alices_deck, bobs_deck, kind="errata", draft_card=card.name)
    data.update(draft_changes=f"cost={card.cost + 1}", draft_note="Dearer.")
    response = designer.post(NEW, data)
    assert response.status_code == 302, response.context["form"].errors
    job = SimulationJob.objects.get()
    assert job.kind == SimulationKind.ERRATA and job.parameters["card"] == card.slug


def test_an_unknown_card_is_a_400_at_its_field_naming_the_nearest(designer, alices_deck, bobs_deck):
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card="Cindr Hound")
    response = designer.post(NEW, data)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert set(errors) == {"card"}
    assert errors["card"] == [
        "No card of the catalogue is called “Cindr Hound”. Did you mean Cinder Hound?"
    ]
    assert not SimulationJob.objects.exists()


def test_an_unknown_substitute_is_a_400_at_its_field(designer, alices_deck, bobs_deck):
    card = deck_names(alices_deck)[0]
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=card, substitute="zzqq")
    response = designer.post(NEW, data)
    assert response.status_code == 400
    assert response.context["form"].errors["substitute"] == [
        "No card of the catalogue is called “zzqq”."
    ]


def test_each_card_field_is_a_picker_of_its_decks_cards(designer, alices_deck):
    page = designer.get(f"{NEW}?deck={alices_deck.pk}").content.decode()
    for name, decks in (("card", "deck_a"), ("substitute", None), ("draft_card", "deck_a deck_b")):
        start = page.index(f'name="{name}"')
        picker = page[page.rindex('<span class="card-picker"', 0, start) : start]
        assert f'data-search-url="{CARDS}"' in picker
        assert (f'data-decks="{decks}"' in picker) if decks else ("data-decks" not in picker)


def test_a_card_named_by_the_form_is_shown_with_its_preview(designer, alices_deck, bobs_deck):
    card = Card.objects.get(name=deck_names(alices_deck)[0])
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=card.name, substitute="zz")
    page = unescape(designer.post(NEW, data).content.decode())
    assert f'data-preview="/cards/{card.slug}.svg" data-name="{card.name}"' in page
    assert f"{card.name} · {card.get_kind_display()} · {card.realm.name} · cost {card.cost}" in page


def test_the_picker_offers_the_chosen_decks_cards_alone(designer, alices_deck, bobs_deck):
    mine = deck_names(alices_deck)
    assert offered(designer, deck=alices_deck.pk) == mine
    both = offered(designer, q="", deck=[alices_deck.pk, bobs_deck.pk])
    assert set(both) == set(mine) | set(deck_names(bobs_deck))
    # Typed text is looked for among them alone; a deck not chosen offers the catalogue's.
    other = Card.objects.exclude(name__in=mine).order_by("name").first().name
    assert offered(designer, q=other, deck=alices_deck.pk) == []
    assert offered(designer, q=other)[0] == other


def test_the_picker_offers_nothing_of_a_deck_the_designer_may_not_see(client, bob, alices_deck):
    client.force_login(bob)
    assert offered(client, deck=alices_deck.pk) == []


def test_the_picker_says_when_it_offers_the_nearest_spelling(designer, realms):
    body = designer.get(CARDS, {"q": "cindr hound"}).json()
    assert [card["name"] for card in body["cards"]] == ["Cinder Hound"]
    assert body["note"] == "No card is called “cindr hound”: the nearest is Cinder Hound."
    card = body["cards"][0]
    assert card["preview"] == "/cards/cinder-hound.svg" and card["page"] == "/cards/cinder-hound/"


def test_the_picker_refuses_text_longer_than_a_search(designer):
    response = designer.get(CARDS, {"q": "x" * (MAX_QUERY_LENGTH + 1)})
    assert response.status_code == 400 and "at most" in response.json()["error"]


def test_the_picker_is_for_signed_in_designers(client):
    assert client.get(CARDS, {"q": "hound"}).status_code == 302


@HOSTILE
@given(text=awkward, decks=st.lists(st.one_of(awkward, st.integers(-5, 10**20).map(str))))
def test_any_picker_query_is_answered_never_a_500(designer, text, decks):
    response = designer.get(CARDS, {"q": text, "deck": decks[:4]})
    assert response.status_code in (200, 400)


@HOSTILE
@given(
    kind=st.sampled_from(["card_impact", "errata"]),
    card=awkward,
    substitute=awkward,
    draft_card=awkward,
)
def test_any_card_field_is_a_clear_answer_never_a_500(
    designer, alices_deck, bobs_deck, kind, card, substitute, draft_card
):
    data = form_data(alices_deck, bobs_deck, kind=kind, card=card, substitute=substitute)
    data.update(draft_card=draft_card, draft_changes="cost=1", draft_note="Why.")
    response = designer.post(NEW, data)
    assert response.status_code in (302, 400)
    SimulationJob.objects.all().delete()


@pytest.mark.parametrize("value", [5, ["Cinder Hound", "x"], {"a": 1}, None, 3.5])
def test_a_card_field_of_another_type_is_a_form_error_never_an_exception(
    alice, alices_deck, bobs_deck, value
):
    data = form_data(alices_deck, bobs_deck, kind="card_impact", card=value, substitute=value)
    form = SimulationStartForm(data, user=alice)
    # A blank (None) is no card, which the service refuses in its words.
    assert not form.is_valid() or form.parameters()["card"] in ["", *deck_names(alices_deck)]
