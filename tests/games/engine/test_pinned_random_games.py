"""Random games pinned by digest: no change of code may change a single game.

The digests below were recorded when gain_cards_back became a decision of its
owner (``ChooseReturnedCards``, answered by ``ReturnCards``): random bots now
pick which discards return, which changed every random game. Games 4, 6–16 and
18 and the legal lists of seed 2 were recorded again when every turn was made
to end (R9: a draw in the Activation phase no longer reshuffles; R16: a card
that gives cards back is never given back): each of those games has a draw
that reshuffled in mid-turn, or offered a Recall back. The others, and the
earlier rulesets' games, are as they were (the earlier rulesets' were recorded again
when they came to follow their own texts, issue 20: the first pins still play under
the reading their records keep). Then the final digests (not the
games) changed once more when beta-2026-07's states began to say that they
follow those rulings (``finite_turns``; without it, the games pinned before).
A seeded RandomBot picks by index, so if the order of ``legal_actions`` changes,
or any rule plays out differently, these games change and the test fails.
Regenerate them only for a deliberate change of rules or order, in its own commit.
"""

import hashlib

import pytest

from games.engine import RULESETS, apply, legal_actions, play_game, start_game
from games.engine.bots import RandomBot
from games.engine.codec import state_digest
from games.engine.testing.samples import sample_decks, sample_decks_for, sample_game
from games.play import EARLIER_READINGS

# seed: (digest of the final state, digest of the action log, number of actions)
GAMES = {
    1: ("56f7155daffb9658", "733bcaa43ac3ef48", 343),
    2: ("465c6eff9fd64e02", "6ed5eadb3b6cc993", 430),
    3: ("23278f0357688e80", "a511f30a482112fc", 351),
    4: ("9b045f8e25f3b6fd", "bae7171ea27a5146", 465),
    5: ("f5f1850c4f5207f1", "de3067c48dfe217d", 301),
    6: ("85bde9b27a24c40a", "7535e78995b012ca", 356),
    7: ("e94507a163ef5b62", "2b433c03b465bec3", 408),
    8: ("d60d6f60b62e9319", "60390bf95fdc490b", 596),
    9: ("1a687a6ab8005a01", "47609d4b83cf2d05", 506),
    10: ("09cc22ff52534f49", "fd0a4648d270151e", 477),
    11: ("ed69f76a58d0b9d1", "89c783439020e642", 484),
    12: ("7fb35542b1503720", "7311dac0ad47f754", 484),
    13: ("8f9112852dd865b8", "1230ea1d7b4c81c7", 457),
    14: ("a9f861e01ae359f7", "0797b9fe71504c06", 486),
    15: ("2b603a9adfaf4f33", "99567ee22539b8e1", 437),
    16: ("75004c78f1555b32", "29c76a5bbce3bc9c", 488),
    17: ("9c1847276964d6b8", "e3d49cb94397c212", 364),
    18: ("12f08a6866b1a9c8", "7acf4648216abcc6", 428),
    19: ("93df38527e64972d", "19b55048c65bcd94", 509),
    20: ("e8d53d472df01a5c", "706fcabd20e17bce", 356),
}

# The earlier rulesets, pinned when they were added: (ruleset, seed): as above. They were
# played under 2026 rules where their texts differ, the reading the records stored before
# those rulesets followed their texts keep (play.EARLIER_READINGS), which plays them still.
EARLIER_GAMES = {
    ("beta-2025", 1): ("b42d932fdc0f9293", "1862200c193b9d8c", 215),
    ("beta-2025", 2): ("6207fa3b309477b2", "5498729f7094f4b5", 210),
    ("beta-2025", 3): ("51ffef2f60aebbe0", "1b55a180938bfbaa", 219),
    ("simplified-0.1", 1): ("dec8a9836794ad67", "e60dfcfdacc16ea1", 208),
    ("simplified-0.1", 2): ("78bf56151c1fa02a", "01cf8872fe2ed828", 207),
    ("simplified-0.1", 3): ("97c62370e2aee195", "62b07661eb848358", 209),
}

# The earlier rulesets' games once they follow their own texts (issue 20), as above, with
# the 200-turn safeguard of R26 they had then (the reading migration 0009 keeps).
EARLIER_OWN_TEXTS = {
    ("beta-2025", 1): ("aa4cc4451e1814e6", "ab97bbff26a43897", 214),
    ("beta-2025", 2): ("d8e13245601c27f7", "9020b9cf61eb1f60", 220),
    ("beta-2025", 3): ("fb5060203f6734b8", "125f8866ca9c039c", 219),
    ("simplified-0.1", 1): ("dc66068ad64776cc", "6992fee75651bdb0", 202),
    ("simplified-0.1", 2): ("71132007cdc80f77", "6ac4da554f44ed8b", 206),
    ("simplified-0.1", 3): ("1669a5dbcb64c20e", "3ddddc42b3e926be", 206),
}

