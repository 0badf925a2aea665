"""The page of a match that is over (games.matches.post_game): who won and how in the
viewer's words, how long it went, the cards left, the replay, the rematch, the whole
log; a friend's page looks for the rematch until it is asked for, then invites them."""

import re

import pytest

from games.matches.records import match_position
from games.matches.services import match_create, match_join, match_rematch, match_resign
from games.models import Match, Mode
from tests.games.helpers import played_to_the_end


def page_of(client, match) -> str:
    response = client.get(f"/games/{match.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def summary_of(page: str) -> str:
    return page.split('<section class="post-game"', 1)[1].split("</details>\n</section>", 1)[0]


@pytest.fixture
def friends(alice, bob, alices_deck, bobs_deck, drawn_seed):
    """Alice (Red) and Bob (Blue)'s friend match, Alice having resigned."""
    drawn_seed(11)
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    match_resign(match=Match.objects.get(pk=match.pk), user=alice)
    return Match.objects.get(pk=match.pk)


def test_a_finished_match_says_who_won_how_how_long_and_the_cards_left(
    alice_in, alice, alices_deck
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3)
    match = played_to_the_end(match, seed=2)
    state = match_position(match).state
    summary = summary_of(page_of(alice_in, match))
    you_won = match.result["winner"] == 0
    assert f'<h2 id="post-game-title">{"You won" if you_won else "You lost"}</h2>' in summary
    winner = ("Red", "Blue")[match.result["winner"]]
    assert f"{winner} wins: " in summary and match.result["reason"] not in summary
    assert f"{state.turn} turns · {match.number} actions" in summary
    sides = re.findall(r'<li class="owner-(\w+)">(.*?)</li>', summary, re.S)
    assert [colour for colour, _ in sides] == ["red", "blue"]
    for seat, (_, side) in enumerate(sides):
        piles = dict(re.findall(r'data-pile="(\w+)">(\d+) ', side))
        assert piles == {
            "hand": str(len(state.hands[seat])),
            "deck": str(len(state.decks[seat])),
            "discard": str(len(state.discards[seat])),
        }
        for card in state.hands[seat]:
            assert state.card_name(card) in side
    assert f'href="/games/{match.pk}/replay/">Watch the replay' in summary
    assert f'action="/games/{match.pk}/rematch/"' in summary
    # The whole log, each entry a link to its state in the replay.
    assert f'href="/games/{match.pk}/replay/?at={match.number}"' in summary


def test_after_a_resignation_each_player_reads_the_result_in_their_words(
    client, alice, bob, friends
):
    client.force_login(alice)
    hers = summary_of(page_of(client, friends))
    client.force_login(bob)
    his = summary_of(page_of(client, friends))
    assert "You lost" in hers and "You resigned: Blue wins." in hers
    assert "You won" in his and "Red resigned: you win." in his
    for summary in (hers, his):
        assert "Winner:" not in summary and "the other player resigned" not in summary


def test_a_hotseat_match_names_the_winning_side(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    match_resign(match=match, user=alice)
    summary = summary_of(page_of(alice_in, Match.objects.get(pk=match.pk)))
    winner = ("Red", "Blue")[match.result["winner"]]
    assert f'<h2 id="post-game-title">{winner} won</h2>' in summary
    assert ">Rematch</button>" in summary


def polls(page: str) -> str | None:
    found = re.search(r'id="match-live"[^>]*hx-trigger="every (\d+)ms"', page)
    return found and found.group(1)


def test_a_friends_page_looks_for_a_rematch_and_then_invites_them(client, alice, bob, friends):
    client.force_login(bob)
    assert polls(page_of(client, friends)) == "5000"
    etag = client.get(f"/games/{friends.pk}/")["ETag"]
    rematch = match_rematch(match=friends, user=alice)
    # The page open on the old match sees it change and draws the invitation.
    assert client.get(f"/games/{friends.pk}/live/", HTTP_IF_NONE_MATCH=etag).status_code == 200
    summary = summary_of(page_of(client, friends))
    assert "alice asks for a rematch." in summary
    assert f'href="/games/join/{rematch.invite_token}/">Join the rematch' in summary
    assert "/rematch/" not in summary
    client.force_login(alice)
    hers = summary_of(page_of(client, friends))
    assert f'href="/games/{rematch.pk}/">The rematch: send your friend its link' in hers
    match_join(match=rematch, user=bob, deck=friends.blue_deck)
    client.force_login(bob)
    page = page_of(client, friends)
    assert polls(page) is None
    assert f'href="/games/{rematch.pk}/">Go to the rematch' in summary_of(page)


def test_a_hotseat_or_bot_match_over_is_not_polled(alice_in, alice, alices_deck):
    for mode in (Mode.HOTSEAT, Mode.BOT):
        match = match_create(owner=alice, deck=alices_deck, mode=mode, seed=3)
        match_resign(match=match, user=alice)
        assert polls(page_of(alice_in, match)) is None
