"""The search bot: Monte Carlo tree search over information sets.

What the bot cannot see (the opponent's hand, both decks' order, the dice) it
samples: every playout starts in a fresh world drawn from its own view
(``determinize``), so the tree holds what is true in all the worlds it might
be in (single-observer information-set MCTS, Cowling, Powley and Whitehouse,
2012). One playout:

1. **Select.** From the root, while every action legal *in this world* has
   been tried at the node, follow the one with the best UCB1 score. An
   action's exploration term counts the playouts in which it was available,
   not the node's visits, since an action may be legal in one world and not in
   another. Both players choose in the tree; each node's statistics are from
   the point of view of the player who chose there. Decisions with one answer
   are played through without a node.
2. **Expand** one untried action (drawn from the bot's generator).
3. **Score the leaf** with the greedy bot's look-ahead: the new action and the
   rest of its step (``greedy.step_value``; under the one-action turn, R27, the
   rest of the turn) from the point of view of the player who chose it, as a
   chance to win (``evaluation.chance``; a finished game scores 1, 0 or ½).
   With ``rollout_actions`` above 0 the leaf is instead played on at random
   for that many actions and then evaluated: a plain random rollout, kept for
   comparison (untuned: random play by both sides swings the cards left far
   more than one action does).
4. **Back up** the result along the path.

With more than two players the tree is *paranoid* (Sturtevant and Korf, 2000):
a result is the bot's chance to win (its team's, M8), which the bot and its
team-mates maximise where they choose and every opponent minimises. Max-n, a
value per seat backed up for each chooser, would score every leaf once per
seat; paranoid keeps one value per playout, so a playout costs what it costs in
a two-player game and the budget below stays what it is. It makes the bot
cautious (as if the table played against it), the safer error for a test bot.

The root's actions start with the greedy bot's judgement as a prior: each
holds ``PRIOR_VISITS`` virtual playouts scoring the greedy step value of the
action, so a small budget refines the greedy choice instead of starting from
nothing. The most visited root action is played.

The budget is a number of playouts (``playouts``) and a number of engine
actions played forward (``max_actions``: the root's priors, the walks down the
tree and the leaves' steps), whichever runs out first. Counts, not a clock, so
a game between bots is still a function of the seeds. Most decisions spend their
playouts well inside the action budget; it stops the few whose steps are long
(an Avatar with dozens of paths, each scored) at a bounded cost instead of
several times the usual one. There is no time cap: it would make the choice depend
on the machine's speed.
"""

from __future__ import annotations

import math

from games.engine import rng
from games.engine.actions import Action
from games.engine.bots.determinize import determinize, outlook
from games.engine.bots.estimates import EVERY_OPTION, PLACEMENTS_AND_MOVES, Shortlist
from games.engine.bots.evaluation import Weights, chance, weights_for, win_chance
from games.engine.bots.greedy import FOLLOW_UPS, step_value
from games.engine.game import apply, legal_actions
from games.engine.seats import are_allies
from games.engine.state import GameState

# The default budget: playouts per decision (bench/bots.py measures the time it takes).
PLAYOUTS = 200
# ... and engine actions played forward per decision. Measured over 200 decisions of
# beta-2026-07 games at 200 playouts: p50 1,347 actions, p95 2,885, max 7,307, at
# 0.14-0.44 ms of CPU each; this stops about the slowest 5%.
MAX_ACTIONS = 3_000
# Random actions a rollout plays before the position is scored (0: none, the leaf's
# step is scored by the greedy look-ahead).
ROLLOUT_ACTIONS = 0
# UCB1's exploration constant, for results between 0 and 1.
EXPLORATION = 0.7
# Virtual playouts the greedy prior is worth at the root.
PRIOR_VISITS = 4
# The own choices a leaf's step (and a root prior) plays forward: the greedy bot's
# shortlist of before it ranked attacks and activations, at which the search's
# strength and cost per decision were measured (issue 24).
LEAF_OPTIONS = PLACEMENTS_AND_MOVES


