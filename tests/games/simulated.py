"""Decks as the engine's JSON data and short simulated games, for the simulation tests."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from hypothesis import strategies as st

from games.engine import CardSpec
from games.engine.testing.samples import sample_decks
from games.simulations.games import CardSighting, GameSummary


def card_data(spec: CardSpec) -> dict[str, Any]:
    """A card as ``CardSpec.from_data`` reads it (what a deck version hands over)."""
    data: dict[str, Any] = {
        f.name: getattr(spec, f.name) for f in fields(spec) if f.compare and f.name != "abilities"
    }
    if spec.abilities:
        data["abilities"] = [
            {
                "name": ability.name,
                "cost": ability.cost,
                "timing": ability.timing,
                "effect": [step.to_data() for step in ability.effect],
            }
            for ability in spec.abilities
        ]
    return data


def deck_pair(seed: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    """The engine's two sample decks (Jade, Ember) as deck data."""
    return tuple(  # type: ignore[return-value]
        {"home_realm": deck.home_realm, "cards": [card_data(card) for card in deck.cards]}
        for deck in sample_decks(seed)
    )


# Short games keep the tests fast; a job's games are about as long as this.
SHORT = (("max_turns", 6),)


# Any summary (not only one a game could give), for the JSON and tally properties.
sightings = st.builds(
    CardSighting,
    st.text(max_size=12, alphabet="abcdeXYZ é"),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
game_summaries = st.builds(
    GameSummary,
    seed=st.integers(0, 2**63 - 1),
    swapped=st.booleans(),
    winner=st.sampled_from(["a", "b", None]),
    first=st.sampled_from(["a", "b"]),
    turns=st.integers(0, 200),
    actions=st.integers(0, 10**5),
    ending=st.sampled_from(["anchors", "out_of_cards", "turn_limit"]),
    # One sighting per card name, as a game gives them.
    cards=st.tuples(*[st.lists(sightings, max_size=4, unique_by=lambda s: s.name).map(tuple)] * 2),
)
