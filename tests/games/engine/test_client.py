"""The client API: actions as JSON and in words, and the waiting decision as a client draws it."""

import dataclasses
import functools
import inspect
import json
from collections import Counter
from types import MappingProxyType, ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import actions, apply, codec, decisions, legal_actions
from games.engine.actions import (
    Action,
    IllegalAction,
    LoseCards,
    Move,
    PlaceCounter,
    PlayCard,
    RangedAttack,
    UseAbility,
)
from games.engine.client import action_json, notation, places, words
from games.engine.client import decision_view as client
from games.engine.client.action_json import (
    ACTION_TYPES,
    MAX_CARDS,
    MAX_NUMBER,
    action_from_json,
    action_to_json,
)
from games.engine.client.decision_view import DECISION_KINDS, decision_to_json, describe_decision
from games.engine.client.words import action_in_words
from games.engine.replay import replay
from games.engine.testing.samples import sample_game
from games.engine.testing.scenario import BLUE, RED, ScenarioBuilder, action_card
from tests.games.engine.cards import ARCHER, FIRE_BLADE, SENTINEL, SPIRIT_WALK, WARDEN

# --- actions as JSON ---------------------------------------------------------------


def test_every_action_class_has_a_json_type():
    classes = {
        cls
        for _, cls in inspect.getmembers(actions, inspect.isclass)
        if issubclass(cls, Action) and cls is not Action
    }
    assert classes == set(ACTION_TYPES.values())


def test_an_action_is_written_with_snake_case_type_and_null_for_not_given():
    assert action_to_json(PlayCard(12, target=7)) == {
        "type": "play_card",
        "card": 12,
        "at": None,
        "target": 7,
        "to": None,
    }
    assert action_to_json(LoseCards(1, (3,))) == {
        "type": "lose_cards",
        "from_deck": 1,
        "hand": [3],
        "discard": [],
    }


def _fields(cls):
    kinds = dict(action_json.FIELDS[cls])
    number = st.integers(0, MAX_NUMBER)
    chosen = {
        action_json.NUMBER: number,
        action_json.OPTIONAL: st.just(-1) | number,
        action_json.CARDS: st.lists(number, max_size=5).map(tuple),
        action_json.TEXT: st.text(max_size=action_json.MAX_TEXT),
    }
    return st.builds(cls, *(chosen[kind] for kind in kinds.values()))


any_action = st.one_of([_fields(cls) for cls in ACTION_TYPES.values()])


@given(any_action)
def test_every_action_round_trips_through_json_text(action):
    assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.parametrize(
    "data, reason",
    [
        ([1, 2], "a JSON object, not a list"),
        ({"type": "teleport"}, "unknown action type 'teleport'"),
        ({"avatar": 1, "to": 2}, "unknown action type None"),
        ({"type": "move", "avatar": 1}, "move needs its field 'to'"),
        ({"type": "move", "avatar": 1, "to": 2, "speed": 9}, "move has no field 'speed'"),
        ({"type": "move", "avatar": "c3", "to": 2}, "move.avatar must be a whole number"),
        ({"type": "move", "avatar": True, "to": 2}, "not a boolean"),
        ({"type": "move", "avatar": 1.0, "to": 2}, "not a number with a fraction"),
        ({"type": "move", "avatar": -1, "to": 2}, "from 0 to 99999, not -1"),
        ({"type": "move", "avatar": 10**5000, "to": 2}, "not a number that long"),
        ({"type": "move", "avatar": None, "to": 2}, "move.avatar must be a whole number"),
        (
            {"type": "lose_cards", "from_deck": 0, "hand": 3, "discard": []},
            "lose_cards.hand must be a list of card numbers",
        ),
        (
            {"type": "lose_cards", "from_deck": 0, "hand": [0] * (MAX_CARDS + 1), "discard": []},
            f"more than {MAX_CARDS} cards",
        ),
        (
            {"type": "return_cards", "cards": [1, "kindle"]},
            r"return_cards.cards\[1\] must be a whole number",
        ),
    ],
)
def test_malformed_action_json_is_refused_with_a_reason(data, reason):
    with pytest.raises(IllegalAction, match=reason):
        action_from_json(data)


json_data = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
# Objects close to real actions reach the checks of each field, not only the type.
near_actions = st.builds(
    lambda name, fields: {"type": name, **fields},
    st.sampled_from(sorted(ACTION_TYPES)),
    st.dictionaries(
        st.sampled_from(["avatar", "card", "to", "at", "target", "hand", "cards", "index", "x"]),
        json_data,
    ),
)


