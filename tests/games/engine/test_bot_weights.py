"""The evaluation's weights per ruleset, kept as data, and the terms that know each
ruleset's ways to win (R20, R25)."""

import dataclasses
import json

import pytest

from games.engine import RULESETS
from games.engine.bots.evaluation import (
    TUNED,
    TUNED_WEIGHTS_FILE,
    WEIGHTS,
    Weights,
    evaluate,
    read_tuned_weights,
    weights_for,
)
from games.engine.ruleset import SIMPLIFIED_0_1
from games.engine.state import evolve
from games.engine.testing.scenario import BLUE, RED
from games.engine.victory import life
from tests.games.engine.cards import WARDEN
from tests.games.engine.tables import table


def test_every_tuned_entry_names_a_ruleset_and_says_how_it_was_found():
    entries = json.loads(TUNED_WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert entries
    for name, entry in entries.items():
        assert name in RULESETS
        assert len(entry["found_by"]) > 20
        assert set(entry["weights"]) == {f.name for f in dataclasses.fields(Weights)}


def test_a_ruleset_gets_its_own_tuned_weights_and_an_untuned_one_the_defaults():
    for name, ruleset in RULESETS.items():
        assert weights_for(ruleset) == TUNED.get(name, WEIGHTS)
    unnamed = dataclasses.replace(RULESETS["beta-2026-07"], name="no-such-ruleset")
    assert weights_for(unnamed) == WEIGHTS


def test_a_tuning_file_with_an_unknown_weight_is_refused():
    with pytest.raises(ValueError, match="no weight called courage"):
        read_tuned_weights('{"beta-2025": {"weights": {"courage": 1}, "found_by": "x"}}')


def _warden_each(ruleset=None):
    builder = table("D4", "F6", ruleset=ruleset)
    return builder.avatar(RED, WARDEN, "c3").avatar(BLUE, WARDEN, "e5").activation(RED)


def test_life_is_cards_where_they_are_lost_R25():
    scene = _warden_each()
    assert life(scene.state, RED) == scene.state.card_count(RED)
    scene.expect(type(scene.state.decision))


def test_life_is_avatars_on_the_board_and_in_hand_in_simplified_R25():
    scene = _warden_each(SIMPLIFIED_0_1)
    state = scene.state
    # The table's filler cards are no Avatars: only the Warden on the board counts.
    assert life(state, RED) == 1
    without = evolve(state, avatars=tuple(a for a in state.avatars if a.owner != RED))
    assert life(without, RED) == 0
    scene.expect(type(state.decision))


def test_losing_an_avatar_costs_more_than_its_card_in_simplified_R25():
    # Under simplified-0.1 a beaten Avatar's card in the discard pile counts for nothing.
    scene = _warden_each(SIMPLIFIED_0_1)
    state = scene.state
    warden = next(a for a in state.avatars if a.owner == RED)
    beaten = evolve(
        state,
        avatars=tuple(a for a in state.avatars if a is not warden),
        discards=(state.discards[RED] + (warden.card,), state.discards[BLUE]),
    )
    assert evaluate(state, RED) - evaluate(beaten, RED) > WEIGHTS.card + WEIGHTS.avatar
    scene.expect(type(state.decision))


def test_one_anchor_short_of_all_is_worth_last_anchor_more_R20():
    scene = table("D4", "F6").holds(RED, "h1").holds(RED, "a8").activation(RED)
    state = scene.state
    keen = dataclasses.replace(WEIGHTS, last_anchor=5.0)
    two = evaluate(state, RED, keen) - evaluate(state, RED)
    three = table("D4", "F6").holds(RED, "h1").holds(RED, "a8").holds(RED, "h8")
    three_scene = three.activation(RED)
    nearly = evaluate(three_scene.state, RED, keen) - evaluate(three_scene.state, RED)
    assert two == pytest.approx(0.0)
    assert nearly == pytest.approx(5.0)
    scene.expect(type(state.decision))
    three_scene.expect(type(three_scene.state.decision))


def test_scarcity_makes_the_last_cards_count_for_more_R25():
    scene = table("D4", "F6").activation(RED)
    state = scene.state
    scarce = dataclasses.replace(WEIGHTS, scarcity=4.0)
    # The opponent's penalty grows as its life shrinks: a card off a short pile is
    # worth more to the player than one off a long pile.
    short = evolve(state, decks=(state.decks[RED], state.decks[BLUE][:1]))
    shorter = evolve(state, decks=(state.decks[RED], ()))
    long = evolve(state, decks=(state.decks[RED], state.decks[BLUE][:9]))
    longer = evolve(state, decks=(state.decks[RED], state.decks[BLUE][:8]))
    near_the_end = evaluate(shorter, RED, scarce) - evaluate(short, RED, scarce)
    far_from_it = evaluate(longer, RED, scarce) - evaluate(long, RED, scarce)
    assert near_the_end > far_from_it > 0
    scene.expect(type(state.decision))
