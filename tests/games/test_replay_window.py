"""The replay's page and its windows of states (games.matches.views.replays): the whole log
beside the board, a link a state; the turns before and after; marks where notes are;
windows of at most WINDOW_STATES states drawn as the page draws one; both hands once the
match is over, and no hand of a hot-seat match in play."""

import re

import pytest

from games.matches.services import match_act, match_create, match_join, match_note_add
from games.matches.views.replays import WINDOW_STATES
from games.matches.whole_log import whole_log_for
from games.models import Match, Mode
from tests.factories.decks import UserFactory
from tests.games.helpers import acting_seat, legal_json, played_to_the_end


@pytest.fixture
def finished(alice, alices_deck) -> Match:
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=11)
    return Match.objects.get(pk=played_to_the_end(match, seed=2).pk)


def window(client, match, first, last):
    return client.get(f"/games/{match.pk}/replay/window/?from={first}&to={last}")


def states_in(response) -> list[int]:
    return [int(n) for n in re.findall(r'<template data-at="(\d+)">', response.content.decode())]


def unmasked(html: str) -> str:
    """``html`` with its CSRF tokens left out (each answer masks its own)."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


def test_a_window_holds_each_state_as_the_page_draws_it(alice_in, finished):
    response = window(alice_in, finished, 10, 14)
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    assert states_in(response) == [10, 11, 12, 13, 14]
    templates = response.content.decode().split("<template ")[1:]
    for number, template in zip(range(10, 15), templates, strict=True):
        page = alice_in.get(f"/games/{finished.pk}/replay/?at={number}").content.decode()
        state = page.split('id="replay-state" class="replay-state">', 1)[1]
        drawn = template.split(">", 1)[1].split("</template>", 1)[0]
        assert f'class="table" data-number="{number}"' in drawn
        state = state.split("</div>\n</section>\n<aside", 1)[0]
        assert unmasked(drawn).strip() == unmasked(state).strip()


def test_a_window_holds_at_most_its_states_and_none_past_the_last(alice_in, finished):
    assert states_in(window(alice_in, finished, 0, 500)) == list(range(WINDOW_STATES))
    last = finished.number
    assert states_in(window(alice_in, finished, last - 2, last + 5)) == [last - 2, last - 1, last]


@pytest.mark.parametrize("query", ["from=5&to=4", "from=x&to=3", "to=3", "from=-1&to=3"])
def test_a_window_of_no_states_is_refused(alice_in, finished, query):
    response = alice_in.get(f"/games/{finished.pk}/replay/window/?{query}")
    assert response.status_code == 400
    assert "Ask for states from= to=" in response.content.decode()


def test_a_window_past_the_match_is_refused(alice_in, finished):
    assert window(alice_in, finished, finished.number + 1, finished.number + 3).status_code == 400


def test_windows_are_served_at_a_rate_of_their_own(alice_in, finished, settings):
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**rates, "replay_window": "2/minute"},
    }
    answers = [window(alice_in, finished, at, at + 3).status_code for at in (0, 4, 8)]
    assert answers == [200, 200, 429]
    assert alice_in.get(f"/games/{finished.pk}/replay/?at=3").status_code == 200


def test_a_window_is_shown_to_whoever_may_watch_the_match(client, alice, alices_deck, finished):
    client.force_login(UserFactory(username="carol"))
    assert window(client, finished, 0, 3).status_code == 404  # a private deck's match
    waiting = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    client.force_login(alice)
    assert window(client, waiting, 0, 0).status_code == 404


def test_the_whole_log_beside_the_board_links_every_entry_to_its_state(alice_in, alice, finished):
    page = alice_in.get(f"/games/{finished.pk}/replay/?at=30").content.decode()
    log = page.split('<aside class="replay-log"', 1)[1].split("</aside>", 1)[0]
    whole = whole_log_for(finished, alice)
    entries = [entry.number for turn in whole.turns for entry in turn.entries]
    linked = [int(n) for n in re.findall(r'<li data-at="(\d+)"[^>]*><a href="[^"]*\?at=\1"', log)]
    assert linked == entries
    assert re.findall(r'<li data-at="(\d+)" aria-current="step"', log) == ["30"] * entries.count(30)
    turns = re.findall(r'<h3><a href="[^"]*\?at=(\d+)"', log)
    assert [int(n) for n in turns] == list(whole.starts)


def test_the_controls_go_to_the_turn_before_and_after(alice_in, alice, finished):
    starts = whole_log_for(finished, alice).starts
    at = starts[2] + 1
    page = alice_in.get(f"/games/{finished.pk}/replay/?at={at}").content.decode()
    assert re.search(rf'href="[^"]*\?at={starts[2]}" data-replay-turn-prev', page)
    assert re.search(rf'href="[^"]*\?at={starts[3]}" data-replay-turn-next', page)
    assert f'data-turns="{" ".join(map(str, starts))}"' in page
    first = alice_in.get(f"/games/{finished.pk}/replay/?at=0").content.decode()
    assert re.search(r"data-replay-turn-prev[^>]* hidden>", first)
    assert re.search(r"data-replay-prev hidden>", first)


def test_the_slider_is_marked_where_notes_are(alice_in, alice, finished):
    for number in (7, 40, 7):
        match_note_add(match=finished, user=alice, number=number, text="Look here")
    page = alice_in.get(f"/games/{finished.pk}/replay/?at=0").content.decode()
    marks = page.split("data-replay-marks>", 1)[1].split("</div>", 1)[0]
    assert re.findall(r'class="replay-mark" data-at="(\d+)"', marks) == ["7", "40"]


def hands_shown(page: str) -> list[str]:
    return re.findall(r'<div class="replay-hand owner-(\w+)">', page)


def test_a_finished_match_shows_both_hands_and_each_player_the_others(
    client, alice, bob, alices_deck, bobs_deck
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    match_join(match=match, user=bob, deck=bobs_deck)
    match = Match.objects.get(pk=match.pk)
    assert (match.red_user, match.blue_user) == (alice, bob)
    url = f"/games/{match.pk}/replay/?at=20"
    client.force_login(alice)
    first = (alice, bob)[acting_seat(match)]
    match_act(match=match, user=first, action=legal_json(match)[0], number=match.number)
    assert hands_shown(client.get(url.replace("20", "1")).content.decode()) == []
    match = played_to_the_end(Match.objects.get(pk=match.pk), seed=2)
    hers = client.get(url).content.decode()
    assert hands_shown(hers) == ["blue"] and "Your hand" in hers
    client.force_login(bob)
    assert hands_shown(client.get(url).content.decode()) == ["red"]


def test_a_hotseat_match_in_play_replays_with_no_hand_and_over_with_both(
    alice_in, alice, alices_deck
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=11)
    for _ in range(20):
        match_act(match=match, user=alice, action=legal_json(match)[0], number=match.number)
    page = alice_in.get(f"/games/{match.pk}/replay/?at=15").content.decode()
    assert "Your hand" not in page and hands_shown(page) == []
    assert "the hands stay hidden until the match is over" in page
    match = played_to_the_end(Match.objects.get(pk=match.pk), seed=2)
    page = alice_in.get(f"/games/{match.pk}/replay/?at=15").content.decode()
    assert "Your hand" not in page and hands_shown(page) == ["red", "blue"]
    assert "The match is over: you see both hands." in page


def test_a_window_is_compressed_for_a_browser_that_takes_it(alice_in, finished):
    url = f"/games/{finished.pk}/replay/window/?from=0&to=11"
    plain = alice_in.get(url)
    packed = alice_in.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) * 10 < len(plain.content)
