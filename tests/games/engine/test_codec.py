"""The codec: engine values to canonical JSON and back, equal and byte-stable."""

import dataclasses
import enum
import importlib
import json
import pkgutil
from dataclasses import dataclass, field, replace

import pytest

from games.engine import UseAbility, apply, codec
from games.engine.board import Geometry
from games.engine.codec import (
    CodecError,
    action_from_data,
    action_to_data,
    clone,
    codec_for,
    from_json,
    state_digest,
    to_json,
)
from games.engine.replay import replay
from games.engine.testing.samples import sample_game


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


# The probes are not engine classes: they get a codec of their own.
PROBES = codec_for((ProbeMood, ProbeMarker, ProbeStep, ProbeTableau))
probe_json, probe_value = PROBES.to_json, PROBES.from_json


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
    assert probe_value(probe_json(_tableau())) == _tableau()


def test_tuples_stay_tuples_and_sets_stay_frozensets():
    back = probe_value(probe_json(_tableau()))
    assert type(back.markers) is tuple
    assert type(back.markers[1].path[0].vertex) is tuple
    assert type(back.seen) is frozenset


def test_union_fields_come_back_as_their_own_class():
    back = probe_value(probe_json(_tableau()))
    assert [type(item) for item in back.markers] == [ProbeMarker, ProbeStep]


def test_enum_members_come_back_identical():
    assert probe_value(probe_json(_tableau())).markers[0].mood is ProbeMood.EXHAUSTED


def test_booleans_are_not_confused_with_ints():
    back = probe_value(probe_json(_tableau()))
    assert back.flag is True and type(back.count) is int


def test_a_field_outside_init_is_restored():
    value = _tableau()
    object.__setattr__(value, "derived", 7)
    assert probe_value(probe_json(value)).derived == 7


def test_equal_values_give_identical_text_whatever_the_set_order():
    one = ProbeTableau((), frozenset(ProbeMarker((n, n)) for n in range(20)), (), 0, False)
    two = ProbeTableau(
        (), frozenset(ProbeMarker((n, n)) for n in reversed(range(20))), (), 0, False
    )
    assert probe_json(one) == probe_json(two)


def test_output_is_sorted_compact_json():
    text = probe_json(ProbeMarker((1, 2)))
    assert json.loads(text) == {
        "$": "ProbeMarker",
        "mood": {"$enum": "ProbeMood.READY"},
        "vertex": [1, 2],
    }
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))


def test_actions_round_trip_through_plain_data():
    action = UseAbility(3, 1, target=7)
    data = action_to_data(action)
    assert json.loads(json.dumps(data)) == data
    assert action_from_data(data) == action


def test_text_that_is_not_json_is_a_codec_error():
    with pytest.raises(CodecError, match="not JSON"):
        probe_value("{nope")


def test_an_unknown_class_name_is_a_codec_error():
    with pytest.raises(CodecError, match="no engine class"):
        probe_value('{"$": "NoSuchThing"}')


def test_a_missing_field_is_a_codec_error():
    with pytest.raises(CodecError, match="missing its field 'mood'"):
        probe_value('{"$": "ProbeMarker", "vertex": [1, 2]}')


def test_an_unknown_field_is_a_codec_error():
    with pytest.raises(CodecError, match="no field 'colour'"):
        probe_value('{"$": "ProbeMarker", "vertex": [1, 2], "mood": null, "colour": 1}')


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
    with pytest.raises(CodecError):
        probe_value(text)


def test_a_value_the_engine_never_holds_cannot_be_encoded():
    with pytest.raises(CodecError, match="cannot encode"):
        probe_json(ProbeMarker(vertex=object()))


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


def test_digest_is_stable_for_equal_states_and_differs_for_different_ones(replayed):
    _, result = replayed
    state = result.states[-1]
    assert state_digest(state) == state_digest(clone(state))
    assert state_digest(state) != state_digest(replace(state, turn=state.turn + 1))


def test_digests_do_not_depend_on_what_was_printed_before(replayed):
    _, result = replayed
    state = result.states[-1]
    before = state_digest(state)
    for other in result.states:
        to_json(other)
    assert state_digest(from_json(to_json(state))) == before


def test_a_card_spec_standing_several_times_prints_the_same_each_time(replayed):
    _, result = replayed
    cards = result.states[0].cards
    assert len(set(map(id, cards))) < len(cards)  # copies of a card share their spec
    assert to_json(cards) == "[" + ",".join(to_json(card) for card in cards) + "]"


# --- the registry ----------------------------------------------------------------

# Engine dataclasses that a stored game never holds, each with the reason.
NOT_STORED = {
    "games.engine.codec.Codec": "the encoding itself",
    "games.engine.groups.Layout": "the grid's inner form: a ShenGrid stores itself by to_data",
    "games.engine.replay.ReplayResult": "what a replay returns; its states are stored",
    "games.engine.client.places.Place": "a named position for notation and clients",
    "games.engine.bots.determinize.Outlook": "a bot's look at one decision, made and dropped there",
    "games.engine.bots.evaluation.Weights": "a bot's evaluation weights, from weights.json or code",
    "games.engine.bots.estimates.Shortlist": "how many options a bot plays forward, given in code",
    "games.engine.bots.greedy.StepValue": "a bot's score of one look-ahead, made and dropped there",
    "games.engine.testing.samples.SampleGame": "a test's random game; its parts are stored",
}


def _engine_classes():
    package = importlib.import_module("games.engine")
    for info in pkgutil.walk_packages(package.__path__, "games.engine."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and not name.startswith("_")
                and (dataclasses.is_dataclass(value) or issubclass(value, enum.Enum))
            ):
                yield f"{module.__name__}.{value.__qualname__}", value


@pytest.mark.parametrize("name, cls", list(_engine_classes()), ids=lambda x: str(x)[:60])
def test_every_engine_dataclass_and_enum_is_registered_or_said_to_be_never_stored(name, cls):
    if name in NOT_STORED or name.startswith("games.engine.client.decision_view."):
        return  # a client's views are built for one request, never stored
    assert codec.ENGINE_CODEC.classes.get(cls.__qualname__) is cls, (
        f"{name} is not in the codec's registry: list its module in codec.VALUE_MODULES"
    )


def test_the_registry_cannot_be_changed():
    with pytest.raises(TypeError):
        codec.ENGINE_CODEC.classes["Intruder"] = ProbeMarker  # type: ignore[index]


def test_a_class_outside_the_registry_is_neither_encoded_nor_decoded():
    with pytest.raises(CodecError, match="not a registered engine value"):
        to_json(ProbeMarker((1, 2)))
    with pytest.raises(CodecError, match=r"no engine (class|enum) is named"):
        from_json(probe_json(ProbeMarker((1, 2))))


def test_two_classes_of_one_name_cannot_share_a_codec():
    twin = enum.Enum("ProbeMood", "ASLEEP")
    with pytest.raises(CodecError, match="two engine classes are named ProbeMood"):
        codec_for((ProbeMood, twin))


def test_a_geometry_comes_back_with_its_tables():
    board = from_json(to_json(Geometry(5, 6)))
    assert board == Geometry(5, 6)
    assert board.space_count == 30 and board.vertex_count == 42


@pytest.mark.parametrize("text", ['{"$": "Geometry", "width": 2, "height": 8}', '{"$": ["x"]}'])
def test_a_value_its_class_refuses_is_a_codec_error(text):
    with pytest.raises(CodecError):
        from_json(text)


def test_data_that_is_not_json_is_a_codec_error():
    with pytest.raises(CodecError, match="not JSON data"):
        codec.from_data({"$": "Pass", "x": float("nan")})