@given(json_data | near_actions)
def test_only_illegal_action_escapes_from_any_json_data(data):
    try:
        action = action_from_json(data)
    except IllegalAction as error:
        assert error.reason
    else:
        assert action_to_json(action) == data


# --- actions in words --------------------------------------------------------------


def _red_to_act(counters: str, avatars: list, hand: tuple = ()):
    """An Activation step of Red's with these counters, ``(player, card, at)`` Avatars and hand."""
    builder = ScenarioBuilder().stone(RED, "A5").stone(BLUE, "I5").counters(RED, counters)
    for player, spec, at in avatars:
        builder = builder.avatar(player, spec, at)
    builder = builder.hand(RED, *hand).fill(RED, deck=5).fill(BLUE, hand=2, deck=5)
    return builder.activation(RED)


@pytest.fixture
def scene():
    avatars = [(RED, ARCHER, "c3"), (RED, WARDEN, "b2"), (BLUE, SENTINEL, "d5")]
    return _red_to_act("C3 D3 C4 D4", avatars, (SPIRIT_WALK, FIRE_BLADE, action_card("Kindle")))


def _words(state) -> set[str]:
    return {action_in_words(state, action) for action in legal_actions(state)}


def test_an_activation_step_reads_as_sentences(scene):
    texts = _words(scene.state)
    assert {
        "Pass",
        "Activate Ash Archer at c3",
        "Play Fire Blade on Ash Archer",
        "Play Spirit Walk on Ash Archer to D4",
    } <= texts


def test_an_activated_avatar_moves_with_an_en_dash_and_attacks_by_name(scene):
    archer = scene.avatar("c3").card
    state = apply(scene.state, actions.Activate(archer))[0]
    texts = _words(state)
    assert {
        "End the activation of Ash Archer",
        "Move Ash Archer c3\N{EN DASH}c4",
        "Move Ash Archer c3\N{EN DASH}c4 and attack Tide Sentinel",
        "Ranged attack: Ash Archer at c3 on Tide Sentinel at d5",
    } <= texts


def test_an_avatar_sharing_its_name_is_told_by_its_position():
    scene = _red_to_act("B2 C2 B3 C3", [(RED, WARDEN, "e4"), (RED, WARDEN, "b2")], (FIRE_BLADE,))
    assert "Play Fire Blade on Ember Warden at b2" in _words(scene.state)


def test_placing_and_losing_cards_read_as_sentences(scene):
    state = scene.state
    kindle = scene.card("kindle", RED)
    assert action_in_words(state, PlaceCounter(state.board.parse_vertex("E5"))) == (
        "Place a Shén counter on E5"
    )
    assert action_in_words(state, LoseCards(1, (kindle,))) == (
        "Lose 2 cards: Kindle from hand, 1 from the top of the deck"
    )


def test_words_never_fail_on_numbers_that_name_nothing(scene):
    for action in (Move(999, 5), RangedAttack(1, 999), UseAbility(0, 7, 999, 3), PlayCard(999)):
        assert action_in_words(scene.state, action)


# --- decisions for clients, over random games ------------------------------------------


@pytest.fixture(scope="module")
def states():
    found = []
    games = [sample_game(seed=seed, max_turns=6) for seed in (2, 5, 11)]
    # The earlier rulesets' decisions too: a turn there is one action (R27).
    games += [
        sample_game(seed=seed, max_turns=40, ruleset_name=name)
        for name in ("beta-2025", "simplified-0.1")
        for seed in (2, 5)
    ]
    for game in games:
        found.extend(replay(game.ruleset, game.decks, game.seed, game.actions).states)
    return [state for state in found if state.decision is not None]


@pytest.fixture(scope="module")
def viewed(states):
    return [(state, describe_decision(state)) for state in states]


def test_every_decision_class_has_a_kind():
    classes = {
        cls
        for _, cls in inspect.getmembers(decisions, inspect.isclass)
        if issubclass(cls, decisions.Decision) and cls is not decisions.Decision
    }
    assert classes == set(DECISION_KINDS)
    assert classes == set(client.PROMPTS)
    kinds = list(DECISION_KINDS.values())
    assert len(set(kinds)) == len(kinds) and all(k == k.lower() for k in kinds)


