"""How a match reads once it is over (issue 23): the table names nobody as deciding, each
player reads the result in their own words, and the log's last line says why in words;
the roll for the first turn is told only when the dice decided it; the join page chooses a
friend's only valid deck for them."""

import re

import pytest

from games.engine import GameOver
from games.matches.services import match_create, match_join, match_resign
from games.matches.table.log import log_line, rulebook_rules
from games.models import Mode
from games.play import ending_words
from tests.factories.decks import DeckFactory
from tests.factories.matches import playable_deck


def table_of(client, match) -> str:
    return client.get(f"/games/{match.pk}/").content.decode()


def last_log_line(page: str) -> str:
    lines = re.findall(r"<li>(.*?)(?: <a class=\"rule\"|</li>)", page.split('class="log-lines"')[1])
    return lines[-1]


@pytest.fixture
def resigned_friend_match(alice, bob, alices_deck, bobs_deck):
    """Alice (Red: the dice seat the owner first) resigns her friend match with Bob."""
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    match.refresh_from_db()
    assert match.red_user == alice
    match_resign(match=match, user=alice)
    return match


def test_ending_words_say_who_resigned_in_each_viewers_words():
    resigned = {"winner": 1, "reason": "resigned"}
    assert ending_words(resigned, 0) == "You resigned: Blue wins"
    assert ending_words(resigned, 1) == "Red resigned: you win"
    assert ending_words(resigned) == "Red resigned: Blue wins"
    assert ending_words({"winner": None, "reason": "adjudicated"}).startswith("The game is a draw")


def test_a_resigned_match_names_nobody_deciding_and_each_player_reads_their_result(
    client, alice, bob, resigned_friend_match
):
    client.force_login(alice)
    hers = table_of(client, resigned_friend_match)
    client.force_login(bob)
    his = table_of(client, resigned_friend_match)
    for page in (hers, his):
        assert " decides" not in page and "Waiting for" not in page and "Your decision" not in page
        assert "the other player resigned" not in page
        assert last_log_line(page) == "Red resigned: Blue wins"
    assert "You resigned: Blue wins" in hers and "Red resigned: you win" not in hers
    assert "Red resigned: you win" in his and "You resigned" not in his
    assert 'class="status-result">You resigned: Blue wins<' in hers


def test_a_resigned_hotseat_match_reads_the_same_for_both_sides_and_asks_no_handover(
    client, alice, alices_deck
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    match_resign(match=match, user=alice)  # the side to place the first Realm Stone
    words = ending_words(match.result)
    assert words in ("Red resigned: Blue wins", "Blue resigned: Red wins")
    client.force_login(alice)
    page = table_of(client, match)
    assert "Hand the device to" not in page and "Waiting for" not in page
    assert "You resigned" not in page and "you win" not in page
    assert f'class="status-result">{words}<' in page
    assert last_log_line(page) == words


def test_the_log_says_why_the_game_ended_in_words_R25():
    line = log_line(GameOver("Blue", "out_of_cards"), rulebook_rules("beta-2026-07"))
    assert (line.text, line.rule) == ("Blue wins: the other player is out of cards", "R25")
    draw = log_line(GameOver(None, "adjudicated"), rulebook_rules("beta-2026-07"))
    assert "adjudicated" not in draw.text and draw.text.startswith("The game is a draw: ")


@pytest.mark.parametrize("first_turn", ["me", "opponent"])
def test_a_chosen_first_turn_logs_no_roll_for_it_R6(client, alice, alices_deck, first_turn):
    chosen = match_create(
        owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn=first_turn
    )
    rolled = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3)
    client.force_login(alice)
    assert "Rolls for first player" in table_of(client, rolled)
    page = table_of(client, chosen)
    assert "Rolls for first player" not in page
    assert "places a Realm Stone first (the first turn was chosen)" in page


def checked_decks(page: str) -> list[str]:
    return re.findall(r'name="deck" value="(\d+)" checked', page)


def test_the_join_page_chooses_a_friends_only_valid_deck(client, alice, bob, alices_deck, realms):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    link = f"/games/join/{match.invite_token}/"
    DeckFactory(owner=bob, name="Half a deck")
    only = playable_deck(owner=bob, realm=realms[1], name="Bob's deck")
    client.force_login(bob)
    assert checked_decks(client.get(link).content.decode()) == [str(only.pk)]
    playable_deck(owner=bob, realm=realms[0], name="Another deck")
    assert checked_decks(client.get(link).content.decode()) == []


def test_the_replays_last_state_of_a_resigned_match_reads_as_over(
    client, alice, resigned_friend_match
):
    match = resigned_friend_match
    client.force_login(alice)
    last = client.get(f"/games/{match.pk}/replay/?at={match.number}").content.decode()
    assert 'class="status-result">You resigned: Blue wins<' in last
    assert "Waiting for" not in last and " decides" not in last
    assert last_log_line(last) == "Red resigned: Blue wins"


def api_log_lines(client, match) -> list[str]:
    response = client.get(f"/api/matches/{match.pk}/")
    assert response.status_code == 200, response.content
    return [line for entry in response.json()["log"] for line in entry["lines"]]


@pytest.mark.parametrize("first_turn", ["me", "opponent"])
def test_the_api_log_of_a_chosen_first_turn_tells_no_roll_R6(
    client, alice, alices_deck, first_turn
):
    chosen = match_create(
        owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn=first_turn
    )
    rolled = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3)
    client.force_login(alice)
    assert any("Rolls for first player" in line for line in api_log_lines(client, rolled))
    lines = api_log_lines(client, chosen)
    assert not any("Rolls for first player" in line for line in lines)
    assert any("(the first turn was chosen)" in line for line in lines)
