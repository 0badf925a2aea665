"""The greedy bot: looks one decision ahead and takes the best-scoring result.

For each legal action it plays the action forward in a world sampled from its
own view (``determinize``) and scores what follows with ``evaluation``. "One
decision ahead" is one *step* of the game: the action, then whatever has to
be answered before the next Activation step, Shén placement or Realm Stone
(``STEP_BOUNDARIES``). Under the one-action turn of the earlier rulesets (R27)
the step is the turn: the entry taken from the turn's menu (``TakeTurn``) and
whatever it sets off, scored when the opponent's turn begins. Its own next
decision in the step (what an Avatar it activates does) is chosen the same
way, greedily (``FOLLOW_UPS``); every other answer on the way (combat windows,
keeping a beaten Avatar, which cards to lose, its own or the opponent's) takes
the engine's first option, the plain default (pass; the bot loss order of R24).

Dice and reshuffles make a step's result uncertain: when playing an action
forward rolled any, it is played again in ``SAMPLES - 1`` more worlds and the
scores averaged. Between equal scores the bot passes if it may (an action that
changes nothing is not worth a step, and passing is what ends a phase, R13),
else takes the first in the engine's order (for a card loss, the R24 default).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import rng
from games.engine.actions import PASS, Action
from games.engine.bots.determinize import determinize, outlook
from games.engine.bots.estimates import SHORTLIST, Shortlist
from games.engine.bots.evaluation import WEIGHTS, Weights, evaluate, weights_for
from games.engine.decisions import ActivationStep, ChooseRealmStone, PlaceShen, TakeTurn
from games.engine.game import apply, legal_actions
from games.engine.state import GameState

# Decisions that start a new step: the look-ahead stops and scores there. The
# next turn's menu (TakeTurn, R27) is one: looking on through it, the bot played
# the opponent's turn and then expanded its own whole next menu, each entry to
# the end of the guard below (tens of seconds a decision).
STEP_BOUNDARIES = (ActivationStep, PlaceShen, ChooseRealmStone, TakeTurn)
# How many of its own decisions inside one step the bot chooses for after the
# first: activate, then what the Avatar does. Looking through the combat window
# too (2) tripled the time per game and already beat the random bot.
FOLLOW_UPS = 1
# Worlds an action with a random outcome is scored in.
SAMPLES = 3
# Answers played through at most in one step (a guard: steps are a few long).
MAX_STEP_ACTIONS = 40
# Scores closer than this count as equal.
TIE = 1e-9


class GreedyBot:
    """Picks the action whose step scores best for it (see the module docstring), by
    ``weights`` (by default the game's ruleset's, ``evaluation.weights_for``)."""

    def __init__(
        self,
        seed: int,
        *,
        weights: Weights | None = None,
        samples: int = SAMPLES,
        shortlist: Shortlist = SHORTLIST,
    ) -> None:
        self._rng = rng.seed_state(seed)
        self.weights = weights
        self.samples = samples
        self.shortlist = shortlist

    def choose(self, state: GameState) -> Action:
        """The best-scoring legal action, judged from ``player``'s view alone."""
        look, self._rng = outlook(state, self._rng)
        if len(look.actions) == 1:
            return look.actions[0]
        weights = self.weights or weights_for(state.ruleset)
        best: list[Action] = []
        best_score = -float("inf")
        for action in self.shortlist.of(look.world, look.actions, look.player, weights):
            score = self._score(look.view, look.world, action, look.player, weights)
            if score > best_score + TIE:
                best, best_score = [action], score
            elif score > best_score - TIE:
                best.append(action)
        return PASS if PASS in best else best[0]

    def _score(
        self, view: GameState, world: GameState, action: Action, player: int, weights: Weights
    ) -> float:
        """The action's step scored in ``world``, averaged over more worlds when random."""
        step = step_value(world, action, player, FOLLOW_UPS, weights, self.shortlist)
        if not step.random:
            return step.score
        # The other worlds follow the own choices the first one found best instead of
        # choosing again: expanding them in every world tripled a decision's cost, and
        # taking the best of each world's dice flattered every random line.
        total = step.score
        for _ in range(self.samples - 1):
            other_world, self._rng = determinize(view, player, self._rng)
            total += line_value(other_world, action, step.line, player, weights)
        return total / self.samples


@dataclass(frozen=True)
class StepValue:
    """What playing an action and the rest of its step came to."""

    score: float  # for the player judging, by ``evaluation``
    random: bool  # whether dice or a reshuffle played a part on the way
    played: int  # engine actions played forward to find out: the work it cost
    line: tuple[Action, ...] = ()  # the player's own choices on the way, after ``action``


def step_value(
    state: GameState,
    action: Action,
    player: int,
    depth: int,
    weights: Weights = WEIGHTS,
    shortlist: Shortlist = SHORTLIST,
) -> StepValue:
    """The score for ``player`` once ``action`` and the rest of its step are played
    (see :class:`StepValue`), ``player``'s own choices on the way among ``shortlist``."""
    before = state.rng
    state, _ = apply(state, action)
    played = 1
    for _ in range(MAX_STEP_ACTIONS):
        decision = state.decision
        if decision is None or isinstance(decision, STEP_BOUNDARIES):
            break
        actions = legal_actions(state)
        if decision.player == player and depth > 0 and len(actions) > 1:
            options = shortlist.of(state, actions, player, weights)
            steps = [step_value(state, a, player, depth - 1, weights, shortlist) for a in options]
            best = max(range(len(steps)), key=lambda i: steps[i].score)
            return StepValue(
                steps[best].score,
                state.rng != before or any(step.random for step in steps),
                played + sum(step.played for step in steps),
                (options[best], *steps[best].line),
            )
        state, _ = apply(state, actions[0])
        played += 1
    return StepValue(evaluate(state, player, weights), state.rng != before, played)


def line_value(
    state: GameState, action: Action, line: tuple[Action, ...], player: int, weights: Weights
) -> float:
    """The score for ``player`` once ``action`` and the rest of its step are played,
    ``player``'s own choices on the way taken from ``line`` in order (where one is not
    legal here, the engine's first option) and every other answer the first option."""
    state, _ = apply(state, action)
    choices = iter(line)
    for _ in range(MAX_STEP_ACTIONS):
        decision = state.decision
        if decision is None or isinstance(decision, STEP_BOUNDARIES):
            break
        actions = legal_actions(state)
        answer = actions[0]
        if decision.player == player and len(actions) > 1:
            wanted = next(choices, None)
            if wanted in actions:
                answer = wanted
        state, _ = apply(state, answer)
    return evaluate(state, player, weights)