class Node:
    """One decision reached by a sequence of actions, and what came of choosing each."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self, visits: float = 0.0, reward: float = 0.0, available: float = 0.0) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = visits
        self.reward = reward
        self.available = max(available, visits)

    def ucb(self, exploration: float) -> float:
        """Mean result plus the exploration bonus (available playouts against visits)."""
        return self.reward / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


def _rank(node: Node) -> tuple[float, float]:
    """Most visited first; between equals (a small budget leaves many), the better mean."""
    return node.visits, node.reward / node.visits


class SearchBot:
    """Picks by information-set MCTS with ``playouts`` playouts per decision."""

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = PLAYOUTS,
        max_actions: int = MAX_ACTIONS,
        rollout_actions: int = ROLLOUT_ACTIONS,
        exploration: float = EXPLORATION,
        weights: Weights | None = None,
        root_options: Shortlist = EVERY_OPTION,
    ) -> None:
        self._rng = rng.seed_state(seed)
        self.root_options = root_options
        self.playouts = playouts
        self.max_actions = max_actions
        self.rollout_actions = rollout_actions
        self.exploration = exploration
        self.weights = weights

    def choose(self, state: GameState) -> Action:
        """The most visited root action after the search, judged from the view alone."""
        look, self._rng = outlook(state, self._rng)
        if len(look.actions) == 1:
            return look.actions[0]
        weights = self.weights or weights_for(state.ruleset)
        options = tuple(self.root_options.of(look.world, look.actions, look.player, weights))
        if len(options) == 1:  # a shortlist of one: nothing to search between
            return options[0]
        root, played = self._root(look.world, options, look.player, weights)
        for _ in range(self.playouts):
            if played >= self.max_actions:
                break
            world, self._rng = determinize(look.view, look.player, self._rng)
            played += self._playout(root, world, look.player, weights)
        return max(options, key=lambda action: _rank(root.children[action]))

    def _root(
        self, world: GameState, actions: tuple[Action, ...], player: int, weights: Weights
    ) -> tuple[Node, int]:
        """(the root, each action holding its greedy prior as virtual playouts, the
        engine actions played to score them)."""
        root = Node()
        played = 0
        for action in actions:
            step = step_value(world, action, player, FOLLOW_UPS, weights, LEAF_OPTIONS)
            root.children[action] = Node(PRIOR_VISITS, PRIOR_VISITS * chance(step.score))
            played += step.played
        return root, played

    def _playout(self, root: Node, state: GameState, player: int, weights: Weights) -> int:
        """One select–expand–score–back up pass through ``state``, a sampled world; the
        engine actions it played."""
        path: list[tuple[Node, int]] = []
        node = root
        result = None
        played = 0
        while state.result is None:
            actions = legal_actions(state)
            if not played:  # the root's options are its children: those shortlisted
                actions = tuple(action for action in actions if action in root.children)
            if len(actions) == 1:
                state, _ = apply(state, actions[0])
                played += 1
                continue
            chooser = state.to_decide
            for action in actions:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [action for action in actions if action not in node.children]
            if untried:
                index, self._rng = rng.below(self._rng, len(untried))
                action = untried[index]
                child = node.children[action] = Node(available=1)
                path.append((child, chooser))
                result, leaf_played = self._leaf(state, action, chooser, player, weights)
                played += leaf_played
                break
            action = max(actions, key=lambda a: node.children[a].ucb(self.exploration))
            node = node.children[action]
            path.append((node, chooser))
            state, _ = apply(state, action)
            played += 1
        if result is None:
            result = win_chance(state, player, weights)
        for child, chooser in path:
            child.visits += 1
            # Paranoid (see the module docstring): the bot's side maximises its chance,
            # every opponent minimises it.
            child.reward += result if on_side(state, player, chooser) else 1.0 - result
        return played

    def _leaf(
        self, state: GameState, action: Action, chooser: int, player: int, weights: Weights
    ) -> tuple[float, int]:
        """(``player``'s chance once ``chooser`` plays ``action`` and the rest of its step
        (the greedy look-ahead), then ``rollout_actions`` random actions; the engine
        actions played)."""
        if not self.rollout_actions:
            step = step_value(state, action, chooser, FOLLOW_UPS, weights, LEAF_OPTIONS)
            score = step.score if on_side(state, player, chooser) else -step.score
            return chance(score), step.played
        state, _ = apply(state, action)
        played = 1
        for _ in range(self.rollout_actions):
            if state.result is not None:
                break
            actions = legal_actions(state)
            index, self._rng = rng.below(self._rng, len(actions))
            state, _ = apply(state, actions[index])
            played += 1
        return win_chance(state, player, weights), played


def on_side(state: GameState, player: int, chooser: int) -> bool:
    """Whether ``chooser`` plays for ``player``'s side: the player or a team-mate (M4)."""
    return chooser == player or are_allies(state, player, chooser)
