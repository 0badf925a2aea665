"""Random games pinned by digest: no change of code may change a single game.

The digests below were recorded when gain_cards_back became a decision of its
owner (``ChooseReturnedCards``, answered by ``ReturnCards``): random bots now
pick which discards return, which changed every random game.
A seeded RandomBot picks by index, so if the order of ``legal_actions`` changes,
or any rule plays out differently, these games change and the test fails.
Regenerate them only for a deliberate change of rules or order, in its own commit.
"""

import hashlib

import pytest

from bench.engine import sample_decks, sample_game
from games.engine import RULESETS, apply, legal_actions, start_game
from games.engine.bots import RandomBot
from games.engine.codec import state_digest

# seed: (digest of the final state, digest of the action log, number of actions)
GAMES = {
    1: ("927a37df46f68387", "733bcaa43ac3ef48", 343),
    2: ("e1d9a13166753598", "6ed5eadb3b6cc993", 430),
    3: ("ee42872df561d4f9", "a511f30a482112fc", 351),
    4: ("a9c9603ec9d7d9ec", "55de0ebe1afc8abb", 396),
    5: ("6ee2dc8a495cd854", "de3067c48dfe217d", 301),
    6: ("c38e0e4d61278c16", "d7f38a53a6dc9fbe", 376),
    7: ("79d7757af1ab84bc", "60c1235534fc76d4", 409),
    8: ("b2c9eb68fff42fc5", "988a081ea002af20", 494),
    9: ("a796059089b3efbf", "fab78eebbc28840e", 548),
    10: ("13ae5c547b63f77d", "470f255e7c3245a0", 429),
    11: ("843c1e9bc638d2ab", "69be60aaefb5dba8", 435),
    12: ("567f32e3fd2c3f47", "e14d387a318d1aa7", 444),
    13: ("893a5921f7c3159e", "46716de76228c443", 475),
    14: ("d5277ce7325393d3", "f0fc309f23a6aa66", 621),
    15: ("572618d726a6d0d4", "da538bc4ba793a4c", 374),
    16: ("ed1baaf6a6d8fc13", "5f983882b2f29675", 520),
    17: ("154cd8c78d2d09df", "e3d49cb94397c212", 364),
    18: ("4f9b63fac1f665d3", "e8f9926a2bec94a8", 473),
    19: ("9cb58d8fd6cc00bf", "19b55048c65bcd94", 509),
    20: ("e75105698d1d7172", "706fcabd20e17bce", 356),
}

# The earlier rulesets, pinned when they were added: (ruleset, seed): as above.
EARLIER_GAMES = {
    ("beta-2025", 1): ("b42d932fdc0f9293", "1862200c193b9d8c", 215),
    ("beta-2025", 2): ("6207fa3b309477b2", "5498729f7094f4b5", 210),
    ("beta-2025", 3): ("51ffef2f60aebbe0", "1b55a180938bfbaa", 219),
    ("simplified-0.1", 1): ("dec8a9836794ad67", "e60dfcfdacc16ea1", 208),
    ("simplified-0.1", 2): ("78bf56151c1fa02a", "01cf8872fe2ed828", 207),
    ("simplified-0.1", 3): ("97c62370e2aee195", "62b07661eb848358", 209),
}

# seed: digest of every legal-action list of the game, in order (lists, not just picks).
LEGAL_LISTS = {
    1: "e32044a1969fe05e",
    2: "33a555463dabe1fb",
    3: "4247de33a3e598fe",
}


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_random_game_plays_out_as_recorded(seed):
    game = sample_game(seed)
    log = hashlib.sha256(repr(game.actions).encode()).hexdigest()[:16]
    assert (state_digest(game.final), log, len(game.actions)) == GAMES[seed]


def legal_lists_digest(seed: int) -> str:
    """sha256 of the repr of each legal-action list of one random game, in turn."""
    state, _ = start_game(RULESETS["beta-2026-07"], sample_decks(seed), seed)
    bots = (RandomBot(seed * 2), RandomBot(seed * 2 + 1))
    digest = hashlib.sha256()
    while state.result is None:
        digest.update(repr(legal_actions(state)).encode())
        state, _ = apply(state, bots[state.to_decide].choose(state))
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("ruleset, seed", sorted(EARLIER_GAMES))
def test_random_games_of_the_earlier_rulesets_play_out_as_recorded(ruleset, seed):
    game = sample_game(seed, ruleset_name=ruleset)
    log = hashlib.sha256(repr(game.actions).encode()).hexdigest()[:16]
    assert (state_digest(game.final), log, len(game.actions)) == EARLIER_GAMES[ruleset, seed]


@pytest.mark.parametrize("seed", sorted(LEGAL_LISTS))
def test_legal_action_lists_keep_their_order(seed):
    assert legal_lists_digest(seed) == LEGAL_LISTS[seed]
