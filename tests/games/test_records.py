"""Cached positions: a match's one entry, pickled without its fixtures, read back equal to
the replay of its record, and never read for a revision it is not for."""

import random

from django.core.cache import cache
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, RandomBot, play_game
from games.matches import records
from games.matches.records import (
    match_position,
    match_replayed,
    position_from,
    position_key,
)
from games.matches.services import match_act, match_create, match_undo
from games.models import Match, Mode
from games.play import GAMES
from tests.games.helpers import legal_json


def played(match: Match, count: int, seed: int = 1) -> Match:
    chooser = random.Random(seed)
    for _ in range(count):
        match_act(
            match=match,
            user=match.owner,
            action=chooser.choice(legal_json(match)),
            number=match.number,
        )
    return match


def fresh(match: Match) -> Match:
    return Match.objects.for_play().get(pk=match.pk)


def no_replay(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("the position was replayed, not read from the cache")

    monkeypatch.setattr(records, "match_replayed", refuse)


def test_a_cached_position_reads_back_equal_to_the_replayed_one(alice, alices_deck, monkeypatch):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 40)
    replayed = position_from(match_replayed(fresh(match)))
    no_replay(monkeypatch)

    cached = match_position(fresh(match))

    assert cached.number == replayed.number == 40
    assert cached.state == replayed.state
    assert cached.log == replayed.log
    assert GAMES["shen"].digest(cached.state) == GAMES["shen"].digest(replayed.state)


def test_the_entry_leaves_the_fixtures_out_and_takes_back_the_matchs_own(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 20)
    key = f"{position_key(match)}:fixtures"
    assert cache.get(key) == GAMES["shen"].fixtures(match_position(match).state)
    cache.set(key, ("the cards", "the board"))

    state = match_position(fresh(match)).state

    # Whatever the fixtures' entry holds comes back: the position's entry holds none of it.
    assert (state.cards, state.grid.geometry) == ("the cards", "the board")


def test_a_match_keeps_one_entry_for_its_latest_revision(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 5)
    stand, _ = cache.get(position_key(match))
    assert stand.endswith(f":{match.revision}:{match.number}")


def test_a_row_read_before_a_write_never_gets_the_newer_position(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 6)
    before = fresh(match)
    played(match, 1, seed=2)

    assert match_position(before).number == 6
    assert match_position(fresh(match)).number == 7


def test_after_an_undo_the_position_is_the_earlier_one(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 6)
    match_undo(match=fresh(match), user=alice)
    undone = fresh(match)

    position = match_position(undone)

    assert position.number == undone.number == 5
    assert position.state == match_replayed(undone).states[-1]


def test_fixtures_gone_from_the_cache_mean_a_replay_not_a_wrong_state(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 8)
    cache.delete(f"{position_key(match)}:fixtures")

    position = match_position(fresh(match))

    assert position.state == match_replayed(fresh(match)).states[-1]
    assert cache.get(f"{position_key(match)}:fixtures") is not None  # written again


def test_an_entry_another_version_wrote_is_a_miss(alice, alices_deck):
    match = played(match_create(owner=alice, deck=alices_deck, mode=Mode.HOTSEAT, seed=4), 3)
    stand, _ = cache.get(position_key(match))
    cache.set(position_key(match), (stand, b"not a pickle"))

    assert match_position(fresh(match)).number == 3


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_fixtures_stay_the_same_from_start_to_end(seed):
    """What a stored position leaves out must be the same in every state of a game."""
    red = {"home_realm": "ember", "cards": [_avatar("Ember Warden", "ember")] * 30}
    blue = {"home_realm": "tide", "cards": [_avatar("Tide Sentinel", "tide")] * 30}
    ruleset = RULESETS["beta-2026-07"]
    game = GAMES["shen"]
    _, actions, _ = play_game(ruleset, [red, blue], seed, [RandomBot(1), RandomBot(2)])
    replayed = game.replay("beta-2026-07", {}, [red, blue], seed, actions_json(game, actions))
    assert len(replayed.states) == len(actions) + 1
    first = game.fixtures(replayed.states[0])
    assert all(game.fixtures(state) == first for state in replayed.states)


def actions_json(game, actions) -> list[dict]:
    return [game.action_to_json(action) for action in actions]


def _avatar(name: str, realm: str) -> dict:
    return {
        "name": name,
        "kind": "avatar",
        "realm": realm,
        "cost": 1,
        "melee": 3,
        "defense": 2,
        "movement": 2,
    }
