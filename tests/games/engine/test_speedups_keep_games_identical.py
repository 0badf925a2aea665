"""Speed work on the engine must not change a single game.

The digests below were recorded before the engine's hot paths were optimised.
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
    1: ("256da2062f49536b", "7979e37945358110", 372),
    2: ("f5666e0c10751b02", "57d4db9f39c69d09", 270),
    3: ("23f9fa3ab0801268", "a454f9215e4fde14", 332),
    4: ("bd6fa54c092573b2", "5b1e976f3bdc00aa", 310),
    5: ("f72ce4ed8cc6d93f", "a5f810998bb04d12", 289),
    6: ("1df0f066c243dfad", "1d28d2db44e13cd8", 352),
    7: ("46ef1151e03465fc", "0c335a304c373a80", 330),
    8: ("6e1b2d6f1c46aa7b", "0ce4501d3f93ebaf", 335),
    9: ("3cf9b137fc11dd41", "0acd7b7209f691a4", 435),
    10: ("e3a06d210661cddf", "2a37ef45358eb95b", 320),
    11: ("7ca1bb39a30924b8", "ee7b06ac4d753a3c", 325),
    12: ("fb0110df47c1046a", "28bf363a75ebbedc", 471),
    13: ("fb35cdf7b63e908a", "08bc42328ca11f78", 281),
    14: ("2c39b5b4761dd4c9", "c6f189c87fe9326b", 377),
    15: ("6cfb71d870986ded", "dbec417d13a922db", 381),
    16: ("6ea52ce3e6292e0f", "59e57180b1f68ad5", 400),
    17: ("995fd8ee2a0ae789", "0af7fd7027ab34cb", 417),
    18: ("c462b5ef69b9adfb", "b4b56cb35c5823a0", 316),
    19: ("a89b148cf1658a72", "224ed336dfdcd513", 558),
    20: ("36dc89781bbb8b48", "90f748ac62fc3534", 298),
}

# seed: digest of every legal-action list of the game, in order (lists, not just picks).
LEGAL_LISTS = {
    1: "d42edab970d57862",
    2: "b0b6b7cb31d98b3a",
    3: "d0211e7c1022c05e",
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


@pytest.mark.parametrize("seed", sorted(LEGAL_LISTS))
def test_legal_action_lists_keep_their_order(seed):
    assert legal_lists_digest(seed) == LEGAL_LISTS[seed]
