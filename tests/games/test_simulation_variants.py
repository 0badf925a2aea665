"""Variants of a job's games: blanks, substitutes, other rules, gauntlets."""

import pytest

from games.engine import CardSpec
from games.simulations.games import job_games, play_simulated_game
from games.simulations.variants import (
    blank_card,
    with_card_replaced,
)
from tests.games.simulated import SHORT, deck_pair

DECK_A, DECK_B = deck_pair()
BOTS = ("random", "random")


def _card(deck, kind):
    return next(card for card in deck["cards"] if card["kind"] == kind)


@pytest.mark.parametrize("kind", ["avatar", "item", "remains", "action"])
def test_a_blank_keeps_kind_realm_and_cost_and_nothing_else(kind):
    card = _card(DECK_A, kind)
    blank = blank_card(card)
    assert blank == {
        "name": f"Blank {card['name']}",
        "slug": f"blank-{card['slug']}",
        "kind": kind,
        "realm": card["realm"],
        "cost": card["cost"],
    }
    spec = CardSpec.from_data(blank)
    assert (spec.abilities, spec.melee, spec.defense, spec.movement, spec.is_spirit) == (
        (),
        0,
        0,
        0,
        False,
    )


def test_every_copy_of_the_card_is_replaced_and_the_deck_given_is_left_alone():
    name = DECK_A["cards"][0]["name"]
    copies = sum(card["name"] == name for card in DECK_A["cards"])
    before = [dict(card) for card in DECK_A["cards"]]
    variant = with_card_replaced(DECK_A, name, blank_card(DECK_A["cards"][0]))
    assert sum(card["name"] == f"Blank {name}" for card in variant["cards"]) == copies
    assert not any(card["name"] == name for card in variant["cards"])
    assert len(variant["cards"]) == len(DECK_A["cards"])
    assert variant["home_realm"] == DECK_A["home_realm"]
    assert DECK_A["cards"] == before


def test_replacing_a_card_the_deck_does_not_hold_is_refused():
    with pytest.raises(ValueError, match="no card named 'Nothing'"):
        with_card_replaced(DECK_A, "Nothing", blank_card(DECK_A["cards"][0]))


def test_a_deck_of_blanks_plays_whole_games():
    blanks = {**DECK_A, "cards": [blank_card(card) for card in DECK_A["cards"]]}
    games = list(job_games("beta-2026-07", SHORT, (blanks, DECK_B), BOTS, 8, 2))
    summaries = [play_simulated_game(game) for game in games]
    names = {s.name for summary in summaries for s in summary.cards[0]}
    assert names and all(name.startswith("Blank ") for name in names)
