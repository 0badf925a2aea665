"""New matches and notes are bounded: each at a rate per player (pages and API alike),
and a match holds at most MAX_NOTES_PER_MATCH notes."""

import pytest

from games.matches.errors import MatchError
from games.matches.services import MAX_NOTES_PER_MATCH, match_create, match_note_add
from games.models import Match, MatchNote, Mode


@pytest.fixture
def rates(settings):
    """Sets some scopes' rates for the test."""

    def setting(**scopes):
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {
                **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                **scopes,
            },
        }

    return setting


def test_new_matches_from_the_page_are_limited_to_their_rate(client, alice, alices_deck, rates):
    rates(new_match="2/hour")
    client.force_login(alice)
    form = {"opponent": "hotseat", "first_turn": "dice", "ruleset": "beta-2026-07"}
    answers = [client.post(f"/games/new/?deck={alices_deck.pk}", form) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert "Too many new matches started in a short time" in answers[2].content.decode()
    assert Match.objects.count() == 2


def test_new_matches_and_imports_through_the_api_share_the_rate(
    api_client, alice, alices_deck, rates
):
    rates(new_match="1/hour")
    api_client.force_authenticate(alice)
    body = {"deck": alices_deck.pk, "opponent": "hotseat", "seed": 7}
    assert api_client.post("/api/matches/", body, format="json").status_code == 201
    again = api_client.post("/api/matches/", body, format="json")
    assert again.status_code == 429 and "new matches" in again.json()["detail"]
    imported = api_client.post("/api/matches/import/", {}, format="json")
    assert imported.status_code == 429


def test_notes_are_limited_to_their_rate(client, alice, alices_deck, rates):
    rates(note="2/minute")
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    client.force_login(alice)
    answers = [
        client.post(f"/games/{match.pk}/notes/", {"number": 0, "text": f"note {n}"})
        for n in range(3)
    ]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert "Too many notes added" in answers[2].content.decode()
    assert MatchNote.objects.count() == 2


def test_a_match_holds_at_most_its_number_of_notes(alice, alices_deck):
    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    MatchNote.objects.bulk_create(
        MatchNote(match=match, author=alice, number=0, text="x") for _ in range(MAX_NOTES_PER_MATCH)
    )
    with pytest.raises(MatchError, match=f"holds {MAX_NOTES_PER_MATCH} notes"):
        match_note_add(match=match, user=alice, number=0, text="one more")
    assert MatchNote.objects.count() == MAX_NOTES_PER_MATCH


def test_the_rates_have_sane_defaults():
    from shen_site import settings as real

    rates = real.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert {rates["replay"], rates["new_match"], rates["note"]} == {
        "120/minute",
        "60/hour",
        "30/minute",
    }
