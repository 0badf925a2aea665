"""Replay files are checked to their end and imported within a bounded cost: the final
state's digest and the stated result must be the replay's, a card must have the
catalogue's bounds, and a replay past the time budget is refused. Nothing is saved
when a file is refused."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.matches import replays
from games.matches.replays import replay_document
from games.matches.services import match_create
from games.models import DIGEST_EVERY, Match, Mode, Status
from games.play import GAMES
from tests.games.helpers import played_to_the_end

GAME = GAMES["shen"]


@pytest.fixture
def document(alice, alices_deck):
    """The replay file of a finished match of a few turns whose record does not end on a
    stored digest (so its last actions are checked by the final digest alone)."""
    for seed in range(1, 40):
        match = match_create(
            owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=seed, options={"max_turns": 4}
        )
        played = played_to_the_end(match, seed)
        if played.number % DIGEST_EVERY >= 3:
            return replay_document(played)
    raise AssertionError("no match ended between two digests")


def imported(alice_api, document):
    return alice_api.post("/api/matches/import/", document, format="json")


def refused(response, words):
    assert response.status_code == 400, response.content
    assert words in response.json()["detail"]
    assert not Match.objects.filter(mode=Mode.IMPORTED).exists()


def test_a_whole_replay_file_imports_with_its_result(alice_api, document):
    response = imported(alice_api, document)
    assert response.status_code == 201, response.content
    match = Match.objects.get(mode=Mode.IMPORTED)
    assert match.result == document["result"] and match.status == Status.FINISHED


@pytest.mark.django_db(transaction=True)
def test_changed_actions_after_the_last_digest_are_refused(alice_api, document):
    """The tail's last action swapped for another legal one: every stored digest still
    matches, only the final one tells."""
    actions = document["actions"]
    replayed = GAME.replay(
        document["ruleset"], document["options"], document["decks"], document["seed"], actions
    )
    last_digest = (len(document["digests"]) - 1) * DIGEST_EVERY
    for index in range(len(actions) - 1, last_digest - 1, -1):
        others = [
            GAME.action_to_json(action)
            for action in GAME.legal_actions(replayed.states[index])
            if GAME.action_to_json(action) != actions[index]
        ]
        if others:
            break
    changed = {**document, "actions": [*actions[:index], others[0]]}
    refused(imported(alice_api, changed), "the final state")


@pytest.mark.django_db(transaction=True)
def test_a_record_cut_short_with_its_result_kept_is_refused(alice_api, document):
    cut = {**document, "actions": document["actions"][:-1]}
    refused(imported(alice_api, cut), "the final state")


def test_a_cut_record_with_a_fitting_final_digest_still_needs_its_result(alice_api, document):
    actions = document["actions"][:-1]
    replayed = GAME.replay(
        document["ruleset"], document["options"], document["decks"], document["seed"], actions
    )
    cut = {**document, "actions": actions, "final_digest": GAME.digest(replayed.states[-1])}
    refused(imported(alice_api, cut), "does not reach the result")
    refused(imported(alice_api, {**cut, "result": None}), "unfinished")


def test_a_stated_result_other_than_the_replays_is_refused(alice_api, document):
    winner = document["result"]["winner"]
    other = {**document["result"], "winner": 1 - winner if winner is not None else 0}
    refused(imported(alice_api, {**document, "result": other}), "does not reach the result")


def test_a_resigned_match_imports_as_resigned(alice_api, alice, alices_deck):
    from games.matches.services import match_resign

    match = match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=3)
    match_resign(match=match, user=alice)
    response = imported(alice_api, replay_document(Match.objects.get(pk=match.pk)))
    assert response.status_code == 201, response.content
    assert Match.objects.get(mode=Mode.IMPORTED).status == Status.RESIGNED


def test_a_version_1_file_is_read_only_when_it_ends_on_a_stored_digest(alice_api, document):
    old = {key: value for key, value in document.items() if key != "final_digest"}
    refused(imported(alice_api, {**old, "version": 1}), "no digest of its final state")
    refused(imported(alice_api, old), "final_digest")


def test_a_deck_card_beyond_the_catalogues_bounds_is_refused_naming_it(alice_api, document):
    """A movement of a billion kept a worker searching until gunicorn killed it."""
    decks = [dict(deck) for deck in document["decks"]]
    avatar = next(card for card in decks[0]["cards"] if card["kind"] == "avatar")
    decks[0]["cards"] = [{**avatar, "movement": 1_000_000_000}, *decks[0]["cards"][1:]]
    refused(imported(alice_api, {**document, "decks": decks}), "movement must be a whole number")


def test_a_replay_past_its_time_budget_is_a_400(alice_api, document, monkeypatch, settings):
    settings.REPLAY_IMPORT_SECONDS = 2
    ticks = iter(range(10_000))  # a second an action
    monkeypatch.setattr(replays, "clock", lambda: next(ticks))
    refused(imported(alice_api, document), "takes more than 2 seconds to replay")


TRAITS = ("melee", "defense", "ranged", "movement", "cost", "bonus_movement", "bonus_melee")


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    field=st.sampled_from(TRAITS),
    value=st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.none()
    | st.text(),
    card=st.integers(min_value=0, max_value=39),
)
def test_any_number_on_any_deck_card_is_a_201_or_a_clear_400(
    alice_api, document, field, value, card
):
    """Hostile card data: never a 500, nor a hang; saved only when it replays to its end."""
    decks = [dict(deck) for deck in document["decks"]]
    cards = list(decks[1]["cards"])
    cards[card % len(cards)] = {**cards[card % len(cards)], field: value}
    decks[1]["cards"] = cards
    response = imported(alice_api, {**document, "decks": decks})
    assert response.status_code in (201, 400), response.content
    saved = Match.objects.filter(mode=Mode.IMPORTED)
    assert saved.exists() == (response.status_code == 201)
    saved.delete()


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=6,
)
FIELDS = (
    "format",
    "version",
    "game",
    "ruleset",
    "options",
    "seed",
    "decks",
    "actions",
    "digest_every",
    "digests",
    "final_digest",
    "result",
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES)
def test_any_json_value_in_any_field_of_a_replay_file_is_a_201_or_a_clear_400(
    alice_api, document, field, value
):
    """A list where the game's name belongs was a 500 (found by bench/hostile/)."""
    response = imported(alice_api, {**document, field: value})
    assert response.status_code in (201, 400), response.content
    Match.objects.filter(mode=Mode.IMPORTED).delete()


@pytest.mark.parametrize("game", [["shen"], {"shen": 1}, 7, None])
def test_a_game_named_by_anything_but_a_string_is_refused(alice_api, document, game):
    refused(imported(alice_api, {**document, "game": game}), "Unknown game")
