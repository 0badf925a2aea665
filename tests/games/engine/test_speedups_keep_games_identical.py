"""Speed work on the engine must not change a single game.

The digests below were recorded when activating an Avatar became a step of its
own (``Activate``, then ``AvatarActivation``), which changed every random game.
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
    1: ("045e28c013749876", "9e8243e702ba10b4", 455),
    2: ("2c74dbe483b3ac33", "77f28b17d91bf3d5", 460),
    3: ("fb86544c70004fc9", "1e15bac8e732233c", 416),
    4: ("ff46a23aa6cade98", "fada1f2858107f0e", 403),
    5: ("05d012ae6d8cc7af", "c2de0f3409c97e9a", 507),
    6: ("d03f8c1dfe178cc2", "3b139f33567bd99b", 376),
    7: ("78ac4486cd18f328", "bb5fd8399751f7eb", 373),
    8: ("46bc1ca5a74e619b", "4dce721d81843161", 410),
    9: ("4e1aefdc874ed1be", "3b9efe82da344e62", 401),
    10: ("143aaf52300f9308", "95493eb3fbdab7c9", 421),
    11: ("9d50973fc75aae96", "57d2ef4e59e044d0", 428),
    12: ("2573fde4ef6a373b", "13840b8886b59572", 547),
    13: ("1acd5fb8b2d07cd9", "da566acd5d550a0b", 494),
    14: ("5e57dd6ce91b9b6c", "8deeaac2985e84c8", 362),
    15: ("6b815c4931e84895", "acfe84c6015ccd80", 287),
    16: ("5725a2fa74082482", "3dc2e9b0d255f009", 510),
    17: ("19d17d1ee2232a36", "1253d05aedb52371", 443),
    18: ("1cf462b579bb6e4f", "059fecd55f72f4ef", 573),
    19: ("0949cef1c1e0a476", "07eecd3d56a4ee59", 585),
    20: ("b7e3a3ec520399d9", "e23b3c8084b2f425", 472),
}

# seed: digest of every legal-action list of the game, in order (lists, not just picks).
LEGAL_LISTS = {
    1: "f26b35beffdf0006",
    2: "671638ca34e7a8a4",
    3: "6932ebedc070b912",
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
