"""The deck pages people read: browsing, my decks, the deck page, odds, sample hand, export."""

import pytest
from django.urls import reverse

from decks.models import Visibility
from decks.services import deck_create, deck_set_slot
from tests.factories.cards import AvatarFactory, CardFactory, RealmFactory
from tests.factories.decks import FormatFactory, UserFactory, make_public_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def ember():
    return RealmFactory(name="Ember")


@pytest.fixture
def public_deck(owner, ember, edits_far_apart):
    """Three versions: created, then two edits far enough apart to stay separate."""
    deck = make_public_deck(owner=owner, home_realm=ember)
    deck_set_slot(
        deck=deck, card=AvatarFactory(name="Ash Squire", realm=ember, cost=2), board="main", count=3
    )
    deck_set_slot(
        deck=deck, card=CardFactory(name="Cinder Bolt", realm=ember), board="main", count=3
    )
    return deck


def test_deck_page_shows_lists_validation_and_charts(client, public_deck):
    response = client.get(reverse("decks:detail", args=[public_deck.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Ash Squire" in html
    assert "Deck has 6 cards; Shén Standard needs 40 to 60." in html
    assert "<svg" in html and "Power-cost curve" in html


def test_deck_page_prices_a_cheap_avatar_in_the_opening_hand(client, public_deck):
    # 3 cheap Avatars in 6 cards: the opening 7 draws all six, so it is certain.
    html = client.get(reverse("decks:detail", args=[public_deck.pk])).content.decode()
    assert "An Avatar of cost 2 or less" in html
    assert "100.0%" in html


def test_odds_panel_follows_the_chosen_turn_and_cards_played(client, public_deck):
    response = client.get(reverse("decks:odds", args=[public_deck.pk]), {"turn": 4, "played": 1})
    assert response.status_code == 200
    assert "By turn 4" in response.content.decode()
    assert "7 + 1 × 3 cards" in response.content.decode()


def test_odds_panel_refuses_more_cards_played_than_a_hand(client, public_deck):
    response = client.get(reverse("decks:odds", args=[public_deck.pk]), {"turn": 2, "played": 9})
    assert response.status_code == 200
    assert "less than or equal to 7" in response.content.decode()


def test_sample_hand_draws_every_card_of_a_small_deck(client, public_deck):
    response = client.get(reverse("decks:sample_hand", args=[public_deck.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<li>") == 6


def test_browse_lists_public_decks_with_their_size(client, public_deck):
    html = client.get(reverse("decks:browse")).content.decode()
    assert "Ember Rush" in html
    assert "<td>6</td>" in html


def test_browse_hides_private_and_unlisted_decks(client, owner):
    deck_create(owner=owner, name="Secret", format=FormatFactory())
    deck_create(owner=owner, name="By Link", format=FormatFactory(), visibility="unlisted")
    html = client.get(reverse("decks:browse")).content.decode()
    assert "Secret" not in html and "By Link" not in html


@pytest.mark.parametrize(
    ("params", "found"),
    [
        ({"q": "rush"}, True),
        ({"q": "tide"}, False),
        ({"realm": "ember"}, True),
        ({"format": "shen-standard"}, True),
        ({"card": "Cinder Bolt"}, True),
        ({"card": "cinder-bolt"}, True),
        ({"card": "Nothing Like It"}, False),
    ],
)
def test_browse_searches_by_name_realm_format_and_card(client, public_deck, params, found):
    html = client.get(reverse("decks:browse"), params).content.decode()
    assert ("Ember Rush" in html) is found


def test_browse_lists_in_a_constant_number_of_queries(
    client, public_deck, owner, django_assert_max_num_queries
):
    for number in range(5):
        deck_create(owner=owner, name=f"Deck {number}", format=FormatFactory(), visibility="public")
    with django_assert_max_num_queries(6):
        html = client.get(reverse("decks:browse")).content.decode()
    assert all(name in html for name in ["Ember Rush", *(f"Deck {n}" for n in range(5))])


def test_my_decks_lists_every_visibility(client, owner, public_deck):
    deck_create(owner=owner, name="Secret", format=FormatFactory())
    client.force_login(owner)
    html = client.get(reverse("decks:mine")).content.decode()
    assert "Secret" in html and "Ember Rush" in html


def test_my_decks_needs_a_login(client):
    response = client.get(reverse("decks:mine"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_deck_page_offers_share_link_and_deck_code(client, public_deck):
    html = client.get(reverse("decks:detail", args=[public_deck.pk])).content.decode()
    assert f"/decks/{public_deck.pk}/" in html
    assert "SHN1-" in html


@pytest.mark.parametrize("kind", ["text", "json", "csv", "code", "sheet", "pdf"])
def test_every_export_link_answers(client, public_deck, kind):
    response = client.get(reverse("decks:export", args=[public_deck.pk, kind]))
    assert response.status_code == 200
    assert "filename=" in response["Content-Disposition"]


def test_unknown_export_kind_is_not_found(client, public_deck):
    assert client.get(reverse("decks:export", args=[public_deck.pk, "xls"])).status_code == 404


def test_history_shows_diff_between_two_versions(client, public_deck):
    response = client.get(reverse("decks:history", args=[public_deck.pk]), {"a": 1, "b": 3})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Ash Squire" in html and "Cinder Bolt" in html
    assert "+3 (added)" in html


def test_history_with_a_missing_version_says_so(client, public_deck):
    response = client.get(reverse("decks:history", args=[public_deck.pk]), {"a": 1, "b": 99})
    assert response.status_code == 400
    assert "has versions 1 to 3" in response.content.decode()


def test_restore_brings_back_an_earlier_version(client, owner, public_deck):
    client.force_login(owner)
    response = client.post(reverse("decks:restore", args=[public_deck.pk]), {"number": 2})
    assert response.status_code == 302
    assert list(public_deck.slots.values_list("card__name", "count")) == [("Ash Squire", 3)]
    assert public_deck.versions.count() == 4


def test_restore_of_a_missing_version_changes_nothing(client, owner, public_deck):
    client.force_login(owner)
    client.post(reverse("decks:restore", args=[public_deck.pk]), {"number": "junk"})
    assert public_deck.slots.count() == 2
    assert public_deck.versions.count() == 3


def test_copy_puts_a_private_copy_in_my_decks(client, public_deck):
    reader = UserFactory(username="reader")
    client.force_login(reader)
    response = client.post(reverse("decks:copy", args=[public_deck.pk]))
    copied = reader.decks.get()
    assert response["Location"] == reverse("decks:builder", args=[copied.pk])
    assert copied.visibility == Visibility.PRIVATE
    assert copied.slots.count() == 2


def test_copy_asks_an_anonymous_reader_to_log_in(client, public_deck):
    response = client.post(reverse("decks:copy", args=[public_deck.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_card_page_lists_public_decks_using_it(client, public_deck):
    card = public_deck.slots.get(card__name="Cinder Bolt").card
    deck_create(owner=public_deck.owner, name="Hidden Bolt", format=FormatFactory())
    html = client.get(reverse("cards:card", args=[card.slug])).content.decode()
    assert "Ember Rush" in html
    assert "Hidden Bolt" not in html


def test_deck_page_without_javascript_prices_the_chosen_turn(client, public_deck):
    html = client.get(
        reverse("decks:detail", args=[public_deck.pk]), {"turn": 5, "played": 3}
    ).content.decode()
    assert "7 + 3 × 4 cards" in html


def test_browse_with_an_unknown_realm_lists_nothing_and_says_why(client, public_deck):
    html = client.get(reverse("decks:browse"), {"realm": "atlantis"}).content.decode()
    assert "Ember Rush" not in html
    assert "Select a valid choice" in html


def test_deck_page_costs_the_same_queries_for_a_bigger_deck(
    client, public_deck, ember, django_assert_max_num_queries
):
    for number in range(20):
        card = CardFactory(name=f"Spark {number:02}", realm=ember)
        deck_set_slot(deck=public_deck, card=card, board="main", count=2)
    # 5 for the deck, 2 for its play-test matches (games.matches.deck_records).
    with django_assert_max_num_queries(7):
        html = client.get(reverse("decks:detail", args=[public_deck.pk])).content.decode()
    # Every card, in the list and in the odds table.
    for number in range(20):
        assert f'2 × <a href="/cards/spark-{number:02}/">Spark {number:02}</a>' in html
        assert f'<tr><th scope="row">Spark {number:02}</th><td>2</td>' in html


def test_sample_hand_shuffles_anew_on_each_draw(client, owner, ember):
    deck = deck_create(owner=owner, name="Forty", format=FormatFactory(), visibility="public")
    for _card in range(40):
        deck_set_slot(deck=deck, card=CardFactory(realm=ember), board="main", count=1)
    url = reverse("decks:sample_hand", args=[deck.pk])
    hands = {client.get(url).content for _draw in range(5)}
    # Five equal hands of 7 from 40 distinct cards would take odds below 1 in 10^30.
    assert len(hands) > 1
