"""Match pages: starting from a deck, the table, posting actions, live updates, replays."""

import json

import pytest

from games.matches.services import match_create
from games.models import Match, Mode, Status
from tests.factories.decks import DeckFactory, UserFactory
from tests.factories.matches import playable_deck
from tests.games.helpers import committed, legal_json


def test_the_deck_page_offers_a_play_test(alice_in, alices_deck):
    page = alice_in.get(f"/decks/{alices_deck.pk}/")
    assert f"/games/new/?deck={alices_deck.pk}" in page.content.decode()
    assert "Play-test matches" in page.content.decode()


def test_an_invalid_deck_lists_its_violations_instead_of_a_start_form(alice_in, alice, realms):
    deck = DeckFactory(owner=alice, name="Thin deck")
    page = alice_in.get(f"/games/new/?deck={deck.pk}")
    assert page.status_code == 200
    assert "cannot start a match" in page.content.decode()
    assert "Start the match" not in page.content.decode()
    assert alice_in.post(f"/games/new/?deck={deck.pk}", {"opponent": "hotseat"}).status_code == 400
    assert not Match.objects.exists()


def test_the_start_form_starts_a_bot_match(alice_in, alices_deck):
    response = alice_in.post(
        f"/games/new/?deck={alices_deck.pk}",
        {
            "opponent": "bot",
            "bot": "random",
            "ruleset": "beta-2026-07",
            "recovery": "all",
            "realm_stone_counts": "on",
            "max_turns": 30,
            "seed": 12,
            "first_turn": "me",
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{match.pk}/"
    assert (match.mode, match.seed, match.options["max_turns"]) == (Mode.BOT, 12, 30)
    page = alice_in.get(f"/games/{match.pk}/")
    assert page.status_code == 200 and 'id="decision-prompt"' in page.content.decode()


def test_clicking_an_option_plays_it(alice_in, alice, alices_deck):
    with committed():
        match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn="me")
    action = legal_json(match)[0]
    response = alice_in.post(
        f"/games/{match.pk}/act/",
        {"action": json.dumps(action), "number": match.number},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    stored = Match.objects.get(pk=match.pk)
    assert stored.actions[match.number] == action


def test_a_double_click_applies_once_and_the_second_gets_409(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    data = {"action": json.dumps(legal_json(match)[0]), "number": 0}
    first = alice_in.post(f"/games/{match.pk}/act/", data, HTTP_HX_REQUEST="true")
    second = alice_in.post(f"/games/{match.pk}/act/", data, HTTP_HX_REQUEST="true")
    assert (first.status_code, second.status_code) == (200, 409)
    assert "moved on" in second.content.decode()
    assert Match.objects.get(pk=match.pk).number == 1


def test_an_illegal_action_shows_the_reason_with_400(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    data = {"action": json.dumps({"type": "place_counter", "vertex": 0}), "number": 0}
    response = alice_in.post(f"/games/{match.pk}/act/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "not legal" in response.content.decode()


def test_the_live_check_answers_304_until_the_match_moves(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    first = alice_in.get(f"/games/{match.pk}/live/")
    tag = first["ETag"]
    assert alice_in.get(f"/games/{match.pk}/live/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    alice_in.post(
        f"/games/{match.pk}/act/", {"action": json.dumps(legal_json(match)[0]), "number": 0}
    )
    moved = alice_in.get(f"/games/{match.pk}/live/", HTTP_IF_NONE_MATCH=tag)
    assert moved.status_code == 200 and moved["ETag"] != tag


def test_hotseat_offers_the_first_realm_stone_at_once_with_no_hand(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    page = alice_in.get(f"/games/{match.pk}/").content.decode()
    assert "Hand the device to" not in page and "Your hand" not in page
    assert 'id="decision-prompt"' in page and "place_realm_stone" in page


def test_a_friend_match_waiting_for_its_friend_shows_the_invitation(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    for url in ("", "live/"):
        page = alice_in.get(f"/games/{match.pk}/{url}")
        assert page.status_code == 200, url
        text = page.content.decode()
        assert f"/games/join/{match.invite_token}/" in text
        assert 'role="alert"' not in text and "not a game" not in text
    assert "/replay/" not in alice_in.get(f"/games/{match.pk}/").content.decode()
    assert alice_in.get(f"/games/{match.pk}/replay/").status_code == 404
    answer = alice_in.get(f"/api/matches/{match.pk}/")
    assert answer.status_code == 200
    assert answer.json()["invite_token"] == match.invite_token


def test_the_invitation_asks_the_friend_to_sign_in_then_to_pick_a_valid_deck(
    client, alice, bob, alices_deck, bobs_deck, realms
):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    link = f"/games/join/{match.invite_token}/"
    signing_in = client.get(link)
    assert signing_in.status_code == 302 and f"next={link}" in signing_in["Location"]
    broken = DeckFactory(owner=bob, name="Half a deck")
    client.force_login(bob)
    page = client.get(link).content.decode()
    assert "Half a deck" in page and "not valid" in page
    refused = client.post(link, {"deck": broken.pk})
    assert refused.status_code == 400
    assert Match.objects.get(pk=match.pk).status == Status.WAITING
    assert client.post(link, {"deck": bobs_deck.pk})["Location"] == f"/games/{match.pk}/"
    match = Match.objects.get(pk=match.pk)
    assert match.status == Status.PLAYING and match.blue_user == bob
    # The link is spent: a third person gets told so, and nothing changes.
    client.force_login(UserFactory(username="carol"))
    assert "already been taken up" in client.get(link).content.decode()


def test_other_players_cannot_open_a_match_in_progress(client, bob, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    client.force_login(bob)
    for url in ("", "live/", "replay/", "replay.json"):
        assert client.get(f"/games/{match.pk}/{url}").status_code == 404


@pytest.mark.parametrize("public", [True, False])
def test_a_finished_match_between_public_decks_has_a_replay_link_anyone_opens(
    client, alice, realms, bobs_deck, public
):
    deck = playable_deck(owner=alice, realm=realms[0], visibility="public" if public else "private")
    match = match_create(owner=alice, deck=deck, mode=Mode.HOTSEAT, opponent_deck=bobs_deck, seed=3)
    client.force_login(alice)
    assert 'id="replay-link"' not in client.get(f"/games/{match.pk}/").content.decode()
    client.post(f"/games/{match.pk}/resign/")
    link = f"/games/{match.pk}/replay/"
    for url in (f"/games/{match.pk}/", link):
        page = client.get(url).content.decode()
        assert ('id="replay-link"' in page) == public
        if public:
            assert f'{link}"' in page.split('id="replay-link"')[1].split(">")[0]
    client.force_login(UserFactory(username="carol"))
    assert client.get(link).status_code == (200 if public else 404)
    client.logout()
    assert client.get(link).status_code == (200 if public else 404)


def test_my_matches_lists_them_with_who_plays_each_side(alice_in, alice, alices_deck):
    hotseat = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    bot = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn="me")
    friend = match_create(owner=alice, deck=alices_deck, mode=Mode.FRIEND)
    page = alice_in.get("/games/").content.decode()
    for match in (hotseat, bot, friend):
        assert f"/games/{match.pk}/" in page
    assert hotseat.players == ("alice", "alice")
    assert set(bot.players) == {"alice", "bot (random)"} and "bot (random)" in page
    assert "—" in friend.players


def test_resign_and_replay_download_and_reimport(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn="me")
    for _ in range(4):
        match = Match.objects.get(pk=match.pk)
        alice_in.post(
            f"/games/{match.pk}/act/",
            {"action": json.dumps(legal_json(match)[0]), "number": match.number},
        )
    alice_in.post(f"/games/{match.pk}/resign/")
    assert Match.objects.get(pk=match.pk).status == Status.RESIGNED
    download = alice_in.get(f"/games/{match.pk}/replay.json")
    assert download.status_code == 200
    document = download.json()
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("r.json", json.dumps(document).encode(), "application/json")
    imported = alice_in.post("/games/import/", {"file": upload})
    assert imported.status_code == 302
    watched = Match.objects.get(mode=Mode.IMPORTED)
    assert watched.actions == document["actions"]
    replay = alice_in.get(f"/games/{watched.pk}/replay/?at=3")
    assert replay.status_code == 200 and "State" in replay.content.decode()


@pytest.mark.parametrize(
    "change",
    [
        {"digests": ["0" * 16]},
        {"seed": 1},
        {"actions": [{"type": "fly"}]},
        {"format": "chess"},
        {"decks": [{"cards": [{"name": 3}]}, {}]},
    ],
)
def test_a_broken_replay_file_is_refused_and_nothing_saved(alice_in, alice, alices_deck, change):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.BOT, seed=3, first_turn="me")
    from games.matches.replays import replay_document

    document = {**replay_document(match), **change}
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("r.json", json.dumps(document).encode(), "application/json")
    response = alice_in.post("/games/import/", {"file": upload})
    assert response.status_code == 400
    assert not Match.objects.filter(mode=Mode.IMPORTED).exists()


def test_notes_show_in_the_replay(alice_in, alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    alice_in.post(f"/games/{match.pk}/notes/", {"number": 0, "text": "Stone placement matters"})
    assert (
        "Stone placement matters"
        in alice_in.get(f"/games/{match.pk}/replay/?at=0").content.decode()
    )


def test_the_deck_page_shows_wins_and_losses_per_version(client, alice, alices_deck):
    from games.matches.services import match_resign

    for _ in range(2):
        match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
        match_resign(match=match, user=alice)
    client.force_login(alice)
    page = client.get(f"/decks/{alices_deck.pk}/").content.decode()
    assert "<td>v1</td>" in page
    assert page.count(f"/games/{match.pk}/") == 1
