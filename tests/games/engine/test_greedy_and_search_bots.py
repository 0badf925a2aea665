"""The greedy and search bots: sensible choices in set positions, legal play, whole games.

Budgets are small so the tests stay fast; how strong and how fast the bots are
at their defaults is measured by ``bench/bots.py``, never here.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine import (
    BOTS,
    RULESETS,
    Activate,
    Claim,
    GreedyBot,
    PlaceCounter,
    RandomBot,
    SearchBot,
    legal_actions,
    make_bot,
)
from games.engine.bots import play_game
from games.engine.bots.estimates import SHORTLIST
from games.engine.bots.evaluation import weights_for
from games.engine.bots.roster import QUICK_PLAYOUTS, quick_search
from games.engine.replay import replay
from games.engine.testing.samples import sample_decks, sample_decks_for, sample_game
from games.engine.testing.scenario import BLUE, RED
from games.play import GAMES
from tests.games.engine.cards import SENTINEL, WARDEN
from tests.games.engine.tables import bare_table, table

# Budgets for tests: enough to play sensibly, small enough to be quick.
SMALL_SEARCH = {"playouts": 12}


def _greedy(seed: int = 1) -> GreedyBot:
    return GreedyBot(seed)


def _search(seed: int = 1) -> SearchBot:
    return SearchBot(seed, **SMALL_SEARCH)


BOT_MAKERS = pytest.mark.parametrize("make", [_greedy, _search], ids=["greedy", "search"])


def _one_claim_from_winning():
    """Red holds three anchors and stands, Ready, on the fourth; Blue's Sentinel is
    next to Red's Warden, so attacking is on offer too."""
    builder = table("D4", "F6").holds(RED, "h1").holds(RED, "a8").holds(RED, "h8")
    builder.avatar(RED, WARDEN, "a1").avatar(RED, WARDEN, "c3").avatar(BLUE, SENTINEL, "d3")
    return builder.activation(RED)


@BOT_MAKERS
def test_bot_takes_the_claim_that_wins_the_game_R20(make):
    scene = _one_claim_from_winning()
    bot = make()
    claimer = scene.avatar("a1").card
    assert bot.choose(scene.state) == Activate(claimer)
    scene.act(Activate(claimer))
    assert bot.choose(scene.state) == Claim(claimer)
    scene.act(Claim(claimer))
    assert scene.state.result.winner == RED
    assert scene.state.result.reason == "anchors"


def _blue_counter_in_atari():
    """Blue's lone counter on E5 has one liberty left, E6; Red is to place. Blue holds
    no hand, so the card a capture costs comes off its deck without a question."""
    builder = bare_table("C3", "G7").fill(RED, hand=2, deck=10).fill(BLUE, deck=10)
    return builder.counters(RED, "D5 F5 E4").counters(BLUE, "E5").placement(RED)


@BOT_MAKERS
def test_bot_places_the_counter_that_captures_R11_R12(make):
    scene = _blue_counter_in_atari()
    choice = make().choose(scene.state)
    assert choice == PlaceCounter(scene.vertex("E6"))
    scene.act(choice)
    assert scene.cards_lost(BLUE) == 1
    scene.do("pass", "pass")


def test_greedy_bot_prefers_capturing_to_placing_elsewhere_in_every_world_R11():
    # Different seeds sample different hidden cards and dice: the capture wins in each.
    scene = _blue_counter_in_atari()
    choices = {GreedyBot(seed).choose(scene.state) for seed in range(5)}
    assert choices == {PlaceCounter(scene.vertex("E6"))}
    scene.do("E6", "pass", "pass")


def test_greedy_bot_saves_its_own_counter_in_atari_R11():
    # Red's lone counter on E5 has one liberty, E6: Blue would capture it there.
    builder = bare_table("C3", "G7").fill(RED, deck=10).fill(BLUE, hand=2, deck=10)
    scene = builder.counters(BLUE, "D5 F5 E4").counters(RED, "E5").placement(RED)
    choice = GreedyBot(3).choose(scene.state)
    assert choice == PlaceCounter(scene.vertex("E6"))
    scene.act(choice).do("pass", "pass")


