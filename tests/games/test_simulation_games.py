"""Simulated games: reproducible from their seed, summed up by deck rather than seat."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, CardPlayed, play_game
from games.simulations.games import (
    GameSummary,
    SimulatedGame,
    derive_seed,
    job_game,
    job_games,
    make_bot,
    play_simulated_game,
    record_simulated_game,
    ruleset_for,
)
from tests.games.simulated import SHORT, deck_pair, game_summaries

DECKS = deck_pair()


def _game(seed=11, swapped=False, decks=DECKS, bots=("random", "random"), options=SHORT):
    return SimulatedGame("beta-2026-07", options, decks, bots, seed, swapped)


@pytest.fixture(scope="module")
def summaries():
    games = job_games("beta-2026-07", dict(SHORT), DECKS, ("random", "random"), 5, 6)
    return [play_simulated_game(game) for game in games]


def test_job_games_derive_each_seed_from_the_job_seed_and_swap_on_odd_games():
    games = list(job_games("beta-2026-07", {"max_turns": 6}, DECKS, ("random", "random"), 9, 4))
    assert [g.swapped for g in games] == [False, True, False, True]
    assert [g.seed for g in games] == [derive_seed(9, i) for i in range(4)]
    assert len({g.seed for g in games}) == 4
    assert games == list(job_games("beta-2026-07", SHORT, DECKS, ("random", "random"), 9, 4))
    assert games[0].options == SHORT
    assert job_game("beta-2026-07", SHORT, DECKS, ("random", "random"), 9, 3) == games[3]


def test_derived_seeds_fit_a_signed_64_bit_column_and_do_not_depend_on_the_run():
    assert derive_seed(9, 0) == derive_seed(9, 0) != derive_seed(9, 1)
    assert all(0 <= derive_seed(seed, i) < 2**63 for seed in (-1, 0, 2**70) for i in range(20))


def test_a_game_is_the_same_game_every_time_it_is_played():
    assert play_simulated_game(_game()) == play_simulated_game(_game())


def test_swapping_seats_is_the_same_game_as_swapping_the_decks_and_their_bots():
    a, b = DECKS
    swapped = play_simulated_game(_game(swapped=True))
    mirrored = play_simulated_game(_game(decks=(b, a)))
    flip = {"a": "b", "b": "a", None: None}
    assert swapped.winner == flip[mirrored.winner]
    assert swapped.first == flip[mirrored.first]
    assert swapped.cards == mirrored.cards[::-1]
    assert (swapped.turns, swapped.actions) == (mirrored.turns, mirrored.actions)


def test_the_summary_matches_the_engine_game_played_by_the_same_bots():
    game = _game(seed=21, swapped=True)
    summary = play_simulated_game(game)
    ruleset = ruleset_for(game.ruleset, game.options)
    # Deck A in seat 1 (Blue); each seat's bot seeded from the game seed and the seat.
    bots = [make_bot("random", derive_seed(game.seed, "bot", seat)) for seat in (0, 1)]
    final, actions, events = play_game(ruleset, DECKS[::-1], game.seed, bots)
    assert summary.actions == len(actions)
    assert summary.turns == final.turn
    assert summary.winner == (
        None if final.result.winner is None else "ab"[1 - final.result.winner]
    )
    played = {
        player: {
            e.card for step in events for e in step if type(e) is CardPlayed and e.player == player
        }
        for player in ("Red", "Blue")
    }
    assert {s.name for s in summary.cards[0] if s.played} == played["Blue"]
    assert {s.name for s in summary.cards[1] if s.played} == played["Red"]


def test_summaries_of_random_games_hold_sensible_counts(summaries):
    for summary in summaries:
        _assert_sensible(summary, max_turns=6)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**63 - 1), st.booleans())
def test_any_seed_gives_a_sensible_summary(seed, swapped):
    game = _game(seed=seed, swapped=swapped, options=(("max_turns", 3),))
    _assert_sensible(play_simulated_game(game), max_turns=3)


def _assert_sensible(summary, max_turns):
    hand_size = RULESETS["beta-2026-07"].hand_size
    assert summary.winner in ("a", "b", None)
    assert summary.first in ("a", "b")
    assert 1 <= summary.turns <= max_turns
    assert summary.ending in ("anchors", "out_of_cards", "turn_limit")
    assert summary.actions >= 2  # both Realm Stones at least
    for deck, sightings in zip(DECKS, summary.cards, strict=True):
        copies = Counter(card["name"] for card in deck["cards"])
        assert [s.name for s in sightings] == sorted(copies)
        opening = [s.name for s in sightings if s.in_opening_hand]
        # Seven cards dealt: as many names as that, or fewer when copies were dealt.
        assert 1 <= len(opening) <= hand_size <= sum(copies[name] for name in opening)
        for s in sightings:
            assert s.drawn or not (s.in_opening_hand or s.played)


def test_the_first_player_alternates_with_the_seats_for_one_seed():
    one = play_simulated_game(_game(seed=4))
    other = play_simulated_game(_game(seed=4, swapped=True))
    assert one.first != other.first


def test_an_unknown_bot_is_refused_with_the_known_names():
    with pytest.raises(KeyError, match="random"):
        play_simulated_game(_game(bots=("random", "oracle")))


def test_bad_options_are_refused_before_any_game_is_played():
    with pytest.raises(ValueError, match="max_turns"):
        play_simulated_game(_game(options=(("max_turns", 0),)))


@given(game_summaries)
def test_a_summary_comes_back_from_its_json(summary):
    assert GameSummary.from_json(summary.to_json()) == summary


def test_summaries_of_played_games_come_back_from_json(summaries):
    assert [GameSummary.from_json(s.to_json()) for s in summaries] == summaries


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"cards": 3},
        [],
        None,
        {
            "seed": 1,
            "swapped": False,
            "winner": "c",
            "first": "a",
            "turns": 1,
            "actions": 1,
            "ending": "anchors",
            "cards": [[], []],
        },
    ],
)
def test_what_is_not_a_summary_is_refused(data):
    with pytest.raises(ValueError, match="not a game summary"):
        GameSummary.from_json(data)


def test_a_simulated_game_replays_from_its_record_as_a_match_would():
    from games.play import GAMES

    game = _game(seed=33, swapped=True)
    record = record_simulated_game(game)
    assert record.summary == play_simulated_game(game)
    assert record.decks == DECKS[::-1] and record.seed == game.seed
    shen = GAMES["shen"]
    replayed = shen.replay(
        record.ruleset, record.options, record.decks, record.seed, record.actions
    )
    assert len(replayed.states) == record.summary.actions + 1
    assert shen.result(replayed.states[-1]) == record.result
    # Deck A sat in seat 1 (Blue).
    assert record.result["winner"] == {"a": 1, "b": 0, None: None}[record.summary.winner]
    # The opening hands are the hands of the first state of turn 1.
    dealt = next(state for state in replayed.states if state.turn >= 1)
    for deck, seat in (("a", 1), ("b", 0)):
        sightings = record.summary.cards["ab".index(deck)]
        opening = {dealt.card_name(card) for card in dealt.hands[seat]}
        assert {s.name for s in sightings if s.in_opening_hand} == opening
