"""What a running match keeps from its players (issue 18): the seed, which with the open,
deterministic engine foretells every draw and die, is the server's until the match ends;
pages and answers about a match are never stored by a browser or proxy; another player's
private deck is not named in my list of matches."""

import pytest
from rest_framework.test import APIClient

from games.matches.errors import MatchError
from games.matches.services import match_create, match_join, match_resign
from games.models import Match, Mode
from tests.factories.matches import playable_deck

# A seed no page would print by chance.
SEED = 918_273_645_546


def _match_urls(match):
    yield f"/games/{match.pk}/"
    yield f"/games/{match.pk}/live/"
    yield f"/games/{match.pk}/replay/"
    yield f"/games/{match.pk}/replay/?at=0"
    yield "/games/"


def _api_urls(match):
    yield f"/api/matches/{match.pk}/"
    yield f"/api/matches/{match.pk}/actions/"
    yield "/api/matches/"


@pytest.fixture
def running(alice, bob, alices_deck, bobs_deck, drawn_seed):
    """A match of each kind in play: hot-seat and bot on a chosen seed, a friend's drawn."""
    drawn_seed(SEED)
    friend = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=friend, user=bob, deck=bobs_deck)
    return {
        "hotseat": match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=SEED),
        "bot": match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=SEED),
        "friend": Match.objects.get(pk=friend.pk),
    }


def test_the_seed_of_a_running_match_is_on_no_page_nor_answer(client, alice, bob, running):
    api = APIClient()
    for user in (alice, bob):
        client.force_login(user)
        api.force_authenticate(user)
        for kind, match in running.items():
            if user == bob and kind != "friend":
                continue
            for url in _match_urls(match):
                assert str(SEED) not in client.get(url).content.decode(), (kind, url)
            for url in _api_urls(match):
                assert str(SEED) not in api.get(url).content.decode(), (kind, url)


def test_the_seed_is_shown_with_the_replay_once_the_match_ends(client, alice, running):
    client.force_login(alice)
    for match in running.values():
        match_resign(match=match, user=alice)
        for url in (f"/games/{match.pk}/", f"/games/{match.pk}/replay/"):
            assert f"seed {SEED}" in client.get(url).content.decode(), url


def test_a_friend_match_refuses_a_chosen_seed(client, alice, alices_deck):
    with pytest.raises(MatchError, match="drawn by the server"):
        match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND, seed=5)
    api = APIClient()
    api.force_authenticate(alice)
    body = {"deck": alices_deck.pk, "opponent": "friend", "seed": 5}
    answer = api.post("/api/matches/", body, format="json")
    assert answer.status_code == 400 and "drawn by the server" in answer.json()["detail"]
    client.force_login(alice)
    form = {"opponent": "friend", "ruleset": "beta-2026-07", "seed": "5", "first_turn": "dice"}
    page = client.post(f"/games/new/?deck={alices_deck.pk}", form)
    assert page.status_code == 400 and "drawn by the server" in page.content.decode()
    assert not Match.objects.exists()


def test_the_start_form_offers_a_seed_for_hotseat_and_bot_matches_only(client, alice, alices_deck):
    client.force_login(alice)
    page = client.get(f"/games/new/?deck={alices_deck.pk}").content.decode()
    seed_part = page[: page.index('name="seed"')].rsplit("<p", 1)[1]
    assert 'data-field="opponent" data-values="hotseat bot"' in seed_part


def test_a_bot_match_on_a_chosen_seed_says_the_bots_cards_are_predictable(
    client, alice, alices_deck, running
):
    client.force_login(alice)
    label = "fixed seed: the bot's cards are predictable"
    assert label in client.get(f"/games/{running['bot'].pk}/").content.decode()
    drawn = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT)
    for match in (drawn, running["hotseat"], running["friend"]):
        assert label not in client.get(f"/games/{match.pk}/").content.decode()


def test_replay_pages_and_match_answers_are_never_stored(client, alice, running):
    client.force_login(alice)
    api = APIClient()
    api.force_authenticate(alice)
    match = running["friend"]
    for url in (f"/games/{match.pk}/replay/", f"/games/{match.pk}/replay/?at=0"):
        assert client.get(url)["Cache-Control"] == "no-store", url
    for url in _api_urls(match):
        assert api.get(url)["Cache-Control"] == "no-store", url
    refused = api.post(f"/api/matches/{match.pk}/act/", {"action": {}, "number": -1}, format="json")
    assert refused.status_code >= 400 and refused["Cache-Control"] == "no-store"
    match_resign(match=match, user=alice)
    assert client.get(f"/games/{match.pk}/replay.json")["Cache-Control"] == "no-store"
    assert api.get(f"/api/matches/{match.pk}/replay/")["Cache-Control"] == "no-store"


def test_my_matches_name_another_players_deck_only_when_it_is_public(
    client, alice, bob, alices_deck, realms
):
    secret = playable_deck(owner=bob, realm=realms[1], name="Secret Tide Plan")
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=secret)
    client.force_login(alice)
    page = client.get("/games/").content.decode()
    assert "Secret Tide Plan" not in page and "their own deck" in page
    assert alices_deck.name.replace("'", "&#x27;") in page
    client.force_login(bob)
    assert "Secret Tide Plan" in client.get("/games/").content.decode()
    secret.visibility = "public"
    secret.save()
    client.force_login(alice)
    assert "Secret Tide Plan" in client.get("/games/").content.decode()
