"""A card picker's choices for the text typed so far (by name, then the search syntax,
then the nearest spelling), and the card a typed name or slug names; any text answered."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.models import Card
from cards.search import MAX_QUERY_LENGTH
from cards.search.picking import card_choices, card_named
from tests.factories.cards import AvatarFactory, CardFactory, ItemFactory, RealmFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue():
    cinderfall = RealmFactory(name="Cinderfall", slug="cinderfall")
    tidewell = RealmFactory(name="Tidewell", slug="tidewell")
    AvatarFactory(name="Cinder Hound", slug="cinder-hound", realm=cinderfall)
    AvatarFactory(name="Hound of the Kiln", realm=cinderfall)
    AvatarFactory(name="Reef Hound", realm=tidewell)
    ItemFactory(name="Tide Blade", realm=tidewell)
    CardFactory(name="Ember Lance", realm=cinderfall, rules_text="Deal 2 to a hunted Avatar.")


def names(text: str, cards=None, **options) -> list[str]:
    found = card_choices(text, cards if cards is not None else Card.objects.all(), **options)
    return [card.name for card in found.cards]


def test_names_starting_with_the_text_come_before_names_holding_it(catalogue):
    assert names("hound") == ["Hound of the Kiln", "Cinder Hound", "Reef Hound"]


def test_text_no_name_holds_is_read_in_the_search_syntax(catalogue):
    assert names("kind:item") == ["Tide Blade"]
    assert names("realm:tidewell kind:avatar") == ["Reef Hound"]


def test_a_mistyped_name_offers_the_cards_of_its_nearest_spelling(catalogue):
    found = card_choices("cindr hound", Card.objects.all())
    assert [card.name for card in found.cards] == ["Cinder Hound"]
    assert found.corrected == "Cinder Hound"


def test_a_name_found_as_typed_is_not_said_corrected(catalogue):
    assert card_choices("Cinder", Card.objects.all()).corrected == ""


def test_choices_come_only_from_the_cards_offered(catalogue):
    tidewell = Card.objects.filter(realm__slug="tidewell")
    assert names("hound", tidewell) == ["Reef Hound"]
    assert names("cindr hound", tidewell) == []


def test_blank_text_offers_the_first_cards_by_name(catalogue):
    assert names("  ", limit=2) == ["Cinder Hound", "Ember Lance"]


def test_text_longer_than_a_search_offers_nothing(catalogue):
    assert names("hound" * MAX_QUERY_LENGTH) == []


def test_text_that_finds_nothing_anywhere_offers_nothing(catalogue):
    assert names("zzzzqqqq") == []
    assert names('kind:"unclosed') == []


def test_a_card_is_named_by_its_slug_or_its_name_in_any_case(catalogue):
    assert card_named("cinder-hound").name == "Cinder Hound"
    assert card_named("  cinder HOUND ").name == "Cinder Hound"
    assert card_named("Cinder") is None
    assert card_named("") is None


def test_a_card_is_named_only_among_the_cards_offered(catalogue):
    assert card_named("Cinder Hound", Card.objects.filter(realm__slug="tidewell")) is None


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=300))
def test_any_text_is_answered_with_a_few_cards_at_most(catalogue, text):
    assert len(card_choices(text, Card.objects.all()).cards) <= 8
    named = card_named(text)
    assert named is None or text.strip().lower() in (named.slug, named.name.lower())
