"""The sample catalogue is playable: bots build decks from it and finish real games.

The catalogue file is read as plain data (no database), turned into engine card
specs, and played by seeded random bots, so a card the engine cannot use, or a
realm whose cards can never be paid for, shows up here.
"""

import json
from collections import Counter
from itertools import cycle, islice
from pathlib import Path

import pytest

from games.engine import RULESETS, CardSpec, DeckList
from games.engine.bots import RandomBot, play_game
from games.engine.events import AbilityUsed, CardPlayed

CATALOGUE = Path(__file__).resolve().parents[2] / "cards" / "catalogue" / "shen-beta.json"
DECK_SIZE = 40


def sample_specs() -> dict[str, list[CardSpec]]:
    """Every card of the sample file as an engine spec, by realm slug."""
    document = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    by_realm: dict[str, list[CardSpec]] = {}
    for card in document["cards"]:
        by_realm.setdefault(card["realm"], []).append(CardSpec.from_data(card))
    return by_realm


def realm_deck(specs: list[CardSpec], realm: str) -> DeckList:
    """A 40-card deck of one realm: every card once, then again in order (at most 3 each)."""
    cards = tuple(islice(cycle(sorted(specs, key=lambda spec: spec.slug)), DECK_SIZE))
    assert max(Counter(card.slug for card in cards).values()) <= 3
    return DeckList(realm, cards)


SPECS = sample_specs()
REALMS = sorted(SPECS)
PAIRINGS = [(REALMS[i], REALMS[(i + 1) % len(REALMS)]) for i in range(len(REALMS))]


def test_every_sample_card_converts_to_an_engine_spec():
    assert sum(len(specs) for specs in SPECS.values()) >= 80
    assert len(REALMS) >= 4


@pytest.mark.parametrize(("first", "second"), PAIRINGS)
def test_random_bots_finish_a_game_with_sample_decks(first, second):
    decks = [realm_deck(SPECS[first], first), realm_deck(SPECS[second], second)]
    seed = REALMS.index(first) + 11
    state, _, events = play_game(
        RULESETS["beta-2026-07"], decks, seed, [RandomBot(seed), RandomBot(seed + 1)]
    )
    assert state.result is not None
    played = [event for batch in events for event in batch if isinstance(event, CardPlayed)]
    assert len({event.player for event in played}) == 2, "both players paid for cards"


def test_every_realm_gets_its_cards_and_abilities_played_over_a_few_games():
    used: Counter[str] = Counter()
    for seed, (first, second) in enumerate(PAIRINGS * 2):
        decks = [realm_deck(SPECS[first], first), realm_deck(SPECS[second], second)]
        _, _, events = play_game(
            RULESETS["beta-2026-07"], decks, seed, [RandomBot(seed), RandomBot(seed + 100)]
        )
        for batch in events:
            for event in batch:
                if isinstance(event, CardPlayed | AbilityUsed):
                    used[type(event).__name__] += 1
    assert used["CardPlayed"] > 50
    assert used["AbilityUsed"] > 0


def realm_force(specs: list[CardSpec], realm: str, size: int = 4) -> DeckList:
    """A Shén Starter force (F2, for simplified-0.1): the realm's first Avatars, once each."""
    avatars = sorted((spec for spec in specs if spec.kind == "avatar"), key=lambda s: s.slug)
    assert len(avatars) >= size
    return DeckList(realm, tuple(avatars[:size]))


@pytest.mark.parametrize("ruleset", ["beta-2025", "simplified-0.1"])
def test_random_bots_finish_games_of_the_earlier_rulesets_with_the_catalogue(ruleset):
    rules = RULESETS[ruleset]
    deck = realm_deck if rules.deck else realm_force
    for seed, (first, second) in enumerate(PAIRINGS[:2]):
        decks = [deck(SPECS[first], first), deck(SPECS[second], second)]
        state, _, events = play_game(rules, decks, seed, [RandomBot(seed), RandomBot(seed + 1)])
        assert state.result is not None
        played = [event for batch in events for event in batch if isinstance(event, CardPlayed)]
        assert len({event.player for event in played}) == 2, "both players paid for cards"