def test_every_legal_action_is_in_exactly_one_group(viewed):
    for state, view in viewed:
        grouped = [option.action for group in view.groups for option in group.options]
        assert Counter(grouped) == Counter(legal_actions(state))
        sources = [group.source for group in view.groups]
        assert len(set(sources)) == len(sources)


def test_options_of_one_decision_never_share_their_words(viewed):
    for _, view in viewed:
        options = [o for group in view.groups for o in group.options]
        texts = [option.words for option in options]
        assert options and all(texts)
        assert len(set(texts)) == len(set(option.action for option in options)), texts


def test_every_option_decodes_to_its_action_and_is_legal(viewed):
    for index, (state, view) in enumerate(viewed):
        data = json.loads(json.dumps(decision_to_json(view)))
        legal = set(legal_actions(state))
        for group in data["groups"]:
            for option in group["options"]:
                action = action_from_json(option["action"])
                assert action in legal
                if index % 7 == 0:
                    apply(state, action)  # raises IllegalAction if it were not legal


def test_a_decision_says_whose_it_is_and_what_kind(viewed):
    seen = set()
    for state, view in viewed:
        assert view.player == state.to_decide
        assert view.prompt.startswith(f"{view.player_name}: ")
        assert view.kind == DECISION_KINDS[type(state.decision)]
        seen.add(view.kind)
    assert {"place_shen", "activation_step", "avatar_activation", "take_turn"} <= seen


def test_a_card_loss_says_how_many_cards_from_which_piles(viewed):
    losses = [(s, v) for s, v in viewed if isinstance(s.decision, decisions.ChooseLostCards)]
    assert losses, "the sample games hold a card loss to choose"
    for state, view in losses:
        player = state.decision.player
        choice = view.cards
        assert choice.exact and [c.card for c in choice.hand] == list(state.hands[player])
        assert choice.deck == len(state.decks[player])
        for action in legal_actions(state):
            assert action.from_deck + len(action.hand) + len(action.discard) == choice.count


def test_a_pass_and_board_wide_choices_have_no_source(viewed):
    for _, view in viewed:
        for group in view.groups:
            if group.source is None:
                continue
            for option in group.options:
                assert not isinstance(option.action, actions.Pass | PlaceCounter | LoseCards)


def test_an_option_points_at_its_target_position(scene):
    archer = scene.avatar("c3").card
    state = apply(scene.state, actions.Activate(archer))[0]
    options = {o.words: o for group in describe_decision(state).groups for o in group.options}
    shot = options["Ranged attack: Ash Archer at c3 on Tide Sentinel at d5"]
    assert (shot.at, shot.target.name, shot.to) == (None, "d5", None)
    melee = options["Move Ash Archer c3\N{EN DASH}c4 and attack Tide Sentinel"]
    assert (melee.at.name, melee.target.name) == ("c4", "d5")
    move = options["Move Ash Archer c3\N{EN DASH}c4"]
    assert (move.at, move.target, move.to.name, move.to.on_path) == (None, None, "c4", False)


def test_the_game_over_has_no_decision():
    game = sample_game(seed=2, max_turns=2)
    assert describe_decision(game.final) is None


# --- no state kept between calls ------------------------------------------------------

CLIENT_MODULES = (action_json, client, codec, notation, places, words)


@pytest.mark.parametrize("module", CLIENT_MODULES, ids=lambda m: m.__name__)
def test_the_module_keeps_no_changing_state(module: ModuleType):
    for name, value in vars(module).items():
        if isinstance(value, ModuleType | type) or name.startswith("__"):
            continue
        assert not isinstance(value, dict | list | set | bytearray), name
        assert not isinstance(value, functools._lru_cache_wrapper), name
        if isinstance(value, MappingProxyType):
            assert all(not isinstance(v, dict | list | set) for v in value.values()), name
        if dataclasses.is_dataclass(value):
            assert type(value).__dataclass_params__.frozen, name


def test_the_decision_json_has_the_documented_shape(scene):
    data = decision_to_json(describe_decision(scene.state))
    assert list(data) == ["player", "player_name", "kind", "prompt", "groups", "cards"]
    assert (data["player_name"], data["kind"], data["cards"]) == ("Red", "activation_step", None)
    first, second = data["groups"][:2]
    assert first["source"] is None and first["options"][0]["action"] == {"type": "pass"}
    assert list(second["source"]) == ["kind", "card", "name", "position"]
    assert list(second["options"][0]) == ["action", "words", "at", "target", "to"]
