"""No page or endpoint shows a player a card they may not see: the opponent's hand, any
deck's order or contents. Walked as each player of a friend match and as a third user."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.engine import view_for
from games.models import Match
from games.records import match_replayed
from games.services import match_act, match_create, match_join
from tests.factories.decks import UserFactory
from tests.games.helpers import acting_seat, legal_json

ACTIONS = 40


@pytest.fixture
def friend_match(alice, bob, alices_deck, bobs_deck):
    match = match_create(owner=alice, deck=alices_deck, mode="friend", seed=11)
    match_join(match=match, user=bob, deck=bobs_deck)
    match = Match.objects.get(pk=match.pk)
    players = {0: match.red_user, 1: match.blue_user}
    for step in range(ACTIONS):
        options = legal_json(match)
        # Prefer playing cards, so hands, discards and the board all change.
        played = [o for o in options if o["type"] != "pass"] or options
        match_act(
            match=match,
            user=players[acting_seat(match)],
            action=played[step % len(played)],
            number=match.number,
        )
    return Match.objects.get(pk=match.pk)


def hidden_names(state, seat):
    """Card names only in places ``seat`` cannot see (a name also seen elsewhere is public)."""
    everything = {spec.name for spec in state.cards}
    seen = {spec.name for spec in view_for(state, seat).cards}
    return everything - seen


def without_seen_names(text, state, seat):
    """``text`` without the names the viewer may read (card and ability names), longest
    first, so a hidden "Eclipse" is not confused with a seen "Eclipse Seer"."""
    view = view_for(state, seat)
    seen = {spec.name for spec in view.cards}
    seen |= {ability.name for spec in view.cards for ability in spec.abilities}
    for name in sorted(seen, key=len, reverse=True):
        text = text.replace(name, "")
    return text


def pages(match, numbers):
    yield f"/games/{match.pk}/"
    yield f"/games/{match.pk}/live/"
    yield f"/games/{match.pk}/replay.json"
    for number in numbers:
        yield f"/games/{match.pk}/replay/?at={number}"
    yield f"/api/matches/{match.pk}/"
    yield f"/api/matches/{match.pk}/actions/"
    yield f"/api/matches/{match.pk}/replay/"
    yield "/games/"
    yield "/api/matches/"


def test_no_page_shows_a_hidden_card_to_either_player_or_a_third_user(friend_match):
    match = friend_match
    states = match_replayed(match).states
    carol = UserFactory(username="carol")
    numbers = [0, 10, 25, match.number]
    for user in (match.red_user, match.blue_user, carol):
        seat = {match.red_user_id: 0, match.blue_user_id: 1}.get(user.pk)
        hidden = hidden_names(states[-1], seat)
        assert hidden, "the test needs cards the viewer cannot see"
        for client in (Client(), APIClient()):
            client.force_login(user)
            for url in pages(match, numbers):
                response = client.get(url)
                assert response.status_code in (200, 404), url
                at = int(url.rsplit("=", 1)[1]) if "?at=" in url else match.number
                text = without_seen_names(response.content.decode(), states[at], seat)
                for name in hidden_names(states[at], seat):
                    assert name not in text, f"{name} shown on {url} to {user.username}"
        if user == carol:
            assert Client().get(f"/games/{match.pk}/").status_code == 404
