"""Notes: fields the log remembers (which card gave a trait change or bonus dice), stored
like any field but left out of digests, so a note never changes a stored game's digest."""

import hashlib
from dataclasses import dataclass, field, replace
from types import MappingProxyType

import pytest

from games.engine.codec import NOTE, CodecError, codec_for, from_json, state_digest, to_json
from games.engine.state import Modifier
from games.engine.testing.samples import replay_sample_game

NOTED = MappingProxyType({NOTE: True})


@dataclass(frozen=True)
class ProbeCounter:
    vertex: int
    placed_by: str = field(default="", metadata=NOTED)


@dataclass(frozen=True)
class ProbeNoteWithoutDefault:
    vertex: int
    placed_by: str = field(metadata=NOTED)


PROBES = codec_for((ProbeCounter,))


def test_a_note_is_stored_and_read_back():
    counter = ProbeCounter(4, "Kindle")
    text = PROBES.to_json(counter)
    assert text == '{"$":"ProbeCounter","placed_by":"Kindle","vertex":4}'
    assert PROBES.from_json(text) == counter


def test_a_note_at_its_default_is_left_out_and_text_without_it_reads_back():
    assert PROBES.to_json(ProbeCounter(4)) == '{"$":"ProbeCounter","vertex":4}'
    assert PROBES.from_json('{"$":"ProbeCounter","vertex":4}') == ProbeCounter(4)


def test_the_game_text_leaves_every_note_out():
    assert PROBES.emit_game(ProbeCounter(4, "Kindle")) == '{"$":"ProbeCounter","vertex":4}'


def test_a_note_needs_a_default():
    with pytest.raises(CodecError, match="note without a default"):
        codec_for((ProbeNoteWithoutDefault,))


@pytest.fixture(scope="module")
def noted_state():
    """A state of a random game with a note in it: the card that gave bonus dice."""
    for state in replay_sample_game(1).states:
        if state.combat is not None and state.combat.bonus_from:
            return state
    pytest.fail("no bonus dice in the random game")


def _unnoted(state):
    return replace(state, combat=replace(state.combat, bonus_from=()))


def test_a_states_notes_are_stored_and_read_back(noted_state):
    assert '"bonus_from":' in to_json(noted_state)
    back = from_json(to_json(noted_state))
    assert back == noted_state
    assert back.combat.bonus_from == noted_state.combat.bonus_from


def test_a_states_digest_does_not_read_its_notes(noted_state):
    assert to_json(_unnoted(noted_state)) != to_json(noted_state)
    assert state_digest(_unnoted(noted_state)) == state_digest(noted_state)


def test_a_digest_is_the_sha256_of_the_text_without_notes(noted_state):
    text = to_json(_unnoted(noted_state))
    assert state_digest(noted_state) == hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_modifier_without_its_card_is_the_modifier_stored_before_notes():
    assert to_json(Modifier(3, "melee", 1)) == (
        '{"$":"Modifier","amount":1,"avatar":3,"trait":"melee"}'
    )