class Recording:
    """A bot that checks every choice of the bot it wraps against the legal actions."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, state):
        action = self.bot.choose(state)
        assert action in legal_actions(state)
        self.choices += 1
        return action


# Turns per ruleset for the quick whole games: a one-action turn (R27) is one decision.
SHORT_GAMES = {"beta-2026-07": 2, "beta-2025": 12, "simplified-0.1": 12}
EVERY_RULESET = pytest.mark.parametrize("name", sorted(RULESETS))


@EVERY_RULESET
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_greedy_bot_always_chooses_a_legal_action_and_its_games_end(name, seed):
    ruleset = RULESETS[name].with_options(max_turns=SHORT_GAMES[name])
    greedy = Recording(GreedyBot(seed))
    bots = (greedy, RandomBot(seed + 1)) if seed % 2 else (RandomBot(seed + 1), greedy)
    final, _, _ = play_game(ruleset, sample_decks_for(name, seed % 50), seed, bots)
    assert final.result is not None
    assert greedy.choices > 0


@EVERY_RULESET
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_search_bot_always_chooses_a_legal_action_and_its_games_end(name, seed):
    ruleset = RULESETS[name].with_options(max_turns=(SHORT_GAMES[name] + 1) // 2)
    search = Recording(SearchBot(seed, playouts=3))
    bots = (search, GreedyBot(seed + 1)) if seed % 2 else (GreedyBot(seed + 1), search)
    final, _, _ = play_game(ruleset, sample_decks_for(name, seed % 50), seed, bots)
    assert final.result is not None
    assert search.choices > 0


def test_greedy_bots_with_the_same_seed_play_the_same_game():
    ruleset = RULESETS["beta-2026-07"].with_options(max_turns=1)
    games = [
        play_game(ruleset, sample_decks(4), 4, (GreedyBot(1), GreedyBot(2)))[1] for _ in range(2)
    ]
    assert games[0] == games[1]


def test_search_bot_with_the_same_seed_and_budget_chooses_the_same():
    scene = _blue_counter_in_atari()
    picks = {SearchBot(9, playouts=20).choose(scene.state) for _ in range(2)}
    assert len(picks) == 1
    scene.do("E6", "pass", "pass")


class CountedSearch(SearchBot):
    """A search bot that counts its playouts."""

    playouts_run = 0

    def _playout(self, root, state, player, weights):
        self.playouts_run += 1
        return super()._playout(root, state, player, weights)


def test_search_bot_spends_at_most_its_action_budget():
    # Every playout plays at least one engine action: a budget of 1,000 actions (the
    # root's priors included) stops the search long before its 10,000 playouts, the
    # same way on every machine.
    scene = _blue_counter_in_atari()
    bots = [CountedSearch(2, playouts=10_000, max_actions=1_000) for _ in range(2)]
    choices = {bot.choose(scene.state) for bot in bots}
    assert 1 <= bots[0].playouts_run < 1_000
    assert bots[0].playouts_run == bots[1].playouts_run and len(choices) == 1


def test_search_bot_with_no_action_budget_left_takes_the_greedy_prior():
    # The root's priors alone spend a budget of 0: no playout runs, and the choice is
    # the one the greedy look-ahead scores best, the winning claim (R20).
    scene = _one_claim_from_winning()
    claimer = scene.avatar("a1").card
    scene.act(Activate(claimer))
    bot = CountedSearch(2, playouts=10_000, max_actions=0)
    assert bot.choose(scene.state) == Claim(claimer)
    assert bot.playouts_run == 0
    scene.act(Claim(claimer))


def test_the_bots_are_listed_by_name_weakest_first():
    assert tuple(BOTS) == ("random", "greedy", "quick-search", "search")
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    quick = make_bot("quick-search", 1)
    assert (quick.playouts, quick.root_options) == (QUICK_PLAYOUTS, SHORTLIST)
    with pytest.raises(KeyError, match="choose random, greedy, quick-search, search"):
        make_bot("oracle", 1)


def test_matches_offer_every_bot_by_name():
    shen = GAMES["shen"]
    assert shen.bot_names() == ("random", "greedy", "quick-search", "search")
    assert isinstance(shen.bot("search", 3), SearchBot)


def test_quick_search_with_a_shortlist_of_one_takes_it_R27():
    # Under the one-action turn a menu of moves alone shortlists to one move: there is
    # nothing to search between (a playout once found no root option past it).
    found = 0
    for seed in range(1, 5):
        game = sample_game(seed, ruleset_name="simplified-0.1")
        for state in replay(game.ruleset, game.decks, game.seed, game.actions).states:
            actions = legal_actions(state)
            if state.decision is None or len(actions) < 2:
                continue
            weights = weights_for(state.ruleset)
            kept = SHORTLIST.of(state, actions, state.to_decide, weights)
            if len(kept) == 1:
                assert quick_search(seed).choose(state) == kept[0]
                found += 1
    assert found
