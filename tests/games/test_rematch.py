"""A rematch (games.matches.services.match_rematch, POST /games/<id>/rematch/): the same
players or bot, decks and options on a new seed, seats swapped; a friend's is an
invitation as a new match's is; one a match, whoever asks."""

import re

import pytest

from games.matches.errors import MatchConflict, MatchError, MatchForbidden
from games.matches.replays import replay_document, replay_import
from games.matches.services import match_create, match_join, match_rematch, match_resign
from games.models import FirstTurn, Match, Mode, Status
from games.play import GAMES
from tests.factories.decks import UserFactory
from tests.factories.matches import playable_deck

SHEN = GAMES["shen"]


def over(match: Match, user) -> Match:
    match_resign(match=match, user=user)
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def friends(alice, bob, alices_deck, bobs_deck, drawn_seed):
    """Alice's friend match with Bob (Alice Red, Bob Blue), resigned by Alice."""
    drawn_seed(11)
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    return over(Match.objects.get(pk=match.pk), alice)


def test_a_hotseat_rematch_swaps_the_decks_seats_on_a_new_seed(
    alice, alices_deck, bobs_deck, drawn_seed
):
    drawn_seed(40)
    match = match_create(
        owner=alice,
        deck=alices_deck,
        mode=Mode.HOTSEAT,
        opponent_deck=bobs_deck,
        seed=3,
        options={"ko": True},
    )
    match = over(match, alice)
    rematch = match_rematch(match=match, user=alice)
    assert rematch.rematch_of == match and rematch.owner == alice
    assert (rematch.mode, rematch.status, rematch.first_turn) == (
        Mode.HOTSEAT,
        Status.PLAYING,
        FirstTurn.DICE,
    )
    assert (rematch.seed, rematch.seed_chosen) == (40, False)
    assert (rematch.ruleset, rematch.options) == (match.ruleset, {"ko": True})
    assert rematch.decks == [match.decks[1], match.decks[0]]
    assert (rematch.red_deck, rematch.blue_deck) == (bobs_deck, alices_deck)
    assert (rematch.red_version, rematch.blue_version) == (match.blue_version, match.red_version)
    assert (rematch.red_user, rematch.blue_user) == (None, alice)
    assert rematch.digests and rematch.number == 0


def test_a_bot_rematch_seats_the_player_where_the_bot_sat(alice, alices_deck, bobs_deck):
    match = match_create(
        owner=alice, deck=alices_deck, mode=Mode.BOT, opponent_deck=bobs_deck, bot_name="greedy"
    )
    assert match.red_user == alice
    rematch = match_rematch(match=over(match, alice), user=alice)
    assert (rematch.red_user, rematch.blue_user) == (None, alice)
    assert (rematch.red_deck, rematch.blue_deck) == (bobs_deck, alices_deck)
    assert rematch.bot_name == "greedy" and rematch.seed != match.seed


@pytest.mark.parametrize("seed", [40, 41, 42, 43])
@pytest.mark.parametrize("first_turn", [FirstTurn.ME, FirstTurn.OPPONENT])
def test_after_a_chosen_first_turn_the_side_that_went_first_goes_second_R6(
    alice, alices_deck, bobs_deck, drawn_seed, first_turn, seed
):
    match = match_create(
        owner=alice,
        deck=alices_deck,
        mode=Mode.BOT,
        opponent_deck=bobs_deck,
        seed=3,
        first_turn=first_turn,
    )
    mine = 0 if match.red_user == alice else 1
    assert (SHEN.first_seat(match.seed) == mine) == (first_turn == FirstTurn.ME)
    drawn_seed(seed)
    rematch = match_rematch(match=over(match, alice), user=alice)
    mine_now = 0 if rematch.red_user == alice else 1
    assert rematch.decks[mine_now] == match.decks[mine]
    goes_first = SHEN.first_seat(rematch.seed)
    assert (goes_first == mine_now) == (first_turn == FirstTurn.OPPONENT)
    expected = FirstTurn.OPPONENT if first_turn == FirstTurn.ME else FirstTurn.ME
    assert rematch.first_turn == expected


