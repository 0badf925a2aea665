"""The sample catalogue has what the simplified game needs: every realm makes a Shén Starter
(F2) force of Avatars only, and a match under simplified-0.1 starts from such a deck's
Play-test page once the engine has that ruleset."""

import pytest

from cards.models import CardKind
from decks.validation import validate_deck
from games import engine
from games.engine.bots import RandomBot, play_game
from games.matches.services import match_create
from games.models import Match
from tests.factories.matches import STARTER_SIZE, starter_deck

pytestmark = pytest.mark.django_db

SIMPLIFIED = "simplified-0.1"
needs_simplified = pytest.mark.skipif(
    SIMPLIFIED not in engine.RULESETS, reason="the engine has no simplified-0.1 ruleset yet"
)


def test_every_sample_realm_makes_a_starter_force_of_avatars_F2(alice, realms):
    for realm in realms:
        deck = starter_deck(owner=alice, realm=realm)
        assert validate_deck(deck) == [], realm
        slots = list(deck.slots.select_related("card"))
        assert sum(slot.count for slot in slots) == STARTER_SIZE
        assert {slot.card.kind for slot in slots} == {CardKind.AVATAR}


def test_a_starter_deck_is_offered_the_simplified_rules_when_the_engine_has_them(
    client, alice, realms
):
    deck = starter_deck(owner=alice, realm=realms[0])
    client.force_login(alice)
    page = client.get(f"/games/new/?deck={deck.pk}")
    choices = [name for name, _ in page.context["form"].fields["ruleset"].choices]
    assert choices == [name for name in [SIMPLIFIED] if name in engine.RULESETS]
    if not choices:
        assert "which this site cannot play yet" in page.content.decode()


@needs_simplified
def test_a_simplified_match_starts_from_the_play_test_page(client, alice, bob, realms):
    deck = starter_deck(owner=alice, realm=realms[0])
    theirs = starter_deck(owner=bob, realm=realms[1], visibility="public")
    client.force_login(alice)
    response = client.post(
        f"/games/new/?deck={deck.pk}",
        {
            "opponent": "bot",
            "bot": "random",
            "opponent_deck": theirs.pk,
            "ruleset": SIMPLIFIED,
            "recovery": "all",
            "max_turns": 30,
            "first_turn": "me",
        },
    )
    assert response.status_code == 302, response.content.decode()
    match = Match.objects.get()
    assert match.ruleset == SIMPLIFIED
    page = client.get(f"/games/{match.pk}/").content.decode()
    # Anchors on corner vertices are small diamonds, clear of the coordinate labels.
    assert page.count('transform="rotate(45)" class="anchor-ring"') == 4
    # Before the Realm Stones are down it is nobody's turn yet.
    assert "Setting up" in page and "s turn · setup" not in page


@needs_simplified
def test_random_bots_finish_a_simplified_game_with_sample_starter_decks(alice, realms):
    decks = [starter_deck(owner=alice, realm=realm) for realm in realms[:2]]
    match = match_create(owner=alice, deck=decks[0], opponent_deck=decks[1], mode="hotseat")
    assert match.ruleset == SIMPLIFIED  # F2's first ruleset: the default
    final, _, _ = play_game(
        engine.RULESETS[SIMPLIFIED], match.decks, 5, [RandomBot(5), RandomBot(6)]
    )
    assert final.result is not None


def test_the_simulation_form_opened_from_a_starter_deck_chooses_the_simplified_rules(
    client, alice, realms
):
    deck = starter_deck(owner=alice, realm=realms[0])
    client.force_login(alice)
    page = client.get(f"/simulations/new/?deck={deck.pk}")
    assert page.context["form"]["ruleset"].value() == SIMPLIFIED