# The earlier rulesets' games today: their own texts and R26's safeguard of 400 turns.
EARLIER_TODAY = {
    ("beta-2025", 1): ("6b9ed96faad7ec2c", "800ff66e43b6a4f4", 348),
    ("beta-2025", 2): ("0300114b8f4dd321", "7e1aef37e45d5a10", 435),
    ("beta-2025", 3): ("8d0802b8743fcdea", "bf34355a79752c1b", 373),
    ("simplified-0.1", 1): ("ad884b305b597d4b", "918081e5d7a8deb3", 408),
    ("simplified-0.1", 2): ("0c96360be686737b", "21787f93b8c72c6f", 410),
    ("simplified-0.1", 3): ("9f77c8157585af51", "a67af217772ff09b", 410),
}

# seed: digest of every legal-action list of the game, in order (lists, not just picks).
# Games pinned before R9 and R16 made every turn end (each had a draw that reshuffled
# in mid-turn, or offered a Recall back): the reading that matches and jobs stored
# before then keep (``finite_turns`` off) plays them still, to the same digests.
BEFORE_FINITE_TURNS = {
    4: ("a9c9603ec9d7d9ec", "55de0ebe1afc8abb", 396),
    6: ("c38e0e4d61278c16", "d7f38a53a6dc9fbe", 376),
    7: ("79d7757af1ab84bc", "60c1235534fc76d4", 409),
}

LEGAL_LISTS = {
    1: "e32044a1969fe05e",
    2: "1a282b415c9d7db3",
    3: "4247de33a3e598fe",
}


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_random_game_plays_out_as_recorded(seed):
    game = sample_game(seed)
    log = hashlib.sha256(repr(game.actions).encode()).hexdigest()[:16]
    assert (state_digest(game.final), log, len(game.actions)) == GAMES[seed]


@pytest.mark.parametrize("seed", sorted(BEFORE_FINITE_TURNS))
def test_without_finite_turns_a_game_plays_out_as_pinned_before_R9_and_R16(seed):
    ruleset = RULESETS["beta-2026-07"].with_options(finite_turns=False)
    bots = (RandomBot(seed * 2), RandomBot(seed * 2 + 1))
    final, actions, _ = play_game(ruleset, sample_decks_for("beta-2026-07", seed), seed, bots)
    log = hashlib.sha256(repr(actions).encode()).hexdigest()[:16]
    assert (state_digest(final), log, len(actions)) == BEFORE_FINITE_TURNS[seed]


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
def test_earlier_rulesets_games_under_the_2026_rules_play_out_as_pinned_before(ruleset, seed):
    rules = RULESETS[ruleset].with_options(**EARLIER_READINGS[ruleset])
    bots = (RandomBot(seed * 2), RandomBot(seed * 2 + 1))
    final, actions, _ = play_game(rules, sample_decks_for(ruleset, seed), seed, bots)
    log = hashlib.sha256(repr(actions).encode()).hexdigest()[:16]
    assert (state_digest(final), log, len(actions)) == EARLIER_GAMES[ruleset, seed]


@pytest.mark.parametrize("ruleset, seed", sorted(EARLIER_OWN_TEXTS))
def test_earlier_rulesets_games_at_200_turns_play_out_as_pinned_before_R26(ruleset, seed):
    game = sample_game(seed, ruleset_name=ruleset, max_turns=200)
    log = hashlib.sha256(repr(game.actions).encode()).hexdigest()[:16]
    assert (state_digest(game.final), log, len(game.actions)) == EARLIER_OWN_TEXTS[ruleset, seed]


@pytest.mark.parametrize("ruleset, seed", sorted(EARLIER_TODAY))
def test_random_games_of_the_earlier_rulesets_play_out_as_recorded(ruleset, seed):
    game = sample_game(seed, ruleset_name=ruleset)
    log = hashlib.sha256(repr(game.actions).encode()).hexdigest()[:16]
    assert (state_digest(game.final), log, len(game.actions)) == EARLIER_TODAY[ruleset, seed]


@pytest.mark.parametrize("seed", sorted(LEGAL_LISTS))
def test_legal_action_lists_keep_their_order(seed):
    assert legal_lists_digest(seed) == LEGAL_LISTS[seed]