def test_a_friends_rematch_is_an_invitation_to_the_friend(alice, bob, friends):
    match = friends
    rematch = match_rematch(match=match, user=alice)
    assert (rematch.mode, rematch.status, rematch.owner) == (Mode.FRIEND, Status.WAITING, alice)
    assert rematch.invite_token and rematch.invite_token != match.invite_token
    assert (rematch.red_user, rematch.blue_user) == (None, alice)
    assert rematch.decks == [None, match.decks[0]]
    assert rematch.blue_deck == match.red_deck and rematch.red_deck is None
    assert Match.objects.get(pk=match.pk).revision == match.revision + 1
    joined = match_join(match=rematch, user=bob, deck=match.blue_deck)
    assert (joined.red_user, joined.blue_user, joined.status) == (bob, alice, Status.PLAYING)


def test_the_friend_may_ask_for_the_rematch_too(alice, bob, friends):
    rematch = match_rematch(match=friends, user=bob)
    assert rematch.owner == bob
    assert (rematch.red_user, rematch.blue_user) == (bob, None)
    assert rematch.decks == [friends.decks[1], None]


def test_a_match_has_one_rematch_whoever_asks_again(alice, bob, friends):
    first = match_rematch(match=friends, user=alice)
    assert match_rematch(match=friends, user=bob) == first
    assert match_rematch(match=friends, user=alice) == first
    assert Match.objects.filter(rematch_of=friends).count() == 1


def test_a_rematch_is_refused_in_play_to_others_and_for_an_import(alice, bob, alices_deck, friends):
    playing = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    with pytest.raises(MatchConflict):
        match_rematch(match=playing, user=alice)
    with pytest.raises(MatchForbidden):
        match_rematch(match=friends, user=UserFactory(username="carol"))
    imported = replay_import(owner=alice, document=replay_document(friends))
    with pytest.raises(MatchError):
        match_rematch(match=imported, user=alice)
    assert not Match.objects.filter(rematch_of__isnull=False).exists()


def checked_deck(page: str) -> list[str]:
    return re.findall(r'name="deck" value="(\d+)" checked', page)


def test_the_rematchs_join_page_chooses_the_deck_the_friend_played(
    client, alice, bob, realms, friends
):
    playable_deck(owner=bob, realm=realms[0], name="Another deck of Bob's")
    rematch = match_rematch(match=friends, user=alice)
    client.force_login(bob)
    page = client.get(f"/games/join/{rematch.invite_token}/").content.decode()
    assert checked_deck(page) == [str(friends.blue_deck_id)]


def test_the_rematch_button_goes_to_the_rematch(client, alice, alices_deck):
    match = over(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT), alice)
    client.force_login(alice)
    response = client.post(f"/games/{match.pk}/rematch/")
    rematch = Match.objects.get(rematch_of=match)
    assert response.status_code == 302 and response["Location"] == f"/games/{rematch.pk}/"
    # Asked again: the same one.
    assert client.post(f"/games/{match.pk}/rematch/")["Location"] == f"/games/{rematch.pk}/"


def test_a_refused_rematch_says_why_on_the_matchs_page(client, alice, alices_deck):
    playing = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT)
    client.force_login(alice)
    response = client.post(f"/games/{playing.pk}/rematch/", follow=True)
    assert "A rematch is for a match that is over." in response.content.decode()
    assert not Match.objects.filter(rematch_of=playing).exists()


def test_rematches_count_as_new_matches(client, alice, alices_deck, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "new_match": "1/hour"},
    }
    match = over(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT), alice)
    client.force_login(alice)
    assert client.post(f"/games/{match.pk}/rematch/").status_code == 302
    assert client.post(f"/games/{match.pk}/rematch/").status_code == 429
