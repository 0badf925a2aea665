"""No page or endpoint shows a player a card they may not see: the opponent's hand, any
deck's order or contents. Walked as each player of a friend match and as a third user."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.matches.records import match_replayed
from games.models import Match
from tests.factories.decks import UserFactory
from tests.games.engine.unseen import (
    hidden_names,
    hidden_throughout,
    leaked_names,
    unseen_cards,
    without_names_seen_throughout,
    without_seen_names,
)


@pytest.fixture
def friend_match(friend_match_played):
    return friend_match_played


def pages(match, numbers):
    yield f"/games/{match.pk}/"
    yield f"/games/{match.pk}/live/"
    yield f"/games/{match.pk}/replay.json"
    for number in numbers:
        yield f"/games/{match.pk}/replay/?at={number}"
        yield f"/games/{match.pk}/replay/window/?from={number}&to={number}"
    yield f"/api/matches/{match.pk}/"
    yield f"/api/matches/{match.pk}/actions/"
    yield f"/api/matches/{match.pk}/replay/"
    yield "/games/"
    yield "/api/matches/"


def whole_log_apart(page: str) -> tuple[str, str]:
    """(the page without the replay's whole log, the whole log): the log tells what
    happened up to the match's last state, the rest of the page one state."""
    if '<aside class="replay-log"' not in page:
        return page, ""
    before, rest = page.split('<aside class="replay-log"', 1)
    log, after = rest.split("</aside>", 1)
    return before + after, log


def test_no_page_shows_a_hidden_card_to_either_player_or_a_third_user(friend_match):
    """A state's page shows no card hidden at that state; the replay's whole log, of
    every state to the match's last, none its reader saw at no state."""
    match = friend_match
    states = match_replayed(match).states
    carol = UserFactory(username="carol")
    numbers = [0, 10, 25, match.number]
    for user in (match.red_user, match.blue_user, carol):
        seat = {match.red_user_id: 0, match.blue_user_id: 1}.get(user.pk)
        hidden = hidden_names(states[-1], seat)
        assert hidden, "the test needs cards the viewer cannot see"
        assert hidden_throughout(states, seat), "and cards the viewer never saw"
        for client in (Client(), APIClient()):
            client.force_login(user)
            for url in pages(match, numbers):
                response = client.get(url)
                assert response.status_code in (200, 404), url
                at = int(url.rsplit("=", 1)[1]) if "=" in url else match.number
                page, log = whole_log_apart(response.content.decode())
                text = without_seen_names(page, states[at], seat)
                for name in hidden_names(states[at], seat):
                    assert name not in text, f"{name} shown on {url} to {user.username}"
                log = without_names_seen_throughout(log, states, seat)
                for name in hidden_throughout(states, seat):
                    assert name not in log, f"{name} in the log on {url} to {user.username}"
        if user == carol:
            assert Client().get(f"/games/{match.pk}/").status_code == 404


# Actions that name a card by number, each with its other fields (issue 18).
CARD_ACTIONS = (
    {"type": "play_card", "at": None, "target": None, "to": None},
    {"type": "use_ability", "index": 0, "target": None, "to": None},
    {"type": "remove_remains", "to": None},
    {"type": "return_cards"},
    {"type": "lose_cards", "from_deck": 0, "discard": []},
)


def _naming(template, card):
    action = dict(template)
    if action["type"] == "return_cards":
        action["cards"] = [card]
    elif action["type"] == "lose_cards":
        action["hand"] = [card]
    else:
        action["card"] = card
    return action


def test_no_refusal_names_a_card_the_seat_cannot_see_nor_tells_where_it_is(friend_match):
    """Every card number of the game, sent by each player in each action that names a card:
    the refusal names no card the sender cannot see, and a card they cannot see reads like
    a number that is no card at all."""
    match = friend_match
    state = match_replayed(match).states[-1]
    nowhere = len(state.cards) + 5
    client = APIClient()
    for seat, user in ((0, match.red_user), (1, match.blue_user)):
        client.force_login(user)
        unseen = set(unseen_cards(state, seat))
        for template in CARD_ACTIONS:

            def refusal(card, template=template):
                body = {"action": _naming(template, card), "number": match.number}
                response = client.post(f"/api/matches/{match.pk}/act/", body, format="json")
                assert response.status_code in (400, 403), response.content
                return response.json()["detail"]

            no_card = refusal(nowhere).replace(f"card {nowhere}", "card #")
            for card in range(len(state.cards)):
                detail = refusal(card)
                assert not leaked_names(detail, state, seat), (template, card, detail)
                if card in unseen:
                    assert detail.replace(f"card {card}", "card #") == no_card, (template, card)
    assert Match.objects.get(pk=match.pk).number == match.number
