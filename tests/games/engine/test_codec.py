"""The codec: engine values to canonical JSON and back, equal and byte-stable."""

import enum
import json
from dataclasses import dataclass, field, replace

import pytest

from bench.engine import sample_game
from games.engine import apply, codec
from games.engine.codec import (
    CodecError,
    action_from_data,
    action_to_data,
    clone,
    forget_printed,
    from_json,
    state_digest,
    to_json,
)
from games.engine.replay import replay


class ProbeMood(enum.Enum):
    READY = "ready"
    EXHAUSTED = "exhausted"


@dataclass(frozen=True)
class ProbeMarker:
    vertex: tuple[int, int]
    mood: ProbeMood = ProbeMood.READY


@dataclass(frozen=True)
class ProbeStep:
    marker: ProbeMarker
    path: tuple[ProbeMarker, ...]


@dataclass(frozen=True)
class ProbeTableau:
    markers: tuple[ProbeMarker | ProbeStep, ...]
    seen: frozenset[ProbeMarker]
    notes: tuple[str | None, ...]
    count: int
    flag: bool
    derived: int = field(init=False, default=0)


def _tableau() -> ProbeTableau:
    marker = ProbeMarker((3, 4), ProbeMood.EXHAUSTED)
    return ProbeTableau(
        markers=(marker, ProbeStep(ProbeMarker((0, 0)), (marker, ProbeMarker((1, 1))))),
        seen=frozenset({marker, ProbeMarker((8, 8))}),
        notes=("Shén", None),
        count=-2,
        flag=True,
    )


def test_nested_dataclasses_round_trip_to_an_equal_value():
    assert from_json(to_json(_tableau())) == _tableau()


def test_tuples_stay_tuples_and_sets_stay_frozensets():
    back = from_json(to_json(_tableau()))
    assert type(back.markers) is tuple
    assert type(back.markers[1].path[0].vertex) is tuple
    assert type(back.seen) is frozenset


def test_union_fields_come_back_as_their_own_class():
    back = from_json(to_json(_tableau()))
    assert [type(item) for item in back.markers] == [ProbeMarker, ProbeStep]


def test_enum_members_come_back_identical():
    assert from_json(to_json(_tableau())).markers[0].mood is ProbeMood.EXHAUSTED


def test_booleans_are_not_confused_with_ints():
    back = from_json(to_json(_tableau()))
    assert back.flag is True and type(back.count) is int


def test_a_field_outside_init_is_restored():
    value = _tableau()
    object.__setattr__(value, "derived", 7)
    assert from_json(to_json(value)).derived == 7


def test_equal_values_give_identical_text_whatever_the_set_order():
    one = ProbeTableau((), frozenset(ProbeMarker((n, n)) for n in range(20)), (), 0, False)
    two = ProbeTableau(
        (), frozenset(ProbeMarker((n, n)) for n in reversed(range(20))), (), 0, False
    )
    assert to_json(one) == to_json(two)


def test_output_is_sorted_compact_json():
    text = to_json(ProbeMarker((1, 2)))
    assert json.loads(text) == {
        "$": "ProbeMarker",
        "mood": {"$enum": "ProbeMood.READY"},
        "vertex": [1, 2],
    }
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


def test_digest_is_stable_for_equal_states_and_differs_for_different_ones():
    assert state_digest(_tableau()) == state_digest(clone(_tableau()))
    assert state_digest(_tableau()) != state_digest(replace(_tableau(), count=3))


def test_actions_round_trip_through_plain_data():
    action = ProbeStep(ProbeMarker((2, 2)), ())
    data = action_to_data(action)
    assert json.loads(json.dumps(data)) == data
    assert action_from_data(data) == action


def test_text_that_is_not_json_is_a_codec_error():
    with pytest.raises(CodecError, match="not JSON"):
        from_json("{nope")


def test_an_unknown_class_name_is_a_codec_error():
    with pytest.raises(CodecError, match="no engine class"):
        from_json('{"$": "NoSuchThing"}')


def test_a_missing_field_is_a_codec_error():
    with pytest.raises(CodecError, match="missing its field 'mood'"):
        from_json('{"$": "ProbeMarker", "vertex": [1, 2]}')


def test_an_unknown_field_is_a_codec_error():
    to_json(ProbeMarker((0, 0)))  # the class is known once encoded
    with pytest.raises(CodecError, match="no field 'colour'"):
        from_json('{"$": "ProbeMarker", "vertex": [1, 2], "mood": null, "colour": 1}')


@pytest.mark.parametrize(
    "text",
    [
        '{"$": 5}',
        '{"$enum": 5}',
        '{"$enum": "ProbeMood.ASLEEP"}',
        '{"$set": [{"$map": []}]}',
        '{"$map": [[1, 2, 3]]}',
        '{"$map": 1}',
        '{"vertex": [1, 2]}',
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["tag", "enum", "member", "unhashable", "pair", "map", "untagged", "deep"],
)
def test_json_the_codec_never_wrote_is_a_codec_error(text):
    to_json(ProbeMood.READY)  # the enum is known once encoded
    with pytest.raises(CodecError):
        from_json(text)


def test_a_value_the_engine_never_holds_cannot_be_encoded():
    with pytest.raises(CodecError, match="cannot encode"):
        to_json(ProbeMarker(vertex=object()))


# --- values from real games ----------------------------------------------------


@pytest.fixture(scope="module")
def replayed():
    game = sample_game(seed=3, max_turns=4)
    return game, replay(game.ruleset, game.decks, game.seed, game.actions)


def test_every_state_of_a_random_game_round_trips_exactly(replayed):
    _, result = replayed
    for state in result.states[::3]:
        text = to_json(state)
        back = from_json(text)
        assert back == state
        assert to_json(back) == text


def test_a_decoded_state_plays_on_like_the_original(replayed):
    game, result = replayed
    middle = len(game.actions) // 2
    decoded = from_json(to_json(result.states[middle]))
    assert apply(decoded, game.actions[middle]) == apply(
        result.states[middle], game.actions[middle]
    )


def test_every_action_of_a_random_game_round_trips_through_plain_data(replayed):
    game, _ = replayed
    data = [action_to_data(action) for action in game.actions]
    assert json.loads(json.dumps(data)) == data
    assert tuple(action_from_data(item) for item in data) == game.actions


def test_every_event_of_a_random_game_round_trips(replayed):
    game, _ = replayed
    assert from_json(to_json(game.events)) == game.events


def test_digests_do_not_depend_on_what_was_printed_before(replayed):
    _, result = replayed
    state = result.states[-1]
    warm = state_digest(state)
    forget_printed()
    assert state_digest(from_json(to_json(state))) == warm


def test_remembered_texts_stay_within_their_limit(replayed, monkeypatch):
    monkeypatch.setattr(codec._printed, "limit", 100_000)
    _, result = replayed
    for state in result.states[:40]:
        to_json(state)
        assert codec._printed.size <= 100_000
    forget_printed()
