"""A refusal names its fields by key (an API client's words) or by the words a page gives
them, from one sentence; kept through a wrapping refusal and through pickling."""

import pickle

from games.refusals import Refusal
from games.simulations.services import SimulationError


def ruleset_b_missing() -> Refusal:
    return Refusal(lambda name: f"Choose the second ruleset ({name('ruleset_b')}).")


def test_a_refusal_names_its_field_by_key_or_by_the_words_given():
    refusal = ruleset_b_missing()
    assert str(refusal) == "Choose the second ruleset (ruleset_b)."
    assert refusal.said_with({"ruleset_b": "Arm B's ruleset"}) == (
        "Choose the second ruleset (Arm B's ruleset)."
    )
    assert refusal.said_with({"card": "Card of deck A"}) == str(refusal), "no words: its key"


def test_a_plain_sentence_reads_the_same_to_everyone():
    refusal = Refusal("A job plays at most 100,000 games.")
    assert refusal.said_with({"games": "Games"}) == str(refusal)


def test_a_refusal_wrapped_keeps_naming_its_fields_and_a_plain_error_its_message():
    wrapped = SimulationError.of(ruleset_b_missing())
    assert wrapped.status == 400
    assert wrapped.said_with({"ruleset_b": "Arm B's ruleset"}).endswith("(Arm B's ruleset).")
    plain = SimulationError.of(ValueError("The draft changes nothing the games play."))
    assert str(plain) == plain.said_with({}) == "The draft changes nothing the games play."


def test_a_refusal_pickles_as_its_sentence_with_keys():
    again = pickle.loads(pickle.dumps(SimulationError.of(ruleset_b_missing())))
    assert type(again) is SimulationError and str(again) == "Choose the second ruleset (ruleset_b)."
