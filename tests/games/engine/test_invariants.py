"""Invariants of random legal play (Hypothesis picks the seeds), for every ruleset.

Every game: never raises, ends by the turn limit, replays identically, and
every state it passes through is a valid Shén position with every card
accounted for. The checks read the state directly (their own flood fill for
groups) rather than trusting the engine's bookkeeping.
"""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from games.engine import RULESETS, apply, legal_actions
from games.engine.board import mask_vertices
from games.engine.codec import state_digest
from games.engine.decisions import ChooseLostCards, DiscardCard, PlaceShen
from games.engine.events import TurnEnded
from games.engine.replay import replay
from games.engine.seats import are_allies, is_opponent, seats
from games.engine.state import GameState
from games.engine.testing.samples import sample_game as _sample_game

seeds = st.integers(min_value=0, max_value=2**31)
turn_limits = st.integers(min_value=1, max_value=10)  # short games keep the suite quick
every_ruleset = pytest.mark.parametrize("ruleset", sorted(RULESETS))


def turn_limit(ruleset: str, max_turns: int) -> int:
    """A turn of the earlier rulesets is one action (R27): allow twenty times as many."""
    return max_turns * 20 if RULESETS[ruleset].one_action else max_turns


def sample_game(seed: int, max_turns: int, ruleset: str):
    return _sample_game(seed, max_turns=turn_limit(ruleset, max_turns), ruleset_name=ruleset)


@every_ruleset
@settings(max_examples=10, deadline=None)
@given(seed=seeds, max_turns=turn_limits)
def test_random_play_always_ends_within_the_turn_limit(ruleset, seed, max_turns):
    final = sample_game(seed, max_turns, ruleset).final
    assert final.result is not None
    assert final.result.winner in (0, 1, None)
    assert 1 <= final.turn <= turn_limit(ruleset, max_turns)


@every_ruleset
@settings(max_examples=10, deadline=None)
@given(seed=seeds, max_turns=turn_limits)
def test_random_play_replays_identically(ruleset, seed, max_turns):
    game = sample_game(seed, max_turns, ruleset)
    result = replay(game.ruleset, game.decks, game.seed, game.actions)
    assert result.events == game.events
    assert state_digest(result.final) == state_digest(game.final)


@every_ruleset
@settings(max_examples=20, deadline=None)
@given(seed=seeds, max_turns=turn_limits)
# Games that once broke an invariant, kept as regression cases:
# a Spirit-Path card played on a combatant in a combat window (retreat and advance),
# and a counter removed from under its owner's walker.
@example(seed=86, max_turns=10)
@example(seed=119, max_turns=10)
@example(seed=189, max_turns=10)
def test_random_play_only_reaches_valid_positions(ruleset, seed, max_turns):
    game = sample_game(seed, max_turns, ruleset)
    check_valid_positions(replay(game.ruleset, game.decks, game.seed, game.actions))


def check_valid_positions(result) -> None:
    """Every state of a replayed game is a valid position with every card accounted for."""
    for state, events in zip(result.states, result.events, strict=True):
        _check_one_avatar_per_position(state)
        _check_realm_stones_stay_bare(state)
        _check_every_group_breathes(state)
        _check_counts_stay_in_range(state)
        check_cards_are_conserved(state)
        if any(isinstance(event, TurnEnded) for event in events):
            _check_no_walker_ends_on_opponent_shen(state)


@every_ruleset
@settings(max_examples=10, deadline=None)
@given(seed=seeds, max_turns=turn_limits)
def test_every_offered_action_is_accepted(ruleset, seed, max_turns):
    """legal_actions never offers what apply refuses (checked on every 7th state)."""
    game = sample_game(seed, max_turns, ruleset)
    states = replay(game.ruleset, game.decks, game.seed, game.actions).states
    for state in states[::7]:
        for action in legal_actions(state):
            apply(state, action)


def _check_one_avatar_per_position(state: GameState) -> None:
    positions = [(avatar.at, avatar.on_path) for avatar in state.avatars]
    assert len(positions) == len(set(positions)), positions
    board = state.board
    for at, on_path in positions:
        assert board.is_vertex(at) if on_path else board.is_space(at)
    walkers = {avatar.at for avatar in state.avatars if avatar.on_path}
    assert state.grid.blocked_vertices() == walkers


def _check_realm_stones_stay_bare(state: GameState) -> None:
    for player in seats(state):
        stones = state.grid.stones_of(player)
        assert len(stones) == (state.stones[player] >= 0) + bool(state.second_realms[player])
        for stone in stones:
            assert state.grid.stone_owner(stone) == player
            assert state.grid.owner(stone) is None
            assert not state.grid.is_blocked(stone)


def _check_every_group_breathes(state: GameState) -> None:
    """R11: a group on the board has an empty neighbour or touches its own Realm Stone
    (or, M4, a team-mate's counter or walker: an ally never captures it)."""
    board, grid = state.board, state.grid
    # Who fills each vertex: its counter's owner and the walker's.
    fillers = {vertex: {grid.owner(vertex)} - {None} for vertex in range(board.vertex_count)}
    for avatar in state.avatars:
        if avatar.on_path:
            fillers[avatar.at].add(avatar.owner)
    for player in seats(state):
        unseen = set(mask_vertices(grid.counter_mask(player)))
        while unseen:
            group, frontier = set(), [unseen.pop()]
            breathes = False
            while frontier:
                vertex = frontier.pop()
                group.add(vertex)
                for neighbour in board.vertex_neighbours[vertex]:
                    if neighbour in unseen:
                        unseen.discard(neighbour)
                        frontier.append(neighbour)
                    elif grid.is_empty(neighbour) or grid.stone_owner(neighbour) == player:
                        breathes = True
                    elif any(are_allies(state, player, owner) for owner in fillers[neighbour]):
                        # M4: a team-mate may fill its ally's last liberty (a counter, a
                        # walker); it never captures.
                        breathes = True
            assert breathes, f"turn {state.turn}: dead group {sorted(group)} left on the board"


def check_cards_are_conserved(state: GameState) -> None:
    """Every card is in exactly one place: a pile, in play, beside the board or resolving."""
    resolving = [task.card for task in state.pending if isinstance(task, DiscardCard)]
    in_play = [
        card
        for avatar in state.avatars
        for card in (avatar.card, *avatar.items, *avatar.attachments)
    ]
    for player in seats(state):
        places = (
            *state.hands[player],
            *state.decks[player],
            *state.discards[player],
            *state.out[player],
            *state.beside[player],
            *(card for card in in_play + resolving if state.owners[card] == player),
        )
        owned = [card for card, owner in enumerate(state.owners) if owner == player]
        assert sorted(places) == owned, f"turn {state.turn}: player {player}'s cards"


def _check_counts_stay_in_range(state: GameState) -> None:
    rules = state.ruleset
    for avatar in state.avatars:
        assert not rules.max_items or len(avatar.items) <= rules.max_items  # 0: no limit
    assert all(holder == -1 or holder in seats(state) for holder in state.holders)
    for decision in state.pending:
        if isinstance(decision, PlaceShen):
            assert all(0 <= placed <= rules.placements_per_turn for placed in decision.placed)
        if isinstance(decision, ChooseLostCards):
            assert decision.count > 0


def _check_no_walker_ends_on_opponent_shen(state: GameState) -> None:
    # R21: only where counters stop walkers; the earlier rulesets leave them be.
    if state.ruleset.walker_counters != "own_or_empty":
        return
    for avatar in state.avatars:
        if avatar.on_path:
            owner = state.grid.owner(avatar.at)
            assert owner is None or not is_opponent(state, avatar.owner, owner)
