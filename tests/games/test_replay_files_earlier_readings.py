"""A replay file written before its ruleset's rules last changed (version 1 or 2) was played
under the earlier reading (``Game.earlier_reading``): an import that does not replay as
the file stands is read once more under that reading, and the match keeps it. A file of
version 3 gets a second reading only under what changed since (the one-action rulesets'
R26 safeguard); a file of version 4 states its whole reading and gets none."""

import pytest

from games.matches.replays import FORMAT_VERSION, replay_document
from games.matches.services import match_create
from games.models import Match, Mode
from games.play import GAMES
from tests.factories.matches import starter_deck
from tests.games.helpers import played_to_the_end

GAME = GAMES["shen"]
# The rulesets whose rules changed since records of them were first stored.
CHANGED = [ruleset for ruleset in GAME.rulesets() if GAME.earlier_reading(ruleset)]


def does_not_replay_today(document) -> bool:
    """Whether ``document``, without the earlier reading's options, fails to replay."""
    reading = GAME.earlier_reading(document["ruleset"])
    options = {k: v for k, v in document["options"].items() if k not in reading}
    try:
        today = GAME.replay(
            document["ruleset"],
            options,
            document["decks"],
            document["seed"],
            document["actions"],
            digests=document["digests"],
            every=document["digest_every"],
        )
    except ValueError:
        return True
    return GAME.digest(today.states[-1]) != document["final_digest"]


@pytest.fixture(params=CHANGED)
def earlier_document(request, alice, alices_deck):
    """The replay file of a match played under its ruleset's earlier reading, one that
    does not replay under today's, as a file written before the change held it: version 2,
    without the options the change added."""
    ruleset = request.param
    reading = dict(GAME.earlier_reading(ruleset))
    alices_deck.format.rulesets = [ruleset]
    alices_deck.format.save()
    for seed in range(1, 30):
        match = match_create(
            owner=alice,
            deck=alices_deck,
            mode=Mode.HOTSEAT,
            seed=seed,
            ruleset=ruleset,
            options=reading,
        )
        document = replay_document(played_to_the_end(match, seed))
        if does_not_replay_today(document):
            options = {k: v for k, v in document["options"].items() if k not in reading}
            return {**document, "version": 2, "options": options}
    raise AssertionError(f"no game of {ruleset} plays differently under its earlier reading")


def test_a_version_2_file_replays_under_the_earlier_reading_and_keeps_it(
    alice_api, earlier_document
):
    response = alice_api.post("/api/matches/import/", earlier_document, format="json")
    assert response.status_code == 201, response.content
    match = Match.objects.get(mode=Mode.IMPORTED)
    reading = GAME.earlier_reading(match.ruleset)
    assert match.options == {**earlier_document["options"], **reading}
    assert replay_document(match)["version"] == FORMAT_VERSION


@pytest.mark.parametrize("version", [3, 4])
def test_a_later_file_is_not_read_under_the_readings_it_came_after(
    alice_api, earlier_document, version
):
    response = alice_api.post(
        "/api/matches/import/", {**earlier_document, "version": version}, format="json"
    )
    assert response.status_code == 400, response.content
    assert "does not replay" in response.json()["detail"]
    assert not Match.objects.filter(mode=Mode.IMPORTED).exists()


@pytest.mark.parametrize("ruleset", ["beta-2025", "simplified-0.1"])
def test_a_version_3_file_adjudicated_at_200_turns_replays_under_that_safeguard_R26(
    alice, alice_api, alices_deck, realms, ruleset
):
    deck = alices_deck if ruleset == "beta-2025" else starter_deck(owner=alice, realm=realms[0])
    deck.format.rulesets = [ruleset]
    deck.format.save()
    match = match_create(
        owner=alice,
        deck=deck,
        mode=Mode.HOTSEAT,
        seed=3,
        ruleset=ruleset,
        options={"max_turns": 200},
    )
    document = replay_document(played_to_the_end(match, 3))
    assert document["result"]["reason"] == "adjudicated"  # random play: at the limit
    unstated = {k: v for k, v in document["options"].items() if k != "max_turns"}
    response = alice_api.post(
        "/api/matches/import/", {**document, "version": 3, "options": unstated}, format="json"
    )
    assert response.status_code == 201, response.content
    imported = Match.objects.get(mode=Mode.IMPORTED)
    assert imported.options["max_turns"] == 200
